/**
 * The marketplace's orders through the real gateway and sandbox: each
 * resource read once and primed, the error codes a caller can meet without a
 * token, with a bad one or without the scope (each scoped core operation),
 * and one request across all three services routing each credential only to
 * its own upstream. (Sellers, gigs and reviews: marketplace-catalogue.test.ts.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { errorAt, ITEMS_KEY, SEO_KEY, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { expectTokenOnlyWhereNeeded } from '../helpers/operations.js';
import { buyer, marketplacePaths, type Node } from './marketplace-fixtures.js';

const gw = useTestGateway();
const paths = () => marketplacePaths(gw);

describe('orders', () => {
  it('reads my orders with gig, seller, buyer, deliveries and revisions, each resource once', async () => {
    const res = await gw.query(
      `{ orders(first: 5) { totalCount nodes { id status total currency dueAt gig { slug } seller { username } buyer { username } deliveries { id message } revisions { id reason } } } }`,
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    const orders = (
      res.data as { orders: Node<{ id: string; buyer: { username: string } | null; seller: { username: string }; gig: { slug: string } }> }
    ).orders;
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
    const res = await gw.query('query($id: ID!) { orders(first: 1) { nodes { id } } order(id: $id) { id status deliveries { id } } }', {
      headers: buyer,
      variables: { id },
    });
    expect(res.errors).toBeUndefined();
    expect((res.data as { order: { id: string } }).order.id).toBe(id);
  });

  it('without a token: UNAUTHENTICATED and no upstream call', async () => {
    const res = await gw.query('{ orders { totalCount } me { username } }');
    expect(errorAt(res, 'orders')?.extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      upstream: 'marketplace',
      requiredScope: 'orders.read',
    });
    expect(errorAt(res, 'me')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('a token without the scope: FORBIDDEN with requiredScope, and other fields needing it fail without a call', async () => {
    const res = await gw.query('{ orders { totalCount } again: orders(first: 3) { totalCount } }', {
      headers: { authorization: `Bearer ${TOKENS.noscope}` },
    });
    expect(res.data).toEqual({ orders: null, again: null });
    expect(errorAt(res, 'orders')?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      requiredScope: 'orders.read',
      upstream: 'marketplace',
      status: 403,
    });
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
    {
      op: 'ordersDeliveries',
      scope: 'orders.read',
      query: 'query($id: ID!) { orders(first: 1) { nodes { id deliveries { id } } } order(id: $id) { id } }',
      path: 'orders',
    },
    {
      op: 'ordersRevisions',
      scope: 'orders.read',
      query: 'query($id: ID!) { orders(first: 1) { nodes { id revisions { id } } } order(id: $id) { id } }',
      path: 'orders',
    },
  ];
  let orderId = '';
  beforeAll(async () => {
    const res = await gw.query('{ orders(first: 1) { nodes { id } } }', { headers: buyer });
    orderId = (res.data as { orders: Node<{ id: string }> }).orders.nodes[0]!.id;
  });

  it.each(cases)('$op: FORBIDDEN naming $scope without it, the mapped answer with only it', async ({ op, scope, query, path }) => {
    const variables = query.includes('$id') ? { id: orderId } : undefined;
    const denied = await gw.query(query, { headers: { authorization: `Bearer ${TOKENS.noscope}` }, variables });
    expect(errorAt(denied, path)?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      requiredScope: scope,
      upstream: 'marketplace',
      status: 403,
    });
    gw.resetCalls();
    const allowed = await gw.query(query, { headers: { authorization: `Bearer sandbox:alice:${scope}` }, variables });
    expect(allowed.errors, JSON.stringify(allowed.errors)).toBeUndefined();
    expect(JSON.stringify(allowed.data)).not.toContain('null');
    const method = 'GET';
    const wanted = {
      me: '/api/v1/me',
      ordersIndex: '/api/v1/orders',
      ordersShow: `/api/v1/orders/${orderId}`,
      ordersDeliveries: '/deliveries',
      ordersRevisions: '/revisions',
    }[op]!;
    expect(gw.calls('marketplace').some((c) => c.method === method && c.path.endsWith(wanted))).toBe(true);
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
