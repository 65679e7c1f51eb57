/**
 * The only cross-request reuse: public reference data cached in the gateway
 * for REFERENCE_CACHE_TTL_MS, and Cache-Control: public on responses that
 * carry nothing else. Anything a credential could change is fetched per
 * request and answered `private, no-store`.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway({ REFERENCE_CACHE_TTL_MS: '60000', CORS_ORIGINS: 'https://app.example,https://admin.example' }, [
    'marketplace',
  ]);
});
afterAll(() => gw.close());
beforeEach(() => {
  gw.resetCalls();
  gw.sandbox.services.marketplace!.control.setFaults([]);
});
// The tests of this file run in order and share the gateway's reference cache: the first one runs while it is empty.

async function post(query: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${gw.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query }),
  });
  const body = (await res.json()) as { data?: unknown; errors?: unknown[] };
  return { cacheControl: res.headers.get('cache-control'), vary: res.headers.get('vary'), body };
}

const categoryCalls = () => gw.calls('marketplace').filter((c) => c.path.endsWith('/categories')).length;

describe('cross-request cache of public reference data', () => {
  it('an answer with errors is never public', async () => {
    gw.sandbox.services.marketplace!.control.setFaults([{ kind: 'status', status: 500, pathIncludes: '/categories' }]);
    const res = await post('{ categories { slug } }');
    expect(res.body.errors).toBeDefined();
    expect(res.cacheControl).toBe('private, no-store');
    expect(categoryCalls()).toBeGreaterThan(0); // failures are not cached: the next test starts from an empty cache
  });

  it('two requests for categories reach the upstream once, without any caller credential', async () => {
    await post('{ categories { slug } }', { authorization: `Bearer ${TOKENS.buyer}` });
    await post('{ categories { slug name } }');
    const calls = gw.calls('marketplace').filter((c) => c.path.endsWith('/categories'));
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers.authorization).toBeUndefined();
  });

  it('never caches what a credential decides: me twice is two calls', async () => {
    await post('{ me { username } }', { authorization: `Bearer ${TOKENS.buyer}` });
    await post('{ me { username } }', { authorization: `Bearer ${TOKENS.buyer}` });
    expect(gw.calls('marketplace').filter((c) => c.path.endsWith('/me'))).toHaveLength(2);
  });
});

/** The max-age of a public answer (NaN for any other): the seconds left of the reference data it was built from, at most its TTL. */
const publicMaxAge = (cacheControl: string | null | undefined) => Number(/^public, max-age=(\d+)$/.exec(cacheControl ?? '')?.[1]);

describe('Cache-Control on GraphQL responses', () => {
  it('reference data without credentials is public for what is left of the reference TTL', async () => {
    const res = await post('{ categories { slug } apiScopes { slug } }');
    expect(res.body.errors).toBeUndefined();
    // Read just now (or moments ago by another test): 59 whole seconds left, or the whole 60.
    expect(publicMaxAge(res.cacheControl)).toBeGreaterThanOrEqual(59);
    expect(publicMaxAge(res.cacheControl)).toBeLessThanOrEqual(60);
    expect(res.vary).toContain('authorization');
  });

  it('only as JSON, varying by Accept: the same GET answered as multipart is private, no-store', async () => {
    const url = `${gw.url}/graphql?query=${encodeURIComponent('{ categories { slug } }')}`;
    const parts = await fetch(url, { headers: { accept: 'multipart/mixed' } });
    expect(parts.headers.get('content-type')).toContain('multipart/mixed');
    expect(parts.headers.get('cache-control')).toBe('private, no-store');
    await parts.text();
    const json = await fetch(url, { headers: { accept: 'application/json' } });
    expect(publicMaxAge(json.headers.get('cache-control'))).toBeGreaterThan(0);
    expect(publicMaxAge(json.headers.get('cache-control'))).toBeLessThanOrEqual(60);
    expect(json.headers.get('vary')).toContain('accept');
  });

  it("with CORS, a public answer varies by Origin too (a cache must not hand one origin's allowance to another)", async () => {
    const url = `${gw.url}/graphql?query=${encodeURIComponent('{ categories { slug } }')}`;
    const answer = await fetch(url, { headers: { accept: 'application/json', origin: 'https://app.example' } });
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example');
    expect(publicMaxAge(answer.headers.get('cache-control'))).toBeGreaterThan(0);
    expect(publicMaxAge(answer.headers.get('cache-control'))).toBeLessThanOrEqual(60);
    const vary = (answer.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['origin', 'accept', 'authorization']));
  });

  it('the same query sent with a credential is private, no-store', async () => {
    const res = await post('{ categories { slug } }', { authorization: `Bearer ${TOKENS.buyer}` });
    expect(res.cacheControl).toBe('private, no-store');
  });

  it('any other root field makes the response private, no-store', async () => {
    const res = await post('{ categories { slug } gigs(first: 1) { nodes { slug } } }');
    expect(res.body.errors).toBeUndefined();
    expect(res.cacheControl).toBe('private, no-store');
  });
});
