/**
 * Yoga answers GraphQL on any path that ends with its endpoint (`/x/graphql`, `/graphql/`), while the limits
 * that run before it (rate limit, body limit) looked for the exact path: such a path got past both. Now the
 * endpoint with a trailing slash is the endpoint, limits included, and any other path is not GraphQL (404).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

describe('paths that end with the GraphQL endpoint', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '2', MAX_BODY_BYTES: '1024' }, ['marketplace']);
  });
  afterAll(() => gw.close());
  beforeEach(() => gw.resetCalls());

  const post = (path: string, query = '{ seller(username: "pixelcraft") { name } }', headers: Record<string, string> = {}) =>
    fetch(`${gw.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });

  it('refuses a body over MAX_BODY_BYTES on each of them', async () => {
    const large = `{ __typename }${' '.repeat(4096)}`;
    for (const path of ['/graphql', '/graphql/'])
      expect((await post(path, large, { authorization: `Bearer sandbox:${path}:*` })).status).toBe(413);
    for (const path of ['/x/graphql', '/webhooks/graphql', '/x/graphql/']) expect((await post(path, large)).status).toBe(404);
  });

  it('answers a path that only ends with the endpoint 404, with no upstream call', async () => {
    const res = await post('/anything/graphql', undefined, { authorization: 'Bearer sandbox:dave:*' });
    expect(res.status).toBe(404);
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('counts the endpoint with a trailing slash against the rate limit', async () => {
    const mine = { authorization: 'Bearer sandbox:erin:*' };
    expect((await post('/graphql/', undefined, mine)).status).toBe(200);
    expect((await post('/graphql/', undefined, mine)).status).toBe(200);
    expect((await post('/graphql/', undefined, mine)).status).toBe(429);
    expect((await post('/graphql', undefined, mine)).status).toBe(429);
  });
});
