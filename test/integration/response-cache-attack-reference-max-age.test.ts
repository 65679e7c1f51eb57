/**
 * Attack (public answers over HTTP, use-cache-headers.ts, which docs/caching.md's "HTTP" section relies on for
 * reference answers): a reference-only query (`{ categories { … } }`) goes out `public, max-age=<the whole
 * REFERENCE_CACHE_TTL_MS>` however long the gateway has already held the data it answers from (its reference cache,
 * src/reference-data.ts). Data fetched at t0 and answered at t0 + 2.5 s with a 4 s TTL still says max-age=4, so a
 * cache in front keeps it until t0 + 6.5 s: longer than the bound the gateway holds itself to ("at most
 * REFERENCE_CACHE_TTL_MS when it read reference data", docs/caching.md "Lifetime and eviction"), and longer than
 * the upstream's own freshness when that is shorter. The response cache's own answers say the seconds *left*
 * (`max-age=<seconds left>`); this one does not. Brief: "a wrong Cache-Control max-age (longer than the shortest
 * upstream freshness)".
 *
 * The same promise holds with the response cache off (RESPONSE_CACHE_MAX_ENTRIES=0, the default), where
 * use-cache-headers.ts writes the header from the request's `referenceUse`.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

describe.each([
  ['with the response cache', { PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024), RESPONSE_CACHE_MAX_ENTRIES: '100' }],
  ['without the response cache', {}],
])('a public reference answer, %s', (_, env: Record<string, string>) => {
  const gw = useTestGateway({ ...env, REFERENCE_CACHE_TTL_MS: '4000' }, ['marketplace']);
  const get = (query: string) => fetch(`${gw.url}/graphql?${new URLSearchParams({ query })}`, { headers: { accept: 'application/json' } });
  const maxAgeOf = (res: Response) => Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1] ?? Number.NaN);

  it('says how long its data has left, not the whole reference TTL, when answered from data already held', async () => {
    const first = await get('{ categories { slug } }');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(maxAgeOf(first)).toBeLessThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    gw.resetCalls();
    const later = await get('{ categories { slug name } }');
    // Answered from the reference cache's entry, fetched 2.5 s ago: at most 1.5 s of it left.
    expect(gw.calls('marketplace')).toHaveLength(0);
    expect(later.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(maxAgeOf(later)).toBeLessThanOrEqual(2);
  });
});
