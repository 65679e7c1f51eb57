/**
 * `extensions.http` (a status and headers) is a hint from a plugin to the HTTP response that carries the
 * error; Yoga drops it from what an HTTP caller reads. Over graphql-ws there is no HTTP response: the
 * caller reads the same errors as over HTTP, without it, whether the operation was refused before it ran
 * (rate limit) or while it ran (cost limit).
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { connectWs } from '../helpers/ws.js';

const OVER_COST = '{ a: gig(slug: "x") { slug } b: gig(slug: "y") { slug } }';

describe('errors over graphql-ws', () => {
  const gw = useTestGateway({ MAX_COST: '1', RATE_LIMIT_PER_MINUTE: '2' }, ['marketplace']);

  it('carry no http extension, as over HTTP: a refusal while running, and one before', async () => {
    const overHttp = await gw.query(OVER_COST);
    const ws = await connectWs(gw.url, {});
    try {
      const overCost = await ws.run(OVER_COST);
      expect(overCost.next[0]?.errors).toEqual(overHttp.errors);
      expect(overCost.next[0]?.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX' });
      expect(overCost.next[0]?.errors?.[0]?.extensions).not.toHaveProperty('http');
      // The two a minute are spent (one over HTTP, one here): the next operation is refused before it runs.
      const refused = await ws.run('{ __typename }');
      expect(refused.error?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
      expect(refused.error?.[0]?.extensions).not.toHaveProperty('http');
    } finally {
      ws.close();
    }
  });
});
