/**
 * Marketplace sandbox: the read endpoints on the seeded data (paging and its
 * validation, filters and order, reviews, orders, deliveries, the OpenAPI
 * description) and that a seed always yields the same data.
 */
import { describe, it, expect } from 'vitest';
import { serve } from '../../src/sandbox/http.js';
import { createMarketplaceRouter, FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME, sandboxToken } from '../../src/sandbox/marketplace/index.js';
import { MARKETPLACE_ROUTES } from '../../src/sandbox/marketplace/route-table.js';
import { BUYER, SELLER, useMarketplaceSandbox } from './marketplace-fixture.js';

const { get } = useMarketplaceSandbox();

describe('read endpoints', () => {
  it('pages sellers by username with Laravel meta and links', async () => {
    const { status, json } = await get('/sellers?per_page=10&page=2');
    expect(status).toBe(200);
    expect(json.meta).toEqual({ current_page: 2, per_page: 10, total: 40, last_page: 4 });
    expect(json.links.prev).toContain('page=1');
    expect(json.links.next).toContain('page=3');
    const names = json.data.map((s: { username: string }) => s.username);
    expect(names).toEqual([...names].sort());
    expect(Object.keys(json.data[0])).toEqual(
      expect.arrayContaining([
        'username',
        'name',
        'headline',
        'rating',
        'reviews_count',
        'avatar_url',
        'country',
        'level',
        'languages',
        'created_at',
      ]),
    );
  });

  it('refuses bad paging values with 422', async () => {
    const res = await get('/gigs?per_page=101');
    expect(res.status).toBe(422);
    expect(res.json.errors.per_page).toHaveLength(1);
    expect((await get('/gigs?page=0')).status).toBe(422);
    expect((await get('/gigs')).json.meta.per_page).toBe(15);
  });

  it('filters gigs by seller, search and category, newest first', async () => {
    const { json } = await get(`/gigs?seller=${FIRST_SELLER_USERNAME}&per_page=100`);
    expect(json.meta.total).toBeGreaterThanOrEqual(25);
    expect(json.data.every((g: { seller_username: string }) => g.seller_username === FIRST_SELLER_USERNAME)).toBe(true);
    const dates = json.data.map((g: { created_at: string }) => g.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
    const search = await get('/gigs?search=LOGO&per_page=100');
    expect(search.json.meta.total).toBeGreaterThan(0);
    expect(
      search.json.data.every((g: { title: string; description: string }) => `${g.title} ${g.description}`.toLowerCase().includes('logo')),
    ).toBe(true);
    const parent = await get('/gigs?category=graphics-design&per_page=1');
    const categories = (await get('/categories')).json.data;
    expect(parent.json.meta.total).toBe(categories.find((c: { slug: string }) => c.slug === 'graphics-design').gigs_count);
    expect((await get('/sellers?per_page=100')).json.data.length).toBe(40);
  });

  it('serves gig reviews newest first, consistent with the gig', async () => {
    const all = (await get('/gigs?per_page=100')).json.data as { slug: string; reviews_count: number; rating: number }[];
    const busy = all.find((g) => g.reviews_count >= 20)!;
    expect(busy).toBeDefined();
    const { json } = await get(`/gigs/${busy.slug}/reviews?per_page=100`);
    expect(json.meta.total).toBe(busy.reviews_count);
    const ids = json.data.map((r: { id: number }) => r.id);
    expect(ids).toEqual([...ids].sort((a: number, b: number) => b - a));
    const avg = json.data.reduce((s: number, r: { rating: number }) => s + r.rating, 0) / json.data.length;
    expect(busy.rating).toBe(Math.round(avg * 10) / 10);
    expect((await get('/gigs/no-such-gig/reviews')).status).toBe(404);
  });

  it("lists the token user's orders and hides other users' orders", async () => {
    const { json } = await get('/orders?per_page=100', BUYER);
    expect(json.meta.total).toBeGreaterThanOrEqual(40);
    expect(new Set(json.data.map((o: { status: string }) => o.status)).size).toBe(6);
    const bobs = (await get('/orders', sandboxToken('bob'))).json.data as {
      uuid: string;
      buyer_username: string;
      seller_username: string;
    }[];
    const foreign = bobs.find((o) => o.seller_username !== DEMO_BUYER_USERNAME)!;
    expect((await get(`/orders/${foreign.uuid}`, BUYER)).status).toBe(404);
    const sellerOrders = (await get('/orders', SELLER)).json;
    expect(sellerOrders.meta.total).toBeGreaterThan(10);
  });

  it('serves deliveries and revisions as plain lists', async () => {
    const orders = (await get('/orders?per_page=100', BUYER)).json.data as { uuid: string; deliveries_count: number }[];
    const delivered = orders.find((o) => o.deliveries_count > 0)!;
    const deliveries = await get(`/orders/${delivered.uuid}/deliveries`, BUYER);
    expect(deliveries.json.meta).toBeUndefined();
    expect(deliveries.json.data).toHaveLength(delivered.deliveries_count);
    expect(Object.keys(deliveries.json.data[0]).sort()).toEqual(['created_at', 'files', 'id', 'message', 'order_uuid']);
    expect(Array.isArray((await get(`/orders/${delivered.uuid}/revisions`, BUYER)).json.data)).toBe(true);
  });

  it('publishes an OpenAPI description with scopes and webhook events', async () => {
    const { json } = await get('/openapi.json');
    expect(json.openapi).toBe('3.0.3');
    expect(json.info).toMatchObject({ title: 'Marketplace Developer REST API', version: '1.0.0' });
    const operations = Object.values(json.paths as Record<string, Record<string, unknown>>).flatMap((p) => Object.values(p));
    expect(operations).toHaveLength(MARKETPLACE_ROUTES.size);
    expect(json.paths['/sellers'].get.security).toEqual([]);
    expect(json.paths['/orders/{uuid}'].get.security).toEqual([{ bearerAuth: ['orders.read'] }]);
    expect(json['x-scopes']).toHaveLength(45);
    expect(json['x-scopes']).toContainEqual({
      slug: 'crm.write',
      label: expect.any(String),
      restricted: true,
      source: 'core',
      enabled: true,
    });
    expect(json['x-webhook-events']).toContainEqual({
      name: 'order.overdue',
      description: 'An order passed its delivery deadline.',
      source: 'core',
    });
    expect((await get('/health')).json).toEqual({ status: 'ok' });
  });

  it('is deterministic for a seed', async () => {
    const other = await serve('marketplace-2', createMarketplaceRouter({ seed: 1 }));
    try {
      const a = (await get('/gigs?per_page=5')).json.data.map((g: { slug: string }) => g.slug);
      const res = await fetch(`${other.url}/api/v1/gigs?per_page=5`);
      const b = ((await res.json()) as { data: { slug: string }[] }).data.map((g) => g.slug);
      expect(b).toEqual(a);
    } finally {
      await other.close();
    }
  });
});
