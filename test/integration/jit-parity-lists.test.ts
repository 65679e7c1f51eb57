/**
 * A list of promises whose items settle out of order, one rejecting (docs/compiled-execution-review.md F11): `nodes(ids)` answers
 * "the objects these global ids name, in order", null where one cannot be read. The compiled run (graphql-jit)
 * must give the same list, same length, each object at its id's place. First execution on Yoga's executor, the
 * third compiled (COMPILE_AFTER_EXECUTIONS=2). The order in which the items settle is set by delaying one
 * upstream answer by half a second.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { threeRuns } from './jit-parity-fixtures.js';
import { useTestGateway } from '../helpers/gateway.js';

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';
const globalId = (text: string) => Buffer.from(text).toString('base64url');
const FOUND = globalId(`Gig:${GIG}`);
const MISSING = globalId('Gig:no-such-gig');

describe('nodes(ids) with one id that cannot be read, compiled and not', () => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace']);
  afterEach(() => gw.sandbox.services.marketplace!.control.setFaults([]));

  it('the readable object answers last: the list keeps its null at the end', async () => {
    gw.sandbox.services.marketplace!.control.setFaults([{ kind: 'delay', latencyMs: 500, pathIncludes: `/gigs/${GIG}` }]);
    const runs = await threeRuns(gw, `query FoundSlow { nodes(ids: ["${FOUND}", "${MISSING}"]) { ... on Gig { slug } } }`);
    expect(runs[0]!.data).toEqual({ nodes: [{ slug: GIG }, null] });
    expect(runs[2]!.data).toEqual(runs[0]!.data);
    expect(runs[2]!.errors).toEqual(runs[0]!.errors);
  });

  it('the missing object answers last: the list does not grow', async () => {
    gw.sandbox.services.marketplace!.control.setFaults([{ kind: 'delay', latencyMs: 500, pathIncludes: '/gigs/no-such-gig' }]);
    const runs = await threeRuns(gw, `query MissingSlow { nodes(ids: ["${MISSING}", "${FOUND}"]) { ... on Gig { slug } } }`);
    expect(runs[0]!.data).toEqual({ nodes: [null, { slug: GIG }] });
    expect(runs[2]!.data).toEqual(runs[0]!.data);
    expect(runs[2]!.errors).toEqual(runs[0]!.errors);
  });
});
