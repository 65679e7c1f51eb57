/**
 * Call counts of the per-request loaders (loaders/): one call per distinct
 * resource and argument set, list responses priming per-key loaders, loaders
 * never shared between two requests, many item(id) served by one
 * /items/all above ITEMS_BATCH_THRESHOLD, and the fewest SEO page calls.
 */
import { describe, expect, it } from 'vitest';
import { ITEMS_KEY, SEO_KEY, TOKENS, useTestGateway } from '../helpers/gateway.js';

const THRESHOLD = 3;
const gw = useTestGateway({ ITEMS_BATCH_THRESHOLD: String(THRESHOLD) });

const buyer = { authorization: `Bearer ${TOKENS.buyer}` };
const pathsOf = (name: 'marketplace' | 'seo' | 'items') =>
  gw.calls(name).map((c) => `${c.method} ${c.path}${Object.keys(c.query).length ? `?${new URLSearchParams(c.query).toString()}` : ''}`);
const count = (paths: string[], pattern: RegExp) => paths.filter((p) => pattern.test(p)).length;

describe('deduplication within a request', () => {
  it('the same resource asked through different paths costs one call', async () => {
    const res = await gw.query(`{
      a: seller(username: "pixelcraft") { name }
      b: seller(username: "pixelcraft") { rating }
      gigs(seller: "pixelcraft", first: 3) { nodes { seller { username } } }
    }`);
    expect(res.errors).toBeUndefined();
    const paths = pathsOf('marketplace');
    expect(count(paths, /^GET \/api\/v1\/sellers\/pixelcraft$/)).toBe(1);
    expect(paths).toHaveLength(2);
  });

  it('keys on the arguments: the same list with another window is another call, the same window is not', async () => {
    const res = await gw.query(`{
      s: seller(username: "pixelcraft") { a: gigs(first: 2) { totalCount } b: gigs(first: 2) { totalCount } c: gigs(first: 4) { totalCount } }
    }`);
    expect(res.errors).toBeUndefined();
    const gigs = pathsOf('marketplace').filter((p) => p.startsWith('GET /api/v1/gigs?'));
    expect(gigs.sort()).toEqual([
      'GET /api/v1/gigs?seller=pixelcraft&page=1&per_page=2',
      'GET /api/v1/gigs?seller=pixelcraft&page=1&per_page=4',
    ]);
  });

  it('loaders are per request: the same query twice makes its calls twice', async () => {
    await gw.query('{ seller(username: "pixelcraft") { name } }');
    await gw.query('{ seller(username: "pixelcraft") { name } }');
    expect(count(pathsOf('marketplace'), /sellers\/pixelcraft$/)).toBe(2);
  });

  it('per-caller answers are never shared: two callers of me each reach the upstream with their own token', async () => {
    const [a, b] = await Promise.all([
      gw.query('{ me { username } }', { headers: buyer }),
      gw.query('{ me { username } }', { headers: { authorization: `Bearer ${TOKENS.seller}` } }),
    ]);
    expect(a.data).not.toEqual(b.data);
    const tokens = gw
      .calls('marketplace')
      .map((c) => c.headers.authorization)
      .sort();
    expect(tokens).toEqual([`Bearer ${TOKENS.buyer}`, `Bearer ${TOKENS.seller}`]);
  });
});

describe('priming from list responses', () => {
  it('a seller that arrived in sellers is not fetched again by username', async () => {
    const res = await gw.query('{ sellers(first: 3) { nodes { username gigs(first: 1) { nodes { seller { name } } } } } }');
    expect(res.errors).toBeUndefined();
    const paths = pathsOf('marketplace');
    expect(count(paths, /^GET \/api\/v1\/sellers\/[^?]+$/)).toBe(0);
    expect(paths).toHaveLength(4);
  });

  it('orders asked twice cost one list call, and their gigs one call per distinct slug', async () => {
    const res = await gw.query('{ orders(first: 5) { nodes { id gig { slug } } } again: orders(first: 5) { nodes { gig { title } } } }', {
      headers: buyer,
    });
    expect(res.errors).toBeUndefined();
    const nodes = (res.data as { orders: { nodes: Array<{ gig: { slug: string } | null }> } }).orders.nodes;
    expect(nodes.length).toBeGreaterThan(1);
    const paths = pathsOf('marketplace');
    expect(count(paths, /^GET \/api\/v1\/orders\?/)).toBe(1);
    expect(count(paths, /^GET \/api\/v1\/gigs\/[^?]+$/)).toBe(new Set(nodes.map((o) => o.gig?.slug)).size);
  });
});

describe('item(id) batching into /items/all', () => {
  const items = { 'x-items-api-key': ITEMS_KEY };
  const lookups = (ids: number[]) => `{ ${ids.map((id) => `i${id}: item(id: "${id}") { id name }`).join(' ')} }`;

  it(`up to the threshold (${THRESHOLD}) distinct ids: one GET /items/item each`, async () => {
    const res = await gw.query(lookups([1, 2, 3]), { headers: items });
    expect(res.errors).toBeUndefined();
    expect(pathsOf('items').map((p) => p.split('?')[0])).toEqual(['GET /api/items/item', 'GET /api/items/item', 'GET /api/items/item']);
  });

  it('above the threshold: one GET /items/all serves every lookup, and a missing id is NOT_FOUND on its field', async () => {
    const res = await gw.query(`{ ${lookups([1, 2, 3, 4]).slice(1, -1)} missing: item(id: "999999") { id } }`, { headers: items });
    expect(res.data).toMatchObject({ i1: { id: '1' }, i4: { id: '4' }, missing: null });
    expect(res.errors?.map((e) => [e.path?.join('.'), e.extensions?.code])).toEqual([['missing', 'NOT_FOUND']]);
    expect(pathsOf('items').map((p) => p.split('?')[0])).toEqual(['GET /api/items/all']);
  });

  it('duplicates of one id count once toward the threshold', async () => {
    const res = await gw.query('{ a: item(id: "1") { id } b: item(id: "1") { name } c: item(id: "01") { id } }', { headers: items });
    expect(res.errors).toBeUndefined();
    expect(pathsOf('items')).toHaveLength(1);
  });
});

describe('SEO page plans (sizes 10/25/50/100 only)', () => {
  const seo = { 'x-seo-api-key': SEO_KEY };
  const pages = () => gw.calls('seo').map((c) => `${c.query.page}x${c.query.per_page}`);

  it('12 items after offset 5 cost one call of 25, not two of 10', async () => {
    const first = await gw.query('{ seoReports(first: 5) { pageInfo { endCursor } } }', { headers: seo });
    const after = (first.data as { seoReports: { pageInfo: { endCursor: string } } }).seoReports.pageInfo.endCursor;
    gw.resetCalls();
    const res = await gw.query('query($after: String) { seoReports(first: 12, after: $after) { nodes { id } } }', {
      headers: seo,
      variables: { after },
    });
    expect(res.errors).toBeUndefined();
    expect(pages()).toEqual(['1x25']);
  });

  it('a window of 10 at the start is one call of 10; two windows of the same page share the call', async () => {
    const res = await gw.query('{ a: seoReports(first: 10) { totalCount } b: seoReports(first: 7) { totalCount } }', { headers: seo });
    expect(res.errors).toBeUndefined();
    expect(pages()).toEqual(['1x10']);
  });
});
