/**
 * The per-request read cache (loaders/read-cache.ts) as the marketplace client
 * keeps it: one call per row and arguments, failures cached like DataLoader's,
 * a list row's items (or the records nested in them) priming the single-item
 * row it names, and a row's answer completed from the arguments it was asked
 * with. The client is the
 * real one over a recorded upstream, so the rows, their envelopes and schemas
 * are the ones the gateway sends.
 */
import { describe, expect, it } from 'vitest';
import { MarketplaceClient } from '../../src/upstreams/marketplace/client.js';
import { marketplaceOperations as ops } from '../../src/upstreams/marketplace/operations.js';
import { row, one, page, table } from '../../src/upstreams/operations.js';
import type { PublicCacheLayer } from '../../src/upstreams/public-cache/public-cache.js';
import type { UpstreamRequest, UpstreamResponse } from '../../src/upstreams/wire.js';
import { gigSchema, mobileHomeSchema } from '../../src/upstreams/marketplace/map.js';

const gig = (slug: string, title = slug) => ({ slug, title, seller_username: 'pixelcraft', created_at: '2026-01-01T00:00:00Z' });
const paged = (data: unknown[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length } });

/** A marketplace upstream answering from `answer(path)`, recording every path asked, in order. */
function recorded(answer: (path: string) => { status: number; body: unknown }) {
  const paths: string[] = [];
  const upstream = {
    send: async (request: UpstreamRequest): Promise<UpstreamResponse> => {
      const query = new URLSearchParams(Object.entries(request.query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
      const path = query.size ? `${request.path}?${query}` : request.path;
      paths.push(path);
      await new Promise((resolve) => setImmediate(resolve));
      const { status, body } = answer(path);
      return { status, headers: {}, body } as UpstreamResponse;
    },
    breakerState: () => 'closed',
  };
  const shared = upstream as unknown as PublicCacheLayer;
  return { paths, upstream: shared, client: new MarketplaceClient(shared, undefined) };
}

describe('the per-request read cache', () => {
  it('makes one call for the same row and arguments, however often and however ordered they are asked', async () => {
    const { paths, client } = recorded((path) => ({
      status: 200,
      body: path.startsWith('/gigs?') ? paged([gig('a')]) : { data: gig(path.slice(6)) },
    }));
    const [first, again, other] = await Promise.all([
      client.read(ops.gigsShow, { slug: 'logo' }),
      client.read(ops.gigsShow, { slug: 'logo' }),
      client.read(ops.gigsShow, { slug: 'icon' }),
    ]);
    expect(first).toBe(again);
    expect(other.slug).toBe('icon');
    await client.read(ops.gigsIndex, { query: { search: 'x', seller: 'y' }, page: 1, perPage: 10 });
    await client.read(ops.gigsIndex, { perPage: 10, page: 1, query: { seller: 'y', search: 'x', category: undefined } });
    expect(paths).toEqual(['/gigs/logo', '/gigs/icon', '/gigs?search=x&seller=y&page=1&per_page=10']);
  });

  it('is one per client, and a client is one per request: an answer never reaches another request', async () => {
    const { paths, upstream, client } = recorded((path) => ({ status: 200, body: { data: gig(path.slice(6)) } }));
    const nextRequest = new MarketplaceClient(upstream, undefined);
    await client.read(ops.gigsShow, { slug: 'a' });
    await nextRequest.read(ops.gigsShow, { slug: 'a' });
    expect(paths).toEqual(['/gigs/a', '/gigs/a']);
  });

  it('starts a call at once, so calls asked together are in flight together', async () => {
    const { paths, client } = recorded((path) => ({ status: 200, body: { data: gig(path.slice(6)) } }));
    const pending = [client.read(ops.gigsShow, { slug: 'a' }), client.read(ops.gigsShow, { slug: 'b' })];
    expect(paths).toEqual(['/gigs/a', '/gigs/b']);
    await Promise.all(pending);
  });

  it('keeps a failure for the rest of the request: every reader gets the same error, and the call is not repeated', async () => {
    const { paths, client } = recorded(() => ({ status: 404, body: { message: 'No such gig' } }));
    const first = await client.read(ops.gigsShow, { slug: 'gone' }).catch((error: unknown) => error);
    const second = await client.read(ops.gigsShow, { slug: 'gone' }).catch((error: unknown) => error);
    expect(first).toMatchObject({ extensions: { code: 'NOT_FOUND' } });
    expect(second).toBe(first);
    expect(paths).toEqual(['/gigs/gone']);
  });

  it('primes the row a list row names with every item of the answer, never replacing what is cached', async () => {
    const { paths, client } = recorded((path) =>
      path.startsWith('/gigs?')
        ? { status: 200, body: paged([gig('a', 'from the list'), gig('b', 'from the list')]) }
        : { status: 200, body: { data: gig('a', 'by slug') } },
    );
    const bySlug = await client.read(ops.gigsShow, { slug: 'a' });
    await client.read(ops.gigsIndex, { query: {}, page: 1, perPage: 10 });
    expect(await client.read(ops.gigsShow, { slug: 'b' })).toMatchObject({ slug: 'b', title: 'from the list' });
    expect(await client.read(ops.gigsShow, { slug: 'a' })).toBe(bySlug);
    expect(paths).toEqual(['/gigs/a', '/gigs?page=1&per_page=10']);
  });

  it("primes the row from records nested in an answer (`primes.items`): the mobile home's gigs, a placement's gig when it has one", async () => {
    const { paths, client } = recorded((path) => {
      if (path === '/mobile/home')
        return { status: 200, body: { data: { featured_gigs: [gig('a', 'featured')], new_gigs: [gig('b', 'new')] } } };
      if (path === '/sponsored')
        return { status: 200, body: { data: [{ placement: 'home', gig: gig('c', 'placed') }, { placement: 'search' }] } };
      return { status: 200, body: { data: gig(path.slice(6), 'by slug') } };
    });
    const bySlug = await client.read(ops.gigsShow, { slug: 'b' });
    await client.read(ops.mobileHome, {});
    await client.read(ops.sponsoredPlacements, { query: {} });
    expect(await client.read(ops.gigsShow, { slug: 'a' })).toMatchObject({ slug: 'a', title: 'featured' });
    expect(await client.read(ops.gigsShow, { slug: 'c' })).toMatchObject({ slug: 'c', title: 'placed' });
    expect(await client.read(ops.gigsShow, { slug: 'b' })).toBe(bySlug);
    expect(paths).toEqual(['/gigs/b', '/mobile/home', '/sponsored']);
  });

  it("primes several rows from one answer, keyed by the item their records came in: a mobile order's deliveries and revisions", async () => {
    const order = { uuid: 'o1', deliveries: [{ id: 7, message: 'v1' }], revisions: [] };
    const { paths, upstream } = recorded(() => ({ status: 200, body: { data: order } }));
    const client = new MarketplaceClient(upstream, 'a-buyer-token');
    await client.read(ops.mobileOrdersShow, { uuid: 'o1' });
    expect(await client.read(ops.ordersDeliveries, { uuid: 'o1' })).toMatchObject([{ id: '7', message: 'v1' }]);
    expect(await client.read(ops.ordersRevisions, { uuid: 'o1' })).toEqual([]);
    expect(paths).toEqual(['/mobile/orders/o1']);
  });

  it('forgets a row after a write, so the next read asks again', async () => {
    const { paths, client } = recorded(() => ({ status: 200, body: paged([]) }));
    await client.read(ops.reviewsGig, { slug: 'a', page: 1, perPage: 5 });
    client.forget(ops.reviewsGig);
    await client.read(ops.reviewsGig, { slug: 'a', page: 1, perPage: 5 });
    expect(paths).toHaveLength(2);
  });

  it("completes each item from the call's arguments: a review listed without its gig gets the gig it was listed for", async () => {
    const review = (id: string, gigSlug?: string) => ({ id, rating: 5, ...(gigSlug ? { gig_slug: gigSlug } : {}) });
    const { client } = recorded(() => ({ status: 200, body: paged([review('1'), review('2', 'named')]) }));
    const reviews = await client.read(ops.reviewsGig, { slug: 'logo', page: 1, perPage: 5 });
    expect(reviews.items.map((r) => r.gigSlug)).toEqual(['logo', 'named']);
  });

  it('refuses a table whose list row primes a row that is not one of its reads', () => {
    const spec = { method: 'GET', path: '/things', scope: null, success: 200 } as const;
    const priming = (target: string) => ({
      list: row(spec, page(gigSchema, 'gig'), { pageSizes: { max: 10 }, primes: { row: target, key: (g) => ({ slug: g.slug }) } }),
    });
    expect(() => table('marketplace', { ...priming('missing') })).toThrow(
      'marketplace.list primes missing, which is not a read of this table',
    );
    const write = row({ ...spec, method: 'POST' }, one(gigSchema, 'gig'));
    expect(() => table('marketplace', { ...priming('write'), write })).toThrow(/not a read/);
    // Records nested in an answer prime under the same rule.
    const nested = row(spec, one(mobileHomeSchema, 'home'), {
      primes: { row: 'write', items: (home) => home.featuredGigs, key: (g) => ({ slug: g.slug }) },
    });
    expect(() => table('marketplace', { nested, write })).toThrow('marketplace.nested primes write, which is not a read of this table');
  });
});
