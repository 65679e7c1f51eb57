import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { serve, type RunningService } from '../../src/sandbox/http.js';
import { createMarketplaceRouter, DEMO_TOKENS, FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME, sandboxToken } from '../../src/sandbox/marketplace/index.js';
import { MARKETPLACE_ROUTES } from '../../src/sandbox/marketplace/route-table.js';

const SECRET = 'test-webhook-secret';
const BUYER = DEMO_TOKENS.buyer.token;
const SELLER = DEMO_TOKENS.seller.token;

interface Received {
  signature: string;
  raw: string;
  body: { id: string; event: string; created_at: string; data: Record<string, unknown> };
}

let service: RunningService;
let receiver: Server;
const received: Received[] = [];

interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
}

async function call(method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: string | FormData | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  const res = await fetch(`${service.url}/api/v1${path}`, { method, headers, body });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const json = (await res.json()) as any;
  return { status: res.status, json };
}

const get = (path: string, token?: string) => call('GET', path, { token });
const post = (path: string, token: string, body: unknown = {}) => call('POST', path, { token, body });

async function waitForEvent(event: string, match: (data: Record<string, unknown>) => boolean = () => true): Promise<Received> {
  for (let i = 0; i < 100; i++) {
    const hit = received.find((r) => r.body.event === event && match(r.body.data));
    if (hit) return hit;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${event} event received`);
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ signature: String(req.headers['x-signature']), raw, body: JSON.parse(raw) as Received['body'] });
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as AddressInfo;
  service = await serve('marketplace', createMarketplaceRouter({ seed: 1, webhook: { url: `http://127.0.0.1:${port}/hook`, secret: SECRET } }));
});

afterAll(async () => {
  await service.close();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

describe('authentication and scopes', () => {
  it('answers 401 without a token and with an unknown token or user', async () => {
    expect(await get('/me')).toEqual({ status: 401, json: { message: 'Unauthenticated.' } });
    expect((await get('/me', 'not-a-token')).status).toBe(401);
    expect((await get('/me', sandboxToken('nobody-here'))).status).toBe(401);
  });

  it('answers 403 with the required scope when the token lacks it', async () => {
    const res = await get('/me', DEMO_TOKENS.noscope.token);
    expect(res.status).toBe(403);
    expect(res.json.required_scope).toBe('users.read');
    const write = await post('/orders', DEMO_TOKENS.readonly.token, { gig_slug: 'x' });
    expect(write.status).toBe(403);
    expect(write.json.required_scope).toBe('orders.write');
    expect((await get('/orders', DEMO_TOKENS.readonly.token)).status).toBe(200);
  });

  it('resolves demo tokens and generic sandbox tokens to their users', async () => {
    expect((await get('/me', BUYER)).json.data.username).toBe(DEMO_BUYER_USERNAME);
    expect((await get('/me', SELLER)).json.data.username).toBe(FIRST_SELLER_USERNAME);
    expect((await get('/me', sandboxToken('bob', ['users.read']))).json.data.username).toBe('bob');
    expect((await get('/orders', sandboxToken('bob', ['users.read']))).json.required_scope).toBe('orders.read');
  });

  it('never requires a token for the seller list and the gig search, even a bad one', async () => {
    expect((await get('/sellers')).status).toBe(200);
    expect((await get('/gigs')).status).toBe(200);
    expect((await get('/gigs', 'garbage')).status).toBe(200);
  });

  it('routes every operation of its route table, enforcing its scope', async () => {
    for (const [id, op] of MARKETPLACE_ROUTES) {
      const path = op.path.replace(/\{\w+\}/g, 'missing-id');
      const res = await call(op.method, path, op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} });
      if (op.scope) expect([id, res.status]).toEqual([id, 401]);
      else expect([id, res.status === 405 || res.json.message === 'Not Found']).toEqual([id, false]);
    }
  });
});

