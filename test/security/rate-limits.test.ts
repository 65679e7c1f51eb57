/**
 * Per-client rate limits: every request takes a token from its client's
 * bucket (a hash of its credentials, else its IP), and the account
 * operations open to brute force (mobileLogin, mobileRegister,
 * mobileForgotPassword) have a much smaller per-IP bucket. A refused request
 * is RATE_LIMITED with retryAfter and makes no upstream call.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { RateLimiter } from '../../src/rate-limit/limiter.js';
import { useRateLimit } from '../../src/plugins/use-rate-limit.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { startRedisServer, type RedisServer } from '../helpers/redis-server.js';

const upstreamCalls = (g: TestGateway) => g.calls('marketplace').length + g.calls('seo').length + g.calls('items').length;

describe('per-client limit', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    // With the response cache on: a request it would answer is refused over the limit all the same (docs/caching.md).
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '5', PUBLIC_CACHE_MAX_BYTES: '1048576', RESPONSE_CACHE_MAX_ENTRIES: '9' }, [
      'marketplace',
    ]);
  });
  afterAll(() => gw.close());
  beforeEach(() => gw.resetCalls());

  const post = (headers: Record<string, string>) =>
    fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query: '{ seller(username: "pixelcraft") { name } }' }),
    });

  it('refuses the request over the limit with 429, Retry-After and no upstream call, even one the response cache holds', async () => {
    const mine = { authorization: 'Bearer sandbox:alice:*' };
    for (let i = 0; i < 5; i++) expect((await post(mine)).status).toBe(200);
    const hits = (await (await fetch(`${gw.url}/metrics`)).text()).match(/gateway_response_cache_requests_total\{result="hit"\} (\d+)/);
    expect(Number(hits?.[1])).toBe(4);
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
    gw = await startTestGateway({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, ['marketplace']);
  });
  afterAll(() => gw.close());
  beforeEach(() => gw.resetCalls());

  const forgot = 'mutation { mobileForgotPassword(input: { email: "alice@example.com" }) { sent } }';

  it('allow a few per IP, whatever token is sent, then refuse without calling', async () => {
    expect(schema.getMutationType()?.getFields().mobileForgotPassword).toBeDefined();
    expect((await gw.query(forgot)).errors).toBeUndefined();
    // A made-up token does not buy a fresh bucket: the strict limit is per IP.
    expect((await gw.query(forgot, { headers: { authorization: 'Bearer made-up-1' } })).errors).toBeUndefined();
    expect((await gw.query(forgot, { headers: { authorization: 'Bearer made-up-2' } })).errors).toBeUndefined();
    gw.resetCalls();
    const refused = await gw.query(forgot, { headers: { authorization: 'Bearer made-up-3' } });
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(upstreamCalls(gw)).toBe(0);
    // Other operations are not held back by the strict bucket.
    expect((await gw.query('{ seller(username: "pixelcraft") { name } }')).errors).toBeUndefined();
  });
});

describe('sensitive account operations count every attempt, not every request', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await startTestGateway({ AUTH_RATE_LIMIT_PER_MINUTE: '3' }, ['marketplace']);
  });
  afterEach(() => gw.close());

  const login = (alias: string, password: string) =>
    `${alias}: mobileLogin(input: { username: "alice", password: "${password}" }) { accessToken }`;

  it('refuses 30 aliased logins in one mutation without one password attempt', async () => {
    const document = `mutation { ${Array.from({ length: 30 }, (_, i) => login(`a${i}`, `guess-${i}`)).join(' ')} }`;
    const refused = await gw.query(document);
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    expect(gw.calls('marketplace').filter((c) => c.path.endsWith('/mobile/login'))).toHaveLength(0);
  });

  it('counts logins hidden in fragments, and each entry of a batch', async () => {
    const viaFragments = `mutation { ...A ...A } fragment A on Mutation { ${login('x', 'p1')} ... on Mutation { ${login('y', 'p2')} } }`;
    // Four attempts in one operation against a limit of three.
    expect((await gw.query(viaFragments)).errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const batch = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(Array.from({ length: 5 }, (_, i) => ({ query: `mutation { ${login('a', `guess-${i}`)} }` }))),
    });
    const results = (await batch.json()) as Array<{ errors?: Array<{ extensions?: Record<string, unknown> }> }>;
    const refused = results.filter((r) => r.errors?.some((e) => e.extensions?.code === 'RATE_LIMITED'));
    expect(refused).toHaveLength(2);
    expect(gw.calls('marketplace').filter((c) => c.path.endsWith('/mobile/login'))).toHaveLength(3);
  });
});

describe('per-client keys and the per-address bucket', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '20' }, ['marketplace']);
  });
  afterEach(() => gw.close());

  const post = (authorization: string) =>
    fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query: '{ __typename }' }),
    });

  it('does not grant a fresh bucket for each made-up credential: the address allows 5 x the per-client limit', async () => {
    let allowed = 0;
    for (let i = 0; i < 200; i++) if ((await post(`Bearer made-up-${i}`)).status === 200) allowed++;
    // 100 per minute per address; a few more may refill while the loop runs.
    expect(allowed).toBeGreaterThanOrEqual(100);
    expect(allowed).toBeLessThan(110);
  });

  it('keys one credential the same however its header is spelled', async () => {
    const spellings = [
      'Bearer sandbox:dave:*',
      'bearer sandbox:dave:*',
      'BEARER   sandbox:dave:*',
      'Bearer\tsandbox:dave:*  ',
      ' Bearer sandbox:dave:*',
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 25; i++) statuses.push((await post(spellings[i % spellings.length]!)).status);
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(21);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('RATE_LIMIT_PER_IP_PER_MINUTE behind a trusted proxy', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '100', RATE_LIMIT_PER_IP_PER_MINUTE: '3', TRUST_PROXY_HOPS: '1' }, [
      'marketplace',
    ]);
  });
  afterAll(() => gw.close());

  const post = (authorization: string, forwardedFor: string) =>
    fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization, 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ query: '{ __typename }' }),
    });

  it('draws every request of one address from one bucket, credentials or not', async () => {
    for (let i = 0; i < 3; i++) expect((await post(`Bearer sandbox:user${i}:*`, `10.0.0.${i}, 198.51.100.4`)).status).toBe(200);
    const refused = await post('Bearer sandbox:someone-else:*', '198.51.100.4');
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { errors: Array<{ extensions: Record<string, unknown> }> }).errors[0]!.extensions).toMatchObject({
      code: 'RATE_LIMITED',
    });
    expect((await post('Bearer sandbox:user0:*', '198.51.100.5')).status).toBe(200);
  });
});

describe('with REDIS_URL (rate-limiter-flexible on Redis)', () => {
  let redis: RedisServer | undefined;
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '50', RATE_LIMIT_PER_IP_PER_MINUTE: '4', AUTH_RATE_LIMIT_PER_MINUTE: '3' };
    [a, b] = await Promise.all([startTestGateway(env, ['marketplace']), startTestGateway(env, ['marketplace'])]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  const post = (url: string, authorization: string, query = '{ __typename }') =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body: JSON.stringify({ query }),
    });

  it('shares the per-address bucket and the login attempts across instances', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(i % 2 ? a.url : b.url, `Bearer made-up-${i}`)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    // A fresh minute for the address, so only the login bucket can refuse what follows.
    redis!.flushAll();
    const logins = `mutation { ${Array.from({ length: 4 }, (_, i) => `a${i}: mobileLogin(input: { username: "alice", password: "guess-${i}" }) { accessToken }`).join(' ')} }`;
    const refused = (await (await post(a.url, '', logins)).json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    expect(refused.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('keeps the limits per process when Redis is down, and says so in the log once', async () => {
    a.logs.length = 0;
    await redis!.stop();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await post(a.url, `Bearer made-up-down-${i}`)).status);
    // The per-address limit (4) is this instance's own now: neither lifted nor shared.
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429, 429, 429]);
    expect(a.logs.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
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

  it('takes several tokens at once, all or none', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 10, () => now);
    expect(limiter.take('a', 4)).toEqual({ allowed: false, retryAfter: 60 });
    expect(limiter.take('a', 2).allowed).toBe(true);
    expect(limiter.take('a', 2).allowed).toBe(false);
    expect(limiter.take('a', 1).allowed).toBe(true);
    now += 20_000;
    expect(limiter.take('a', 1).allowed).toBe(true);
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

describe('a limit set to 0', () => {
  const hooksOf = (perMinute: number, authPerMinute: number, perAddressPerMinute?: number) =>
    Object.keys(useRateLimit({ graphqlEndpoint: '/graphql', perMinute, authPerMinute, perAddressPerMinute })).sort();

  it('installs no hook for it: every request would pay for a check that always allows', () => {
    expect(hooksOf(0, 0)).toEqual([]);
    expect(hooksOf(0, 10)).toEqual(['onExecute']);
    expect(hooksOf(0, 0, 50)).toEqual(['onContextBuilding', 'onRequest']);
    expect(hooksOf(60, 10)).toEqual(['onContextBuilding', 'onExecute', 'onRequest']);
  });
});
