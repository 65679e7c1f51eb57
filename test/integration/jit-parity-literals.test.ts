/**
 * A string literal argument is data, on every run (docs/compiled-execution-review.md F12). graphql-jit writes a field's literal
 * arguments into the code it generates with JSON.stringify, then turns some "magic" strings back into code
 * (`new Date(…)`, NaN, Infinity) by text replacement: a caller's literal that looks like one became code run
 * by the gateway. Here the code would only set a marker on globalThis (the gateway runs in this process); the
 * compiled run must send the upstream the same slug as the first run, and run nothing. First execution on
 * Yoga's executor, the third compiled (COMPILE_AFTER_EXECUTIONS=2).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

/** graphql-jit's marker for a Date in a literal argument (dist/execution.js MAGIC_DATE). */
const MAGIC_DATE = '__MAGIC_DATE__33a9e76d_02e0_4128_8e92_3530ad3da74d';
const MAGIC_NAN = '__MAGIC_NAN__57f286b9_4c20_487f_b409_79804ddcb4f8';
const marked = () => (globalThis as { __jitLiteralProbe?: number }).__jitLiteralProbe;

describe('string literals that look like graphql-jit markers, compiled and not', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);
  afterEach(() => delete (globalThis as { __jitLiteralProbe?: number }).__jitLiteralProbe);

  const slugsSent = () => gw.calls('marketplace').map((call) => decodeURIComponent(call.path.replace('/api/v1/gigs/', '')));

  it('a literal that would close `new Date(` is sent upstream as written, and runs nothing', async () => {
    const literal = `${MAGIC_DATE}0)+(globalThis.__jitLiteralProbe=1,0`;
    const query = `query Literal { gig(slug: "${literal}") { slug } }`;
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await gw.query(query));
    expect(marked()).toBeUndefined();
    expect(slugsSent()).toEqual([literal, literal, literal]);
    expect(runs[2]).toEqual(runs[0]);
  });

  it('a literal equal to the NaN marker stays that string', async () => {
    const query = `query NanLiteral { gig(slug: "${MAGIC_NAN}") { slug } }`;
    const runs = [];
    for (let run = 0; run < 3; run++) runs.push(await gw.query(query));
    expect(runs[0]!.errors?.[0]).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect(runs[2]).toEqual(runs[0]);
  });
});
