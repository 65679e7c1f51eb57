/**
 * GraphQL over WebSocket (graphql-ws) enforces what HTTP does: the body
 * limit (a frame over MAX_BODY_BYTES closes the socket with 1009), the query
 * limits, the general, per-address and login rate limits (per operation,
 * keyed by the socket's address), a coded error on every refusal that
 * answers that operation and leaves the socket open, the header check on
 * credentials in connectionParams (never echoed), and mutations.
 */
import fc from 'fast-check';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';
import { connectWs, type OperationResult, type WsConnection } from '../helpers/ws.js';
import { CALLER_ERROR_CODES } from '../helpers/error-codes.js';

const upstreamCalls = (g: TestGateway) => g.calls('marketplace').length + g.calls('seo').length + g.calls('items').length;
const codesOf = (result: OperationResult) =>
  [...(result.error ?? []), ...result.next.flatMap((n) => n.errors ?? [])].map((e) => e.extensions?.code);

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = consoleError.mock.calls.length;
  consoleError.mockRestore();
  // graphql-ws's ws adapter wrote a raw stack to stderr for a refused frame or a throwing handler: nothing here may.
  expect(calls).toBe(0);
});

describe('sizes, query limits and codes', () => {
  let gw: TestGateway;
  let ws: WsConnection;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw.close());
  beforeEach(async () => {
    gw.resetCalls();
    ws = await connectWs(gw.url);
  });
  afterEach(() => ws.close());

  it('closes the socket with 1009 on a frame larger than MAX_BODY_BYTES (a 5 MB document is never parsed)', async () => {
    ws.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: `{ ${'categories { slug } '.repeat(250_000)} }` } }));
    expect((await ws.closed).code).toBe(1009);
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('answers a syntax error with GRAPHQL_PARSE_FAILED on that operation and keeps the socket open', async () => {
    const broken = await ws.run('{ seller(username: ');
    expect(codesOf(broken)).toEqual(['GRAPHQL_PARSE_FAILED']);
    const fine = await ws.run('{ __typename }');
    expect(fine.next[0]?.data).toEqual({ __typename: 'Query' });
  });

  it('answers an invalid document with GRAPHQL_VALIDATION_FAILED, and bad variables with BAD_USER_INPUT', async () => {
    expect(codesOf(await ws.run('{ noSuchField }'))).toEqual(['GRAPHQL_VALIDATION_FAILED']);
    expect(codesOf(await ws.run('query($n: Int!) { gigs(first: $n) { totalCount } }', { n: 'many' }))).toEqual(['BAD_USER_INPUT']);
  });

  it('applies the depth, alias, token, directive and cost limits with zero upstream calls', async () => {
    let selection = 'slug';
    for (let i = 0; i < 8; i++) selection = `seller { gigs(first: 1) { nodes { ${selection} } } }`;
    const cases: Array<[string, string]> = [
      [`{ gig(slug: "x") { ${selection} } }`, 'depth'],
      [`{ ${Array.from({ length: 40 }, (_, i) => `a${i}: seller(username: "pixelcraft") { name }`).join(' ')} }`, 'aliases'],
      [`{ ${'categories { slug } '.repeat(800)} }`, 'tokens'],
      [`{ categories ${'@include(if: true) '.repeat(60)} { slug } }`, 'directives'],
      ['{ sellers(first: 100) { nodes { gigs(first: 100) { nodes { reviews(first: 100) { nodes { rating } } } } } } }', 'cost'],
    ];
    for (const [query, limit] of cases) {
      const result = await ws.run(query);
      const error = [...(result.error ?? []), ...result.next.flatMap((n) => n.errors ?? [])][0];
      expect(error?.extensions, limit).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit });
    }
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('gives every refused hostile document a code, one operation at a time', async () => {
    const hostile = [
      '',
      '   ',
      '{',
      'query { ...A } fragment A on Query { ...A }',
      'subscription { a: marketplaceEvents { id } b: marketplaceEvents { id } }',
      '{ categories(first: 99999999999999999999) { slug } }',
      'query A { __typename } query B { __typename }',
      '{ gigs(first: 1, after: "\u0000\u0001") { totalCount } }',
      '\u0000',
      'mutation { nope }',
    ];
    for (const query of hostile) {
      const codes = codesOf(await ws.run(query));
      expect(codes.length, query).toBeGreaterThan(0);
      expect(
        codes.every((code) => typeof code === 'string'),
        query,
      ).toBe(true);
    }
    expect((await ws.run('{ __typename }')).next[0]?.data).toEqual({ __typename: 'Query' });
  });

  it('gives every error of generated hostile documents a known code, and never closes the socket', async () => {
    const tokens = [
      '{',
      '}',
      '(',
      ')',
      ':',
      '[',
      ']',
      '!',
      '=',
      '$n',
      '"x"',
      '"\\u0000"',
      '1',
      '-1',
      '1e999',
      '99999999999999999999',
      '...',
      'on',
      'Query',
      'query',
      'mutation',
      'fragment F',
      '...F',
      'seller',
      'username',
      'gigs',
      'first',
      'after',
      'nodes',
      'slug',
      'name',
      'totalCount',
      '__typename',
      'me',
      '@include(if: true)',
      '@skip',
      '#',
      '\u0000',
      '\r\n',
      'a:',
    ];
    const documents = fc.oneof(
      fc.array(fc.constantFrom(...tokens), { maxLength: 30 }).map((parts) => parts.join(' ')),
      fc.string({ maxLength: 200 }),
    );
    const variables = fc.option(
      fc.dictionary(fc.constantFrom('n', 'x'), fc.oneof(fc.integer(), fc.string(), fc.double(), fc.constant(null))),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(documents, variables, async (query, vars) => {
        const codes = codesOf(await ws.run(query, vars));
        for (const code of codes) expect([...CALLER_ERROR_CODES], `${query} -> ${String(code)}`).toContain(code);
      }),
      { numRuns: 300, seed: 20261123 },
    );
    expect((await ws.run('{ __typename }')).next[0]?.data).toEqual({ __typename: 'Query' });
  });

  it('runs mutations (the operation is a POST, as over HTTP)', async () => {
    const result = await ws.run('mutation { mobileForgotPassword(input: { email: "alice@example.com" }) { sent } }');
    expect(result.error).toBeUndefined();
    expect(result.next[0]?.errors).toBeUndefined();
    expect(result.next[0]?.data).toEqual({ mobileForgotPassword: { sent: true } });
    expect(gw.calls('marketplace').map((c) => c.path)).toContain('/api/v1/mobile/forgot-password');
  });
});

