/**
 * What counts for the circuit breaker: only what the upstream itself did.
 * Bad input that never becomes a sound upstream call, and a speculative
 * look-ahead call that is cancelled, must neither open the circuit for
 * everyone nor keep it half-open.
 */
import { describe, expect, it } from 'vitest';
import { errorAt, TOKENS, useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { testClock } from '../helpers/clock.js';
import { FAST_FAULT_ENV, query, resetSandbox, setFaults } from './fault-kit.js';

// The cool-down passes only when the test moves the gateway's clock past it (never on a loaded machine by itself).
const COOLDOWN_MS = 60_000;
const breakerOf = async (gw: TestGateway, upstream: string) =>
  ((await (await fetch(`${gw.url}/readyz`)).json()) as { upstreams: Record<string, { breaker: string }> }).upstreams[upstream]!.breaker;

const UPLOAD = 'mutation Upload($file: File) { uploadMedia(input: { file: $file, title: "x" }) { media { id } } }';

describe('a value that is not a file', () => {
  const gw = useTestGateway({ ...FAST_FAULT_ENV, BREAKER_FAILURES: '5' });

  it('is BAD_USER_INPUT before any upstream call, and never opens the marketplace circuit', async () => {
    for (const file of ['abc', {}, 'abc', {}, 'abc', {}, 42]) {
      const res = await gw.query(UPLOAD, { variables: { file }, headers: { authorization: `Bearer ${TOKENS.seller}` } });
      expect(res.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    }
    expect(gw.calls('marketplace').filter((c) => c.path.includes('/media'))).toHaveLength(0);
    expect(await breakerOf(gw, 'marketplace')).toBe('closed');
    const after = await gw.query('{ seller(username: "pixelcraft") { name } }');
    expect(after.errors).toBeUndefined();
  });

  it('a file literal in the document is BAD_USER_INPUT too', async () => {
    const res = await gw.query('mutation { uploadMedia(input: { file: "abc" }) { media { id } } }', {
      headers: { authorization: `Bearer ${TOKENS.seller}` },
    });
    expect(res.errors?.[0]?.extensions?.code).toMatch(/BAD_USER_INPUT|GRAPHQL_VALIDATION_FAILED/);
    expect(gw.calls('marketplace').filter((c) => c.path.includes('/media'))).toHaveLength(0);
  });
});

describe('half-open probe under look-ahead', () => {
  const clock = testClock();
  const gw = useTestGateway({ ...FAST_FAULT_ENV, BREAKER_FAILURES: '1', BREAKER_COOLDOWN_MS: String(COOLDOWN_MS) }, undefined, {
    now: clock.now,
  });
  // The GraphiQL default query: seller with its gigs (prefetched by look-ahead) and reviews, and me.
  const DEFAULT_QUERY = `{ seller(username: "pixelcraft") { name gigs(first: 3) { totalCount nodes { slug title reviews(first: 2) { nodes { rating comment } } } } } me { username } }`;

  it('after the cool-down the first real query closes the circuit again', async () => {
    setFaults(gw, 'marketplace', [{ kind: 'status', status: 503 }]);
    await query(gw, '{ seller(username: "pixelcraft") { name } }');
    expect(await breakerOf(gw, 'marketplace')).toBe('open');
    resetSandbox(gw);
    clock.advance(COOLDOWN_MS);

    const first = await query(gw, DEFAULT_QUERY);
    // The probe was a real caller's call: the seller arrives.
    expect(errorAt(first, 'seller')).toBeUndefined();
    expect((first.data as { seller: { name: string } | null }).seller?.name).toBeTruthy();
    expect(await breakerOf(gw, 'marketplace')).toBe('closed');
    const second = await query(gw, DEFAULT_QUERY);
    expect(second.errors).toBeUndefined();
  });
});
