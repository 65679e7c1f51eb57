/**
 * Repeated hits on one entry, as production sends them (no cost extension,
 * EXPOSE_COST=false): every hit on a POST of query text gets the same bytes
 * as the answer that filled the entry, and says private, no-store with no
 * validator, however many hits there were and whatever a GET of the same
 * operation was answered with in between (a hit's answer is built once per
 * entry, src/plugins/use-response-cache.ts).
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024), RESPONSE_CACHE_MAX_ENTRIES: '100', EXPOSE_COST: 'false' }, [
  'marketplace',
]);

const GIG_AND_SELLER = 'query($slug: String!) { gig(slug: $slug) { slug title priceFrom seller { username name rating } } }';

async function newestGig(): Promise<string> {
  const res = await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?page=1&per_page=1`);
  return ((await res.json()) as { data: Array<{ slug: string }> }).data[0]!.slug;
}

const post = (slug: string) =>
  fetch(`${gw.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } }),
  });

async function answer(res: Response) {
  return {
    status: res.status,
    body: await res.text(),
    cacheControl: res.headers.get('cache-control'),
    etag: res.headers.get('etag'),
    contentType: res.headers.get('content-type'),
  };
}

describe('hits on one entry', () => {
  it('every POST hit sends the bytes of the answer that filled it, private, no-store, no validator, also after a GET hit', async () => {
    const slug = await newestGig();
    const cold = await answer(await post(slug));
    expect(cold.status).toBe(200);
    expect(JSON.parse(cold.body)).toMatchObject({ data: { gig: { slug } } });
    expect(cold.body).not.toContain('"extensions"');

    gw.resetCalls();
    const hits = [];
    for (let i = 0; i < 3; i++) hits.push(await answer(await post(slug)));
    const get = await fetch(`${gw.url}/graphql?${new URLSearchParams({ query: GIG_AND_SELLER, variables: JSON.stringify({ slug }) })}`, {
      headers: { accept: 'application/graphql-response+json' },
    });
    expect(get.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(get.headers.get('etag')).toMatch(/^"/);
    expect(await get.text()).toBe(cold.body);
    hits.push(await answer(await post(slug)));

    expect(gw.calls('marketplace')).toHaveLength(0);
    for (const hit of hits) expect(hit).toEqual({ ...cold, cacheControl: 'private, no-store', etag: null });
    expect(cold.cacheControl).toBe('private, no-store');
  });
});