describe('credentials in connectionParams', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({}, ['marketplace']);
  });
  afterAll(() => gw.close());

  it('treats a value with control characters as absent, and never echoes it into a close reason or the log', async () => {
    gw.logs.length = 0;
    const ws = await connectWs(gw.url, { connectionParams: { Authorization: 'Bearer a\r\nX-Evil: 1' } });
    const result = await ws.run('{ me { username } }');
    expect(codesOf(result)).toEqual(['UNAUTHENTICATED']);
    expect(JSON.stringify(result)).not.toContain('X-Evil');
    ws.close();
    expect((await ws.closed).reason).not.toContain('X-Evil');
    expect(gw.logs.join('')).not.toContain('X-Evil');
    expect(gw.calls('marketplace').some((c) => JSON.stringify(c).includes('X-Evil'))).toBe(false);
  });

  it('accepts a valid token however its header is spelled', async () => {
    const ws = await connectWs(gw.url, { connectionParams: { authorization: `  bearer   ${TOKENS.buyer} ` } });
    const result = await ws.run('{ me { username } }');
    expect(result.next[0]?.data).toEqual({ me: { username: expect.any(String) } });
    ws.close();
  });
});

describe('rate limits per operation', () => {
  let gw: TestGateway;
  beforeEach(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '3', RATE_LIMIT_PER_IP_PER_MINUTE: '5', AUTH_RATE_LIMIT_PER_MINUTE: '3' }, [
      'marketplace',
    ]);
  });
  afterEach(() => gw.close());

  it('refuses the operation over the per-client limit with RATE_LIMITED, keeping the socket open', async () => {
    const ws = await connectWs(gw.url, { connectionParams: { authorization: 'Bearer sandbox:erin:*' } });
    for (let i = 0; i < 3; i++) expect((await ws.run('{ __typename }')).next[0]?.data).toEqual({ __typename: 'Query' });
    gw.resetCalls();
    const refused = await ws.run('{ seller(username: "pixelcraft") { name } }');
    expect(refused.error?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED', retryAfter: expect.any(Number) });
    expect(upstreamCalls(gw)).toBe(0);
    // Another client on the same address still has its own bucket (and the address has room).
    const other = await connectWs(gw.url, { connectionParams: { authorization: 'Bearer sandbox:frank:*' } });
    expect((await other.run('{ __typename }')).next[0]?.data).toEqual({ __typename: 'Query' });
    ws.close();
    other.close();
  });

  it('draws every operation of one address from one bucket, shared with HTTP', async () => {
    for (let i = 0; i < 4; i++) {
      const ws = await connectWs(gw.url, { connectionParams: { authorization: `Bearer made-up-${i}` } });
      expect((await ws.run('{ __typename }')).next[0]?.data).toEqual({ __typename: 'Query' });
      ws.close();
    }
    expect((await gw.query('{ __typename }', { headers: { authorization: 'Bearer made-up-http' } })).status).toBe(200);
    const ws = await connectWs(gw.url, { connectionParams: { authorization: 'Bearer made-up-last' } });
    expect((await ws.run('{ __typename }')).error?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    ws.close();
  });

  it('takes one login token per mobileLogin field, keyed by the socket address (shared with HTTP)', async () => {
    const ws = await connectWs(gw.url);
    const logins = (n: number) =>
      `mutation { ${Array.from({ length: n }, (_, i) => `a${i}: mobileLogin(input: { username: "alice", password: "guess-${i}" }) { accessToken }`).join(' ')} }`;
    expect(codesOf(await ws.run(logins(4)))).toEqual(['RATE_LIMITED']);
    expect(gw.calls('marketplace').filter((c) => c.path.endsWith('/mobile/login'))).toHaveLength(0);
    expect(codesOf(await ws.run(logins(3)))).not.toContain('RATE_LIMITED');
    // The same address over HTTP has no attempt left.
    expect((await gw.query(logins(1))).errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    ws.close();
  });
});

describe('rate limits behind a trusted proxy (TRUST_PROXY_HOPS=1)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ RATE_LIMIT_PER_MINUTE: '100', RATE_LIMIT_PER_IP_PER_MINUTE: '2', TRUST_PROXY_HOPS: '1' }, [
      'marketplace',
    ]);
  });
  afterAll(() => gw.close());

  it('keys a socket by the address the proxy saw on its upgrade request', async () => {
    const seen = await connectWs(gw.url, { headers: { 'x-forwarded-for': '10.1.1.1, 198.51.100.9' } });
    for (let i = 0; i < 2; i++) expect((await seen.run('{ __typename }')).next[0]?.data).toEqual({ __typename: 'Query' });
    expect(codesOf(await seen.run('{ __typename }'))).toEqual(['RATE_LIMITED']);
    const other = await connectWs(gw.url, { headers: { 'x-forwarded-for': '198.51.100.10' } });
    expect((await other.run('{ __typename }')).next[0]?.data).toEqual({ __typename: 'Query' });
    seen.close();
    other.close();
  });
});
