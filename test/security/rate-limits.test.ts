/**
 * Per-client rate limits: every request takes a token from its client's
 * bucket (a hash of its credentials, else its IP), and the account
 * operations open to brute force (mobileLogin, mobileRegister,
 * mobileForgotPassword) have a much smaller per-IP bucket. A refused request
 * is RATE_LIMITED with retryAfter and makes no upstream call.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { RateLimiter } from '../../src/plugins/rate-limiter.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

const upstreamCalls = (g: TestGateway) => g.calls('marketplace').length + g.calls('seo').length + g.calls('items').length;

describe('per-client limit', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '5' }, ['marketplace']);
  });
  afterAll(() => gw.close());
  beforeEach(() => gw.resetCalls());

  const post = (headers: Record<string, string>) =>
    fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ seller(username: "pixelcraft") { name } }' }),
    });

  it('refuses the request over the limit with 429, Retry-After and no upstream call', async () => {
    const mine = { authorization: 'Bearer sandbox:alice:*' };
    for (let i = 0; i < 5; i++) expect((await post(mine)).status).toBe(200);
    gw.resetCalls();
    const refused = await post(mine);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    const body = (await refused.json()) as { errors: Array<{ extensions: Record<string, unknown> }> };
    expect(body.errors[0]!.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('counts each credential separately, and callers without one by IP', async () => {
    expect((await post({ authorization: 'Bearer sandbox:bob:*' })).status).toBe(200);
    for (let i = 0; i < 5; i++) expect((await post({})).status).toBe(200);
    expect((await post({})).status).toBe(429);
    expect((await post({ authorization: 'Bearer sandbox:carol:*' })).status).toBe(200);
  });
});

describe('behind a trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '2', TRUST_PROXY_HOPS: '1' }, ['marketplace']);
  });
  afterAll(() => gw.close());

  const post = (forwardedFor: string) =>
    fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ query: '{ __typename }' }),
    });

  it('counts anonymous callers by the address the proxy saw, not by what they claim', async () => {
    // The proxy appends the address it saw; anything left of it is the caller's own claim.
    for (let i = 0; i < 2; i++) expect((await post(`10.9.9.${i}, 203.0.113.7`)).status).toBe(200);
    expect((await post('10.9.9.99, 203.0.113.7')).status).toBe(429);
    expect((await post('203.0.113.8')).status).toBe(200);
  });
});

describe('sensitive account operations', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ AUTH_RATE_LIMIT_PER_MINUTE: '2' }, ['marketplace']);
  });
  afterAll(() => gw.close());

  const hasMobileMutations = schema.getMutationType()?.getFields().mobileForgotPassword !== undefined;
  it.skipIf(!hasMobileMutations)('allow a few per IP, whatever token is sent, then refuse without calling', async () => {
    const forgot = 'mutation { mobileForgotPassword(input: { email: "alice@example.com" }) { sent } }';
    expect((await gw.query(forgot)).errors).toBeUndefined();
    // A made-up token does not buy a fresh bucket: the strict limit is per IP.
    expect((await gw.query(forgot, { headers: { authorization: 'Bearer made-up-1' } })).errors).toBeUndefined();
    gw.resetCalls();
    const refused = await gw.query(forgot, { headers: { authorization: 'Bearer made-up-2' } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(upstreamCalls(gw)).toBe(0);
    // Other operations are not held back by the strict bucket.
    expect((await gw.query('{ seller(username: "pixelcraft") { name } }')).errors).toBeUndefined();
  });
});

describe('RateLimiter', () => {
  it('refills evenly over the minute and says when to come back', () => {
    let now = 0;
    const limiter = new RateLimiter(60, 10, () => now);
    for (let i = 0; i < 60; i++) expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a')).toEqual({ allowed: false, retryAfter: 1 });
    now += 1_000;
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('a').allowed).toBe(false);
  });

  it('keeps at most maxKeys clients, forgetting the least recently seen', () => {
    const limiter = new RateLimiter(1, 2, () => 0);
    limiter.take('a');
    limiter.take('b');
    limiter.take('c'); // evicts a
    expect(limiter.take('a').allowed).toBe(true);
    expect(limiter.take('c').allowed).toBe(false);
  });
});