describe('read endpoints', () => {
  it('pages sellers by username with Laravel meta and links', async () => {
    const { status, json } = await get('/sellers?per_page=10&page=2');
    expect(status).toBe(200);
    expect(json.meta).toEqual({ current_page: 2, per_page: 10, total: 40, last_page: 4 });
    expect(json.links.prev).toContain('page=1');
    expect(json.links.next).toContain('page=3');
    const names = json.data.map((s: { username: string }) => s.username);
    expect(names).toEqual([...names].sort());
    expect(Object.keys(json.data[0])).toEqual(expect.arrayContaining(['username', 'name', 'headline', 'rating', 'reviews_count', 'avatar_url', 'country', 'level', 'languages', 'created_at']));
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
    expect(search.json.data.every((g: { title: string; description: string }) => `${g.title} ${g.description}`.toLowerCase().includes('logo'))).toBe(true);
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
    const bobs = (await get('/orders', sandboxToken('bob'))).json.data as { uuid: string; buyer_username: string; seller_username: string }[];
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
    expect(json['x-scopes']).toContainEqual({ slug: 'crm.write', label: expect.any(String), restricted: true, source: 'core', enabled: true });
    expect(json['x-webhook-events']).toContainEqual({ name: 'order.overdue', description: 'An order passed its delivery deadline.', source: 'core' });
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

describe('state machines', () => {
  it('creates an order, requests and approves an extension once, and signs the webhook', async () => {
    expect((await post('/orders', BUYER, { gig_slug: 'no-such-gig' })).json.errors.gig_slug).toBeDefined();
    const gig = (await get(`/gigs?seller=${FIRST_SELLER_USERNAME}&per_page=1`)).json.data[0];
    const created = await post('/orders', BUYER, { gig_slug: gig.slug, package: 'standard' });
    expect(created.status).toBe(201);
    const order = created.json.data;
    expect(order).toMatchObject({ status: 'pending', buyer_username: DEMO_BUYER_USERNAME, seller_username: FIRST_SELLER_USERNAME, total: gig.price_from * 2 });

    expect((await post(`/orders/${order.uuid}/extensions`, SELLER, { days: 0 })).status).toBe(422);
    const ext = await post(`/orders/${order.uuid}/extensions`, SELLER, { days: 3, reason: 'Need more time' });
    expect(ext.status).toBe(201);
    expect(ext.json.data.status).toBe('pending');
    expect((await post(`/orders/${order.uuid}/extensions`, SELLER, { days: 1, reason: 'Another one' })).status).toBe(409);
    const approved = await post(`/orders/${order.uuid}/extensions/${ext.json.data.uuid}/respond`, BUYER, { action: 'approve' });
    expect(approved.json.data.status).toBe('approved');
    const moved = (await get(`/orders/${order.uuid}`, BUYER)).json.data.due_at;
    expect(Date.parse(moved) - Date.parse(order.due_at)).toBe(3 * 86_400_000);
    const again = await post(`/orders/${order.uuid}/extensions/${ext.json.data.uuid}/respond`, BUYER, { action: 'reject' });
    expect(again.status).toBe(409);
    expect(again.json.message).toMatch(/already approved/);

    const hook = await waitForEvent('order.created', (d) => d.uuid === order.uuid);
    const [t, v1] = hook.signature.split(',').map((p) => p.split('=')[1]!);
    expect(Math.abs(Number(t) - Date.now() / 1000)).toBeLessThan(60);
    expect(v1).toBe(createHmac('sha256', SECRET).update(`${t}.${hook.raw}`).digest('hex'));
    expect(hook.body).toMatchObject({ id: expect.any(String), event: 'order.created', created_at: expect.any(String) });
    expect(hook.body.data).toMatchObject({ buyer_username: DEMO_BUYER_USERNAME, seller_username: FIRST_SELLER_USERNAME });
    await waitForEvent('order.extension.approved', (d) => d.order_uuid === order.uuid);
  });

  it('reorders and reviews completed orders only, reviewing once', async () => {
    const orders = (await get('/orders?per_page=100', BUYER)).json.data as { uuid: string; status: string; buyer_username: string; review_id: number | null }[];
    const completed = orders.find((o) => o.status === 'completed' && o.review_id === null && o.buyer_username === DEMO_BUYER_USERNAME)!;
    const pending = orders.find((o) => o.status === 'pending')!;
    expect((await post(`/orders/${completed.uuid}/reorder`, BUYER)).status).toBe(201);
    expect((await post(`/orders/${pending.uuid}/reorder`, BUYER)).status).toBe(409);
    expect((await get('/reorders', BUYER)).json.meta.total).toBe(1);

    expect((await post(`/orders/${completed.uuid}/reviews`, BUYER, { rating: 6, comment: 'x' })).status).toBe(422);
    const review = await post(`/orders/${completed.uuid}/reviews`, BUYER, { rating: 5, comment: 'Lovely work' });
    expect(review.status).toBe(201);
    expect((await post(`/orders/${completed.uuid}/reviews`, BUYER, { rating: 4, comment: 'Twice' })).status).toBe(409);
    expect((await post(`/orders/${pending.uuid}/reviews`, BUYER, { rating: 4, comment: 'Too early' })).status).toBe(409);
    const latest = (await get(`/gigs/${review.json.data.gig_slug}/reviews?per_page=1`)).json.data[0];
    expect(latest.id).toBe(review.json.data.id);
  });

  it('walks an offer through counter and accept, and refuses to accept it twice', async () => {
    const offer = (await post('/offers', SELLER, { buyer_username: DEMO_BUYER_USERNAME, description: 'A logo package', price: 120, delivery_days: 5 })).json.data;
    expect(offer).toMatchObject({ status: 'pending', sender_username: FIRST_SELLER_USERNAME, recipient_username: DEMO_BUYER_USERNAME });
    expect((await post(`/offers/${offer.uuid}/accept`, SELLER)).status).toBe(403);
    const counter = await post(`/offers/${offer.uuid}/counter`, BUYER, { price: 100 });
    expect(counter.status).toBe(201);
    expect(counter.json.data).toMatchObject({ status: 'pending', price: 100, parent_uuid: offer.uuid, recipient_username: FIRST_SELLER_USERNAME });
    expect((await get(`/offers/${offer.uuid}`, BUYER)).json.data.status).toBe('countered');
    const accepted = await post(`/offers/${counter.json.data.uuid}/accept`, SELLER);
    expect(accepted.json.data.status).toBe('accepted');
    expect((await get(`/orders/${accepted.json.data.order_uuid}`, BUYER)).json.data.total).toBe(100);
    const twice = await post(`/offers/${counter.json.data.uuid}/accept`, SELLER);
    expect(twice.status).toBe(409);

    const declined = (await post('/offers', SELLER, { buyer_username: DEMO_BUYER_USERNAME, description: 'Another', price: 50, delivery_days: 2 })).json.data;
    expect((await post(`/offers/${declined.uuid}/decline`, BUYER)).json.data.status).toBe('declined');
    expect((await post(`/offers/${declined.uuid}/accept`, BUYER)).status).toBe(409);
    await waitForEvent('offer.countered', (d) => d.parent_uuid === offer.uuid);
  });

  it('attaches uploaded and existing media to a pending offer and removes them', async () => {
    const offer = (await post('/offers', SELLER, { buyer_username: DEMO_BUYER_USERNAME, description: 'With files', price: 80, delivery_days: 3 })).json.data;
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(1234)], { type: 'image/png' }), 'mock.png');
    const attached = await call('POST', `/offers/${offer.uuid}/attachments`, { token: SELLER, form });
    expect(attached.status).toBe(201);
    expect(attached.json.data.attachments).toHaveLength(1);
    expect(attached.json.data.attachments[0]).toMatchObject({ filename: 'mock.png', size: 1234, content_type: 'image/png' });
    expect((await post(`/offers/${offer.uuid}/attachments`, SELLER, { media_uuid: 'unknown' })).status).toBe(404);
    const mediaUuid = attached.json.data.attachments[0].uuid;
    const removed = await call('DELETE', `/offers/${offer.uuid}/attachments/${mediaUuid}`, { token: SELLER });
    expect(removed.json.data.attachments).toEqual([]);
    expect((await post(`/offers/${offer.uuid}/attachments`, SELLER, { media_uuid: mediaUuid })).json.data.attachments).toHaveLength(1);
  });

  it('walks a buyer request and proposal to an accepted counter that becomes an offer', async () => {
    const request = await post('/requests', BUYER, { title: 'Need a mascot', description: 'A friendly fox mascot for our app.', budget: 200, delivery_days: 7 });
    expect(request.status).toBe(201);
    expect(request.json.data.status).toBe('open');
    const uuid = request.json.data.uuid;
    expect((await post(`/requests/${uuid}/proposals`, BUYER, { message: 'I can do it myself', price: 1, delivery_days: 1 })).status).toBe(403);
    const proposal = (await post(`/requests/${uuid}/proposals`, SELLER, { message: 'I draw mascots every day.', price: 220, delivery_days: 6 })).json.data;
    expect(proposal.status).toBe('submitted');
    expect((await post(`/proposals/${proposal.uuid}/shortlist`, BUYER)).json.data.status).toBe('shortlisted');
    expect((await post(`/proposals/${proposal.uuid}/counter`, BUYER, { price: 180 })).json.data.status).toBe('countered');
    expect((await post(`/proposals/${proposal.uuid}/accept`, BUYER)).status).toBe(409);
    const settled = await post(`/proposals/${proposal.uuid}/accept-counter`, SELLER);
    expect(settled.json.data).toMatchObject({ status: 'accepted', offer_uuid: expect.any(String) });
    const offer = (await get(`/offers/${settled.json.data.offer_uuid}`, BUYER)).json.data;
    expect(offer).toMatchObject({ status: 'pending', price: 180, proposal_uuid: proposal.uuid, sender_username: FIRST_SELLER_USERNAME });
    expect((await post(`/proposals/${proposal.uuid}/withdraw`, SELLER)).status).toBe(409);
    expect((await get('/requests?status=awarded', BUYER)).json.data.map((r: { uuid: string }) => r.uuid)).toContain(uuid);
  });

  it('advances AI requests on reads, and allows cancel and feedback only in the right states', async () => {
    const created = await post('/ai/generate', BUYER, { prompt: 'A gig description for logo design', kind: 'gig_description' });
    expect(created.status).toBe(201);
    expect(created.json.data.status).toBe('queued');
    const uuid = created.json.data.uuid;
    expect((await get(`/ai/requests/${uuid}`, BUYER)).json.data.status).toBe('running');
    const done = (await get(`/ai/requests/${uuid}`, BUYER)).json.data;
    expect(done.status).toBe('succeeded');
    expect(done.result).toEqual(expect.any(String));
    expect((await post(`/ai/requests/${uuid}/cancel`, BUYER)).status).toBe(409);
    expect((await post(`/ai/requests/${uuid}/feedback`, BUYER, { rating: 5 })).json.data.feedback).toEqual({ rating: 5, comment: null });
    expect((await post(`/ai/requests/${uuid}/feedback`, BUYER, { rating: 4 })).status).toBe(409);

    const failing = (await post('/ai/generate', BUYER, { prompt: 'please fail' })).json.data.uuid;
    await get(`/ai/requests/${failing}`, BUYER);
    expect((await get(`/ai/requests/${failing}`, BUYER)).json.data.status).toBe('failed');
    const cancelled = (await post('/ai/generate', BUYER, { prompt: 'cancel me' })).json.data.uuid;
    expect((await post(`/ai/requests/${cancelled}/cancel`, BUYER)).json.data.status).toBe('cancelled');
    expect((await get(`/ai/requests/${uuid}`, SELLER)).status).toBe(404);
  });

  it('creates campaigns with analytics and takes positive deposits only', async () => {
    const gig = (await get(`/gigs?seller=${FIRST_SELLER_USERNAME}&per_page=1`)).json.data[0];
    const campaign = await post('/seller/advertising', SELLER, { name: 'Winter push', gig_slug: gig.slug, daily_budget: 10 });
    expect(campaign.status).toBe(201);
    expect(campaign.json.data.analytics).toMatchObject({ impressions: expect.any(Number), clicks: expect.any(Number) });
    expect((await get(`/seller/advertising/${campaign.json.data.uuid}`, SELLER)).json.data.uuid).toBe(campaign.json.data.uuid);
    expect((await post('/seller/advertising', BUYER, { name: 'Nope', gig_slug: gig.slug, daily_budget: 10 })).status).toBe(403);
    const before = (await get('/seller/advertising/wallet', SELLER)).json.data.balance;
    expect((await post('/seller/advertising/wallet', SELLER, { amount: 0 })).status).toBe(422);
    const after = await post('/seller/advertising/wallet', SELLER, { amount: 25.5 });
    expect(after.status).toBe(201);
    expect(after.json.data.balance).toBe(before + 25.5);
  });

  it('keeps CRM notes and retention campaigns for the seller', async () => {
    const customers = (await get('/seller/crm', SELLER)).json.data;
    expect(customers.length).toBeGreaterThan(0);
    const note = await post(`/seller/crm/${customers[0].uuid}/notes`, SELLER, { body: 'Likes pastel colours.' });
    expect(note.status).toBe(201);
    const show = (await get(`/seller/crm/${customers[0].uuid}`, SELLER)).json.data;
    expect(show.notes.map((n: { body: string }) => n.body)).toContain('Likes pastel colours.');
    const campaign = await post('/seller/crm/campaigns', SELLER, { name: 'Win back', message: 'Come back for 10% off', segment: 'inactive', discount_percent: 10 });
    expect(campaign.json.data.status).toBe('scheduled');
    expect((await get('/seller/crm/stats', SELLER)).json.data.customers_count).toBe((await get('/seller/crm?per_page=100', SELLER)).json.meta.total);
  });

  it('follows idempotently and toggles favorites', async () => {
    const seller = 'motionlab';
    expect((await post(`/sellers/${seller}/follow`, BUYER)).json.data.following).toBe(true);
    expect((await post(`/sellers/${seller}/follow`, BUYER)).json.data.following).toBe(true);
    const list = (await get('/following?per_page=100', BUYER)).json.data.map((s: { username: string }) => s.username);
    expect(list.filter((u: string) => u === seller)).toHaveLength(1);
    expect((await call('DELETE', `/sellers/${seller}/follow`, { token: BUYER })).json.data.following).toBe(false);
    expect((await get('/following?per_page=100', BUYER)).json.data.map((s: { username: string }) => s.username)).not.toContain(seller);

    const gig = (await get('/gigs?per_page=1&page=7')).json.data[0];
    const first = (await post(`/gigs/${gig.slug}/favorite`, BUYER)).json.data.favorited;
    const second = (await post(`/gigs/${gig.slug}/favorite`, BUYER)).json.data.favorited;
    expect(second).toBe(!first);
  });

  it('uploads, updates, lists and deletes media', async () => {
    const form = new FormData();
    form.append('file', new Blob([Buffer.alloc(2048)], { type: 'application/pdf' }), 'brief.pdf');
    form.append('title', 'Brief');
    const created = await call('POST', '/media', { token: BUYER, form });
    expect(created.status).toBe(201);
    expect(created.json.data).toMatchObject({ filename: 'brief.pdf', size: 2048, title: 'Brief', kind: 'document' });
    const uuid = created.json.data.uuid;
    expect((await call('POST', '/media', { token: BUYER, form: new FormData() })).status).toBe(422);
    expect((await post('/media', BUYER, { filename: 'remote.png', content_type: 'image/png', size: 10 })).status).toBe(201);
    expect((await call('PATCH', `/media/${uuid}`, { token: BUYER, body: { alt_text: 'The brief' } })).json.data.alt_text).toBe('The brief');
    expect((await get('/media?per_page=100', BUYER)).json.data.map((m: { uuid: string }) => m.uuid)).toContain(uuid);
    expect((await get(`/media/${uuid}`, SELLER)).status).toBe(404);
    expect((await call('DELETE', `/media/${uuid}`, { token: BUYER })).json.data).toEqual({ uuid, deleted: true });
    expect((await get(`/media/${uuid}`, BUYER)).status).toBe(404);
    await waitForEvent('media.deleted', (d) => d.uuid === uuid && d.username === DEMO_BUYER_USERNAME);
  });

  it('logs in, registers, rotates refresh tokens and answers forgot-password', async () => {
    const login = await call('POST', '/mobile/login', { body: { username: 'bob', password: 'password' } });
    expect(login.json.data).toMatchObject({ token_type: 'Bearer', expires_in: expect.any(Number), user: { username: 'bob' } });
    expect((await get('/me', login.json.data.access_token)).json.data.username).toBe('bob');
    expect((await call('POST', '/mobile/login', { body: { email: 'bob@example.com', password: 'wrong' } })).status).toBe(422);

    const registered = await call('POST', '/mobile/register', { body: { username: 'newbie', name: 'New Bie', email: 'newbie@example.com', password: 'secret-pass' } });
    expect(registered.status).toBe(201);
    expect((await get('/users/newbie')).json.data.username).toBe('newbie');
    expect((await call('POST', '/mobile/register', { body: { username: 'newbie', name: 'Again', email: 'x@example.com', password: 'secret-pass' } })).status).toBe(422);
    const refreshed = await call('POST', '/mobile/refresh', { body: { refresh_token: registered.json.data.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await call('POST', '/mobile/refresh', { body: { refresh_token: registered.json.data.refresh_token } })).status).toBe(401);
    expect((await call('POST', '/mobile/forgot-password', { body: { email: 'nobody@example.com' } })).status).toBe(200);
  });
});
