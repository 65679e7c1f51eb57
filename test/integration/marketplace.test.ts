/**
 * The marketplace part of the core graph through the real gateway and
 * sandbox: each core field, the links between resources, paging, dedup and
 * priming, credential routing, and the error codes a caller can meet.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorAt, ITEMS_KEY, SEO_KEY, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { expectTokenOnlyWhereNeeded } from '../helpers/operations.js';

const gw = useTestGateway();

const buyer = { authorization: `Bearer ${TOKENS.buyer}` };
const paths = () => gw.calls('marketplace').map((c) => `${c.method} ${c.path}${Object.keys(c.query).length ? `?${new URLSearchParams(c.query).toString()}` : ''}`);

type Node<T> = { nodes: T[]; totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string | null } };

describe('sellers, gigs and reviews', () => {
  it('reads a seller with its gigs and their reviews, one list call per level', async () => {
    const res = await gw.query(`{
      seller(username: "pixelcraft") {
        username name headline rating reviewsCount
        gigs(first: 3) { totalCount pageInfo { hasNextPage } nodes { slug title priceFrom currency sellerUsername reviews(first: 2) { totalCount nodes { id rating comment reviewerUsername } } } }
      }
    }`);
    expect(res.errors).toBeUndefined();
    const seller = (res.data as { seller: { username: string; gigs: Node<{ slug: string; sellerUsername: string; reviews: Node<unknown> }> } }).seller;
    expect(seller.username).toBe('pixelcraft');
    expect(seller.gigs.nodes).toHaveLength(3);
    expect(seller.gigs.totalCount).toBeGreaterThanOrEqual(25);
    expect(seller.gigs.pageInfo.hasNextPage).toBe(true);
    for (const gig of seller.gigs.nodes) expect(gig.sellerUsername).toBe('pixelcraft');
    const calls = paths();
    expect(calls).toContain('GET /api/v1/sellers/pixelcraft');
    expect(calls).toContain('GET /api/v1/gigs?seller=pixelcraft&page=1&per_page=3');
    expect(calls.filter((c) => c.includes('/reviews'))).toHaveLength(3);
    expect(calls).toHaveLength(5);
  });

  it('reads a gig with its seller; aliases of the same gig cost one upstream call', async () => {
    const first = await gw.query('{ gigs(first: 1) { nodes { slug } } }');
    const slug = (first.data as { gigs: Node<{ slug: string }> }).gigs.nodes[0]!.slug;
    gw.resetCalls();
    const res = await gw.query(`query($slug: String!) {
      a: gig(slug: $slug) { slug title seller { username name } }
      b: gig(slug: $slug) { title rating }
      c: gig(slug: $slug) { slug }
    }`, { variables: { slug } });
    expect(res.errors).toBeUndefined();
    expect(paths().filter((c) => c === `GET /api/v1/gigs/${slug}`)).toHaveLength(1);
    expect(paths().filter((c) => c.startsWith('GET /api/v1/sellers/'))).toHaveLength(1);
  });

  it('a gig that arrived in a list is not fetched again by slug later in the request', async () => {
    const res = await gw.query('{ gigs(first: 2) { nodes { slug seller { gigs(first: 1) { nodes { slug } } } } } }');
    expect(res.errors).toBeUndefined();
    expect(paths().filter((c) => /^GET \/api\/v1\/gigs\/[^?]+$/.test(c))).toHaveLength(0);
  });

  it('honours the standard @include and @skip directives', async () => {
    const res = await gw.query('query($full: Boolean!) { seller(username: "pixelcraft") { username name @include(if: $full) rating @skip(if: true) } }', {
      variables: { full: false },
    });
    expect(res).toMatchObject({ data: { seller: { username: 'pixelcraft' } } });
    expect(res.errors).toBeUndefined();
    expect((res.data as { seller: object }).seller).toEqual({ username: 'pixelcraft' });
  });

  it('searches gigs and pages with cursors', async () => {
    const page1 = await gw.query('{ gigs(search: "logo", first: 2) { totalCount pageInfo { hasNextPage endCursor } nodes { slug title } } }');
    expect(page1.errors).toBeUndefined();
    const conn = (page1.data as { gigs: Node<{ slug: string }> }).gigs;
    expect(conn.nodes.length).toBeGreaterThan(0);
    expect(gw.calls('marketplace')[0]!.query).toMatchObject({ search: 'logo', per_page: '2', page: '1' });
    const page2 = await gw.query('query($after: String) { gigs(search: "logo", first: 2, after: $after) { nodes { slug } } }', { variables: { after: conn.pageInfo.endCursor } });
    const all = await gw.query('{ gigs(search: "logo", first: 4) { nodes { slug } } }');
    const slugs = (all.data as { gigs: Node<{ slug: string }> }).gigs.nodes.map((n) => n.slug);
    expect([...conn.nodes, ...(page2.data as { gigs: Node<{ slug: string }> }).gigs.nodes].map((n) => n.slug)).toEqual(slugs);
  });

  it('lists sellers without a token, and forwards a token when one is sent', async () => {
    const anonymous = await gw.query('{ sellers(first: 5) { totalCount nodes { username } } }');
    expect(anonymous.errors).toBeUndefined();
    expect(gw.calls('marketplace')[0]!.headers.authorization).toBeUndefined();
    gw.resetCalls();
    await gw.query('{ sellers(first: 5) { totalCount } }', { headers: buyer });
    expect(gw.calls('marketplace')[0]!.headers.authorization).toBe(`Bearer ${TOKENS.buyer}`);
  });

  it('an unknown slug or username is NOT_FOUND on that field only', async () => {
    const res = await gw.query('{ gig(slug: "no-such-gig") { slug } seller(username: "nobody-here") { username } user(username: "alice") { username } }');
    expect(res.data).toEqual({ gig: null, seller: null, user: { username: 'alice' } });
    expect(errorAt(res, 'gig')?.extensions).toMatchObject({ code: 'NOT_FOUND', upstream: 'marketplace', status: 404 });
    expect(errorAt(res, 'seller')?.extensions).toMatchObject({ code: 'NOT_FOUND', upstream: 'marketplace', status: 404 });
  });

  it('encodes identifiers as one path segment and refuses dot segments before any call', async () => {
    await gw.query('{ gig(slug: "a/b c?d#e") { slug } }');
    expect(gw.calls('marketplace')[0]!.path).toBe('/api/v1/gigs/a%2Fb%20c%3Fd%23e');
    gw.resetCalls();
    const res = await gw.query('{ a: gig(slug: "..") { slug } b: user(username: "") { username } c: gigs(first: 101) { totalCount } }');
    for (const path of ['a', 'b', 'c']) expect(errorAt(res, path)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('orders', () => {
  it('reads my orders with gig, seller, buyer, deliveries and revisions, each resource once', async () => {
    const res = await gw.query(
      `{ orders(first: 5) { totalCount nodes { id status total currency dueAt gig { slug } seller { username } buyer { username } deliveries { id message } revisions { id reason } } } }`,
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    const orders = (res.data as { orders: Node<{ id: string; buyer: { username: string } | null; seller: { username: string }; gig: { slug: string } }> }).orders;
    expect(orders.nodes).toHaveLength(5);
    const calls = paths();
    expect(calls[0]).toBe('GET /api/v1/orders?page=1&per_page=5');
    // Each distinct gig, seller and user once; deliveries and revisions once per order.
    const distinct = (xs: string[]) => new Set(xs).size;
    expect(calls.filter((c) => /\/gigs\/[^/]+$/.test(c))).toHaveLength(distinct(orders.nodes.map((o) => o.gig.slug)));
    expect(calls.filter((c) => c.includes('/sellers/'))).toHaveLength(distinct(orders.nodes.map((o) => o.seller.username)));
    expect(calls.filter((c) => c.endsWith('/deliveries'))).toHaveLength(5);
    expect(calls.filter((c) => c.endsWith('/revisions'))).toHaveLength(5);
    expect(new Set(calls).size).toBe(calls.length);
    // The orders and their deliveries carry the token; the gigs, sellers and users (public reads) go without it.
    expectTokenOnlyWhereNeeded(gw, TOKENS.buyer);
    expect(gw.calls('marketplace').some((c) => c.path.startsWith('/api/v1/gigs/') && c.headers.authorization === undefined)).toBe(true);
  });

  it('reads one order by id without fetching it again after the list primed it', async () => {
    const list = await gw.query('{ orders(first: 1) { nodes { id } } }', { headers: buyer });
    const id = (list.data as { orders: Node<{ id: string }> }).orders.nodes[0]!.id;
    gw.resetCalls();
    const res = await gw.query('query($id: ID!) { orders(first: 1) { nodes { id } } order(id: $id) { id status deliveries { id } } }', { headers: buyer, variables: { id } });
    expect(res.errors).toBeUndefined();
    expect((res.data as { order: { id: string } }).order.id).toBe(id);
  });

  it('without a token: UNAUTHENTICATED and no upstream call', async () => {
    const res = await gw.query('{ orders { totalCount } me { username } }');
    expect(errorAt(res, 'orders')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'marketplace', requiredScope: 'orders.read' });
    expect(errorAt(res, 'me')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('a token without the scope: FORBIDDEN with requiredScope, and other fields needing it fail without a call', async () => {
    const res = await gw.query('{ orders { totalCount } again: orders(first: 3) { totalCount } }', { headers: { authorization: `Bearer ${TOKENS.noscope}` } });
    expect(res.data).toEqual({ orders: null, again: null });
    expect(errorAt(res, 'orders')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'orders.read', upstream: 'marketplace', status: 403 });
    expect(errorAt(res, 'again')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'orders.read' });
  });

  it('a bad token is UNAUTHENTICATED from the upstream 401, and the token is never echoed', async () => {
    const res = await gw.query('{ me { username } }', { headers: { authorization: 'Bearer not-a-real-token' } });
    expect(errorAt(res, 'me')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'marketplace', status: 401 });
    expect(JSON.stringify(res)).not.toContain('not-a-real-token');
  });

  it('an order of someone else is NOT_FOUND', async () => {
    const res = await gw.query('{ order(id: "00000000-0000-4000-8000-000000000000") { id } }', { headers: buyer });
    expect(errorAt(res, 'order')?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('scope outcome of each scoped core operation', () => {
  // One field per operation; the order-id variable is filled from alice's first order.
  const cases = [
    { op: 'me', scope: 'users.read', query: '{ me { username } }', path: 'me' },
    { op: 'ordersIndex', scope: 'orders.read', query: '{ orders(first: 1) { totalCount } }', path: 'orders' },
    { op: 'ordersShow', scope: 'orders.read', query: 'query($id: ID!) { order(id: $id) { id status } }', path: 'order' },
    { op: 'ordersDeliveries', scope: 'orders.read', query: 'query($id: ID!) { orders(first: 1) { nodes { id deliveries { id } } } order(id: $id) { id } }', path: 'orders' },
    { op: 'ordersRevisions', scope: 'orders.read', query: 'query($id: ID!) { orders(first: 1) { nodes { id revisions { id } } } order(id: $id) { id } }', path: 'orders' },
  ];
  let orderId = '';
  beforeAll(async () => {
    const res = await gw.query('{ orders(first: 1) { nodes { id } } }', { headers: buyer });
    orderId = (res.data as { orders: Node<{ id: string }> }).orders.nodes[0]!.id;
  });

  it.each(cases)('$op: FORBIDDEN naming $scope without it, the mapped answer with only it', async ({ op, scope, query, path }) => {
    const variables = query.includes('$id') ? { id: orderId } : undefined;
    const denied = await gw.query(query, { headers: { authorization: `Bearer ${TOKENS.noscope}` }, variables });
    expect(errorAt(denied, path)?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: scope, upstream: 'marketplace', status: 403 });
    gw.resetCalls();
    const allowed = await gw.query(query, { headers: { authorization: `Bearer sandbox:alice:${scope}` }, variables });
    expect(allowed.errors, JSON.stringify(allowed.errors)).toBeUndefined();
    expect(JSON.stringify(allowed.data)).not.toContain('null');
    const method = 'GET';
    const wanted = { me: '/api/v1/me', ordersIndex: '/api/v1/orders', ordersShow: `/api/v1/orders/${orderId}`, ordersDeliveries: '/deliveries', ordersRevisions: '/revisions' }[op]!;
    expect(gw.calls('marketplace').some((c) => c.method === method && c.path.endsWith(wanted))).toBe(true);
  });
});

describe('me, users, platform data', () => {
  it('me is the token user; categories and scopes come from the upstream', async () => {
    const res = await gw.query('{ me { username name createdAt } categories { slug name parentSlug } apiScopes { slug label restricted source enabled } webhookEventTypes { name } }', {
      headers: buyer,
    });
    expect(res.errors).toBeUndefined();
    const data = res.data as { me: { username: string }; categories: unknown[]; apiScopes: Array<{ slug: string; restricted: boolean; source: string }>; webhookEventTypes: unknown[] };
    expect(data.me.username).toBe('alice');
    expect(data.categories.length).toBeGreaterThan(5);
    expect(data.apiScopes).toHaveLength(45);
    expect(data.apiScopes.find((s) => s.slug === 'orders.write')).toMatchObject({ restricted: true, source: 'core' });
    expect(data.webhookEventTypes.length).toBeGreaterThan(50);
    // Reference data is fetched without the caller's token, so it can be shared.
    for (const call of gw.calls('marketplace').filter((c) => c.path === '/api/v1/categories' || c.path === '/api/v1/openapi.json')) {
      expect(call.headers.authorization).toBeUndefined();
    }
  });
});

describe('one request across all three services', () => {
  it('routes each credential only to its own upstream', async () => {
    const res = await gw.query(
      `{ me { username } seoReports(first: 10) { totalCount } item(id: "1") { name demoReports(first: 1) { url } } validatePurchase(code: "1d000001-0000-4000-8000-000000000001") { valid } }`,
      { headers: { ...buyer, 'x-seo-api-key': SEO_KEY, 'x-items-api-key': ITEMS_KEY } },
    );
    expect(res.errors).toBeUndefined();
    const market = JSON.stringify(gw.calls('marketplace'));
    const seo = JSON.stringify(gw.calls('seo'));
    const items = JSON.stringify(gw.calls('items'));
    expect(market).toContain(TOKENS.buyer);
    expect(market).not.toContain(SEO_KEY);
    expect(market).not.toContain(ITEMS_KEY);
    expect(seo).toContain(SEO_KEY);
    expect(seo).not.toContain(TOKENS.buyer);
    expect(seo).not.toContain(ITEMS_KEY);
    expect(items).toContain(ITEMS_KEY);
    expect(items).not.toContain(TOKENS.buyer);
    expect(items).not.toContain(SEO_KEY);
  });

  it('a failing upstream nulls only its own fields', async () => {
    gw.sandbox.services.seo!.control.setFaults([{ kind: 'status', status: 500, times: 10 }]);
    try {
      const res = await gw.query('{ me { username } seoReports { totalCount } }', { headers: { ...buyer, 'x-seo-api-key': SEO_KEY } });
      expect(res.data).toEqual({ me: { username: 'alice' }, seoReports: null });
      expect(errorAt(res, 'seoReports')?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstream: 'seo', status: 500 });
    } finally {
      gw.sandbox.services.seo!.control.setFaults([]);
    }
  });
});
