/**
 * A public reference-data answer says the seconds left of the data it was built from, with the response cache off
 * (RESPONSE_CACHE_MAX_ENTRIES=0, the default), where use-cache-headers.ts writes it from `referenceUse`, as
 * response-cache-attack-reference-max-age.test.ts checks with the response cache on.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway({ REFERENCE_CACHE_TTL_MS: '4000' }, ['marketplace']);

const get = (query: string) => fetch(`${gw.url}/graphql?${new URLSearchParams({ query })}`, { headers: { accept: 'application/json' } });
const maxAgeOf = (res: Response) => Number(/max-age=(\d+)/.exec(res.headers.get('cache-control') ?? '')?.[1] ?? Number.NaN);

describe('a public reference answer without the response cache', () => {
  it('says how long its data has left, never more than the TTL', async () => {
    const first = await get('{ categories { slug } }');
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(maxAgeOf(first)).toBeLessThanOrEqual(4);
    await new Promise((resolve) => setTimeout(resolve, 2_500));
    gw.resetCalls();
    const later = await get('{ categories { slug } }');
    expect(gw.calls('marketplace')).toHaveLength(0);
    expect(later.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(maxAgeOf(later)).toBeLessThanOrEqual(2);
  });
});
