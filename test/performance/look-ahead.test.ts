/**
 * Look-ahead (resolvers/look-ahead.ts): a child that needs only its parent's
 * key is fetched together with the parent, so the two upstream calls are in
 * flight at the same time; the parent's 404 still nulls the parent; the
 * prefetch never adds a call the query would not make anyway.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorAt, startTestGateway, type TestGateway } from '../helpers/gateway.js';

let gw: TestGateway;
// Latency makes "in flight together" observable as a count: the sandbox records the highest number of concurrent calls.
const LATENCY_MS = 40;
beforeAll(async () => {
  gw = await startTestGateway({}, ['marketplace']);
});
afterAll(() => gw.close());
beforeEach(() => {
  gw.resetCalls();
  gw.sandbox.services.marketplace!.control.latencyMs = LATENCY_MS;
});

const marketplace = () => gw.sandbox.services.marketplace!.control;
const paths = () => gw.calls('marketplace').map((c) => `${c.path}${Object.keys(c.query).length ? `?${new URLSearchParams(c.query).toString()}` : ''}`);

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
    const res = await gw.query('query($slug: String!) { gig(slug: $slug) { title reviews(first: 2) { totalCount } } }', { variables: { slug } });
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
