/**
 * Attack (issue 20, response cache): a gig shown inside a list that is not `/gigs` outlives the gig's webhook.
 * `sponsoredPlacements` (GET /sponsored, scope none: shared) embeds each placement's whole gig, title and price,
 * and primes it as `gigsShow`. Its upstream answer is tagged `marketplace:sponsored` (keys.ts: a path with no
 * parameter), which no event evicts (invalidation.ts), so after a signed, accepted `gig.updated` for that gig the
 * response cache (and the shared cache under it) keep answering the old gig for the upstream's whole lifetime,
 * with no upstream call. docs/caching.md, "Invalidation": `gig.*` evicts "the gig named by data.slug ... gig
 * lists"; "the same webhook events ... evict the operations built from them" (issue 20, section 2).
 *
 * The same for `searchSuggestions` (GET /search/suggestions, tagged `marketplace:search/suggestions`), which lists
 * sellers by name and gigs by title: a `seller.*` event evicts "seller lists" (`marketplace:sellers`), not it.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { eventFor, postWebhook } from '../helpers/events.js';

const gw = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024), RESPONSE_CACHE_MAX_ENTRIES: '100' }, ['marketplace']);

interface Placements {
  data: { sponsoredPlacements: Array<{ gig: { slug: string; title: string } }> };
}

const get = async (query: string): Promise<Placements> => {
  const res = await fetch(`${gw.url}/graphql?${new URLSearchParams({ query })}`, { headers: { accept: 'application/json' } });
  expect(res.status).toBe(200);
  return (await res.json()) as Placements;
};

describe('a gig shown in sponsored placements, after its gig.updated', () => {
  it('is read again: neither the whole answer nor the upstream list outlives the event', async () => {
    const query = '{ sponsoredPlacements { placement gig { slug title } } }';
    const before = await get(query);
    const shown = before.data.sponsoredPlacements[0]!.gig;
    // The upstream now shows the gig renamed (as after the seller's edit that the event reports).
    const upstream = (await (await fetch(`${gw.sandbox.urls.marketplace}/api/v1/sponsored`)).json()) as {
      data: Array<{ gig: { slug: string; title: string; seller_username: string } }>;
    };
    const renamed = structuredClone(upstream);
    const gig = renamed.data.find((placement) => placement.gig.slug === shown.slug)!.gig;
    gig.title = 'I will do something else entirely';
    gw.sandbox.services.marketplace!.control.setFaults([
      {
        kind: 'status',
        status: 200,
        method: 'GET',
        pathIncludes: '/sponsored',
        body: renamed,
        headers: { 'cache-control': 'public, max-age=30' },
      },
    ]);
    const event = eventFor({ slug: shown.slug, seller_username: gig.seller_username }, 'gig.updated');
    expect((await postWebhook(gw.url, event)).status).toBe(202);

    gw.resetCalls();
    const after = await get(query);
    expect(after.data.sponsoredPlacements.find((placement) => placement.gig.slug === shown.slug)!.gig.title).toBe(
      'I will do something else entirely',
    );
    expect(gw.calls('marketplace').map((call) => call.path)).toEqual(['/api/v1/sponsored']);

    // Another document (not in the response cache) reads the shared cache's answer of /sponsored: evicted too.
    const other = await get('{ sponsoredPlacements { gig { slug title } } }');
    expect(other.data.sponsoredPlacements.find((placement) => placement.gig.slug === shown.slug)!.gig.title).toBe(
      'I will do something else entirely',
    );
    gw.sandbox.services.marketplace!.control.setFaults([]);
  });
});

describe("a seller's name in search suggestions, after their seller.updated", () => {
  it('is read again: a suggestion list shows the seller as much as the seller lists the event evicts do', async () => {
    const base = gw.sandbox.urls.marketplace;
    const { data } = (await (await fetch(`${base}/api/v1/sellers?per_page=5`)).json()) as { data: Array<{ username: string }> };
    const username = data[0]!.username;
    const query = `{ searchSuggestions(query: "${username}") { type text value } }`;
    const before = (await (await fetch(`${gw.url}/graphql?${new URLSearchParams({ query })}`)).json()) as {
      data: { searchSuggestions: Array<{ type: string; text: string; value: string }> };
    };
    expect(before.data.searchSuggestions).toContainEqual(expect.objectContaining({ type: 'seller', value: username }));
    const upstream = (await (await fetch(`${base}/api/v1/search/suggestions?q=${username}`)).json()) as {
      data: Array<{ type: string; text: string; value: string }>;
    };
    const renamed = {
      data: upstream.data.map((s) => (s.type === 'seller' && s.value === username ? { ...s, text: 'A New Studio Name' } : s)),
    };
    gw.sandbox.services.marketplace!.control.setFaults([
      {
        kind: 'status',
        status: 200,
        method: 'GET',
        pathIncludes: '/search/suggestions',
        body: renamed,
        headers: { 'cache-control': 'public, max-age=30' },
      },
    ]);
    expect((await postWebhook(gw.url, eventFor({ username }, 'seller.updated'))).status).toBe(202);
    const after = (await (await fetch(`${gw.url}/graphql?${new URLSearchParams({ query })}`)).json()) as typeof before;
    expect(after.data.searchSuggestions).toContainEqual({ type: 'seller', text: 'A New Studio Name', value: username });
    gw.sandbox.services.marketplace!.control.setFaults([]);
  });
});
