/**
 * Marketplace sandbox: the state machines around a deal. AI requests,
 * advertising campaigns and wallet, CRM notes and campaigns, follows and
 * favorites, media, and mobile login, registration and refresh tokens.
 */
import { describe, it, expect } from 'vitest';
import { FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME } from '../../src/sandbox/marketplace/index.js';
import { BUYER, SELLER, useMarketplaceSandbox } from './marketplace-fixture.js';

const { call, get, post, waitForEvent } = useMarketplaceSandbox();

describe('state machines', () => {
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
    const campaign = await post('/seller/crm/campaigns', SELLER, {
      name: 'Win back',
      message: 'Come back for 10% off',
      segment: 'inactive',
      discount_percent: 10,
    });
    expect(campaign.json.data.status).toBe('scheduled');
    expect((await get('/seller/crm/stats', SELLER)).json.data.customers_count).toBe(
      (await get('/seller/crm?per_page=100', SELLER)).json.meta.total,
    );
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

    const registered = await call('POST', '/mobile/register', {
      body: { username: 'newbie', name: 'New Bie', email: 'newbie@example.com', password: 'secret-pass' },
    });
    expect(registered.status).toBe(201);
    expect((await get('/users/newbie')).json.data.username).toBe('newbie');
    expect(
      (
        await call('POST', '/mobile/register', {
          body: { username: 'newbie', name: 'Again', email: 'x@example.com', password: 'secret-pass' },
        })
      ).status,
    ).toBe(422);
    const refreshed = await call('POST', '/mobile/refresh', { body: { refresh_token: registered.json.data.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect((await call('POST', '/mobile/refresh', { body: { refresh_token: registered.json.data.refresh_token } })).status).toBe(401);
    expect((await call('POST', '/mobile/forgot-password', { body: { email: 'nobody@example.com' } })).status).toBe(200);
  });
});
