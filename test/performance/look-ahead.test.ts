/**
 * Look-ahead (resolvers/look-ahead.ts): a child that needs only its parent's
 * key is fetched together with the parent, so the two upstream calls are in
 * flight at the same time; the parent's 404 still nulls the parent; the
 * prefetch never adds a call the query would not make anyway.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorAt, startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
// Latency makes "in flight together" observable as a count: the sandbox records the highest number of concurrent calls.
// 150 ms, not 40: on a loaded machine (CI) the third of three calls sent together once left after the first had been answered.
const LATENCY_MS = 150;
beforeAll(async () => {
  gw = await startTestGateway({}, ['marketplace']);
});
afterAll(() => gw.close());
beforeEach(() => {
  gw.resetCalls();
  gw.sandbox.services.marketplace!.control.latencyMs = LATENCY_MS;
});

const marketplace = () => gw.sandbox.services.marketplace!.control;
const paths = () =>
  gw.calls('marketplace').map((c) => `${c.path}${Object.keys(c.query).length ? `?${new URLSearchParams(c.query).toString()}` : ''}`);

describe('look-ahead from a parent to a child keyed by the parent', () => {
  it('seller { gigs } sends both calls at once, each exactly once', async () => {
    const res = await gw.query('{ seller(username: "pixelcraft") { name gigs(first: 2) { totalCount nodes { slug } } } }');
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({ seller: { gigs: { nodes: [{ slug: expect.any(String) }, { slug: expect.any(String) }] } } });
    expect(paths().sort()).toEqual(['/api/v1/gigs?seller=pixelcraft&page=1&per_page=2', '/api/v1/sellers/pixelcraft']);
    expect(marketplace().maxInFlight).toBe(2);
  });

  it('follows fragments, variables and aliases, one prefetch per distinct argument set', async () => {
    const res = await gw.query(
      `query($n: Int!) { seller(username: "pixelcraft") { ...G few: gigs(first: 1) { nodes { slug } } same: gigs(first: $n) { totalCount } } }
       fragment G on Seller { gigs(first: $n) { nodes { slug } } }`,
      { variables: { n: 3 } },
    );
    expect(res.errors).toBeUndefined();
    expect(paths().sort()).toEqual([
      '/api/v1/gigs?seller=pixelcraft&page=1&per_page=1',
      '/api/v1/gigs?seller=pixelcraft&page=1&per_page=3',
      '/api/v1/sellers/pixelcraft',
    ]);
    expect(marketplace().maxInFlight).toBe(3);
  });

  it('gig { reviews } sends the gig and review calls at once', async () => {
    gw.sandbox.services.marketplace!.control.latencyMs = 0;
    const listed = await gw.query('{ gigs(first: 1) { nodes { slug } } }');
    const slug = (listed.data as { gigs: { nodes: Array<{ slug: string }> } }).gigs.nodes[0]!.slug;
    gw.resetCalls();
    marketplace().latencyMs = LATENCY_MS;
    const res = await gw.query('query($slug: String!) { gig(slug: $slug) { title reviews(first: 2) { totalCount } } }', {
      variables: { slug },
    });
    expect(res.errors).toBeUndefined();
    expect(paths()).toHaveLength(2);
    expect(marketplace().maxInFlight).toBe(2);
  });

  it('a 404 on the parent still nulls the parent, with its NOT_FOUND error and none on the child', async () => {
    const res = await gw.query('{ seller(username: "no-such-seller") { name gigs(first: 2) { totalCount } } }');
    expect(res.data).toEqual({ seller: null });
    expect(errorAt(res, 'seller')?.extensions?.code).toBe('NOT_FOUND');
    expect(res.errors).toHaveLength(1);
  });

  it('a child with invalid arguments fails on its own path; the parent is unaffected', async () => {
    const res = await gw.query('{ seller(username: "pixelcraft") { name gigs(first: 500) { totalCount } } }');
    expect((res.data as { seller: { name: string; gigs: null } }).seller).toMatchObject({ name: expect.any(String), gigs: null });
    expect(errorAt(res, 'seller.gigs')?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(paths()).toEqual(['/api/v1/sellers/pixelcraft']);
  });
});

describe("look-ahead from a list to its items' children", () => {
  /** When each recorded call reached the sandbox, by path prefix. */
  const arrivals = (prefix: string) =>
    gw
      .calls('marketplace')
      .filter((c) => c.path.startsWith(prefix))
      .map((c) => c.at);

  it('seller { gigs { nodes { reviews } } }: the review calls leave when the gig list arrives, not when the slower seller does', async () => {
    // The seller answers 300 ms after the gig list: without the list look-ahead the reviews would wait for it.
    marketplace().addFault({ kind: 'delay', pathIncludes: '/sellers/pixelcraft', latencyMs: 300, times: 1 });
    const res = await gw.query(
      '{ seller(username: "pixelcraft") { name gigs(first: 3) { nodes { slug reviews(first: 2) { totalCount } } } } }',
    );
    expect(res.errors).toBeUndefined();
    const gigs = (res.data as { seller: { gigs: { nodes: Array<{ slug: string }> } } }).seller.gigs.nodes;
    expect(gigs).toHaveLength(3);
    const reviewPaths = paths().filter((p) => p.includes('/reviews'));
    expect(reviewPaths.sort()).toEqual(gigs.map((g) => `/api/v1/gigs/${g.slug}/reviews?page=1&per_page=2`).sort());
    // Every review call reached the sandbox before the seller's answer left it (300 ms + latency after the seller call arrived).
    const [sellerArrived] = arrivals('/api/v1/sellers/');
    const reviewArrivals = arrivals('/api/v1/gigs/');
    expect(reviewArrivals).toHaveLength(3);
    for (const at of reviewArrivals) expect(at).toBeLessThan(sellerArrived! + 300 + LATENCY_MS);
    expect(paths()).toHaveLength(1 + 1 + 3);
  });

  it('orders { nodes { gig deliveries revisions } }: the prefetch and the resolvers share the loaders, so each call is made once', async () => {
    // Eight children must all be in flight at once: a window wide enough for a loaded machine to send them all.
    marketplace().latencyMs = 400;
    const res = await gw.query('{ orders(first: 3) { nodes { id gig { slug } deliveries { id } revisions { id } } } }', {
      headers: { authorization: `Bearer ${TOKENS.buyer}` },
    });
    expect(res.errors).toBeUndefined();
    const orders = (res.data as { orders: { nodes: Array<{ id: string; gig: { slug: string } | null }> } }).orders.nodes;
    expect(orders.length).toBeGreaterThan(0);
    const expected = [
      '/api/v1/orders?page=1&per_page=3',
      ...orders.flatMap((o) => [`/api/v1/orders/${o.id}/deliveries`, `/api/v1/orders/${o.id}/revisions`]),
      ...[...new Set(orders.flatMap((o) => (o.gig ? [`/api/v1/gigs/${o.gig.slug}`] : [])))],
    ];
    expect(paths().sort()).toEqual(expected.sort());
    // The list, then every child of every order at once.
    expect(marketplace().maxInFlight).toBe(expected.length - 1);
  });

  it('a child not selected is not prefetched', async () => {
    const res = await gw.query('{ gigs(first: 3) { nodes { slug } } }');
    expect(res.errors).toBeUndefined();
    expect(paths()).toEqual(['/api/v1/gigs?page=1&per_page=3']);
  });

  it('a failed child call is reported on its own field only', async () => {
    marketplace().addFault({ kind: 'status', status: 500, pathIncludes: '/reviews', times: 1 });
    const res = await gw.query('{ gigs(first: 2) { nodes { slug reviews(first: 1) { totalCount } } } }');
    const nodes = (res.data as { gigs: { nodes: Array<{ slug: string; reviews: unknown }> } }).gigs.nodes;
    expect(nodes).toHaveLength(2);
    expect(nodes.filter((n) => n.reviews === null)).toHaveLength(1);
    expect(res.errors).toHaveLength(1);
    expect(res.errors![0]!.path).toEqual(['gigs', 'nodes', nodes.findIndex((n) => n.reviews === null), 'reviews']);
    // The failure is not retried on a second call: the resolver met the prefetched failure.
    expect(paths().filter((p) => p.includes('/reviews'))).toHaveLength(2);
  });
});
