/**
 * Marketplace sandbox: the state machines of a deal. Orders with extensions,
 * reorders and reviews; offers with counters, decline and attachments; buyer
 * requests with proposals; and the signed webhooks they send.
 */
import { createHmac } from 'node:crypto';
import { describe, it, expect } from 'vitest';
import { FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME } from '../../src/sandbox/marketplace/index.js';
import { BUYER, SECRET, SELLER, useMarketplaceSandbox } from './marketplace-fixture.js';

const { call, get, post, waitForEvent } = useMarketplaceSandbox();

describe('state machines', () => {
  it('creates an order, requests and approves an extension once, and signs the webhook', async () => {
    expect((await post('/orders', BUYER, { gig_slug: 'no-such-gig' })).json.errors.gig_slug).toBeDefined();
    const gig = (await get(`/gigs?seller=${FIRST_SELLER_USERNAME}&per_page=1`)).json.data[0];
    const created = await post('/orders', BUYER, { gig_slug: gig.slug, package: 'standard' });
    expect(created.status).toBe(201);
    const order = created.json.data;
    expect(order).toMatchObject({
      status: 'pending',
      buyer_username: DEMO_BUYER_USERNAME,
      seller_username: FIRST_SELLER_USERNAME,
      total: gig.price_from * 2,
    });

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
    const orders = (await get('/orders?per_page=100', BUYER)).json.data as {
      uuid: string;
      status: string;
      buyer_username: string;
      review_id: number | null;
    }[];
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
    const offer = (
      await post('/offers', SELLER, { buyer_username: DEMO_BUYER_USERNAME, description: 'A logo package', price: 120, delivery_days: 5 })
    ).json.data;
    expect(offer).toMatchObject({ status: 'pending', sender_username: FIRST_SELLER_USERNAME, recipient_username: DEMO_BUYER_USERNAME });
    expect((await post(`/offers/${offer.uuid}/accept`, SELLER)).status).toBe(403);
    const counter = await post(`/offers/${offer.uuid}/counter`, BUYER, { price: 100 });
    expect(counter.status).toBe(201);
    expect(counter.json.data).toMatchObject({
      status: 'pending',
      price: 100,
      parent_uuid: offer.uuid,
      recipient_username: FIRST_SELLER_USERNAME,
    });
    expect((await get(`/offers/${offer.uuid}`, BUYER)).json.data.status).toBe('countered');
    const accepted = await post(`/offers/${counter.json.data.uuid}/accept`, SELLER);
    expect(accepted.json.data.status).toBe('accepted');
    expect((await get(`/orders/${accepted.json.data.order_uuid}`, BUYER)).json.data.total).toBe(100);
    const twice = await post(`/offers/${counter.json.data.uuid}/accept`, SELLER);
    expect(twice.status).toBe(409);

    const declined = (
      await post('/offers', SELLER, { buyer_username: DEMO_BUYER_USERNAME, description: 'Another', price: 50, delivery_days: 2 })
    ).json.data;
    expect((await post(`/offers/${declined.uuid}/decline`, BUYER)).json.data.status).toBe('declined');
    expect((await post(`/offers/${declined.uuid}/accept`, BUYER)).status).toBe(409);
    await waitForEvent('offer.countered', (d) => d.parent_uuid === offer.uuid);
  });

  it('attaches uploaded and existing media to a pending offer and removes them', async () => {
    const offer = (
      await post('/offers', SELLER, { buyer_username: DEMO_BUYER_USERNAME, description: 'With files', price: 80, delivery_days: 3 })
    ).json.data;
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
    const request = await post('/requests', BUYER, {
      title: 'Need a mascot',
      description: 'A friendly fox mascot for our app.',
      budget: 200,
      delivery_days: 7,
    });
    expect(request.status).toBe(201);
    expect(request.json.data.status).toBe('open');
    const uuid = request.json.data.uuid;
    expect((await post(`/requests/${uuid}/proposals`, BUYER, { message: 'I can do it myself', price: 1, delivery_days: 1 })).status).toBe(
      403,
    );
    const proposal = (
      await post(`/requests/${uuid}/proposals`, SELLER, { message: 'I draw mascots every day.', price: 220, delivery_days: 6 })
    ).json.data;
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
});
