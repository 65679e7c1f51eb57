/**
 * Marketplace webhook events (contract section 7): signed delivery to
 * POST /webhooks/marketplace (401 for a bad or stale signature, 202 once,
 * 200 "duplicate" after), and Subscription.marketplaceEvents over SSE and
 * graphql-ws, where a caller sees only events naming its own username.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestGateway, TOKENS, type TestGateway, ADMIN_KEY } from '../helpers/gateway.js';
import { eventFor, postWebhook as postTo, sse as sseAt, until } from '../helpers/events.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const postWebhook = (payload: unknown, options?: { secret?: string; at?: number }) => postTo(gw.url, payload, options);
const sse = (query: string, headers: Record<string, string>) => sseAt(gw.url, query, headers);

describe('webhook receiver', () => {
  it('accepts a signed event once, then answers duplicate', async () => {
    const payload = eventFor({ username: 'alice' });
    const first = await postWebhook(payload);
    expect(first.status).toBe(202);
    const again = await postWebhook(payload);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ status: 'duplicate' });
  });

  it('refuses a bad signature and a timestamp more than 5 minutes away with 401', async () => {
    expect((await postWebhook(eventFor({}), { secret: 'wrong' })).status).toBe(401);
    expect((await postWebhook(eventFor({}), { at: Math.floor(Date.now() / 1000) - 301 })).status).toBe(401);
    const unsigned = await fetch(`${gw.url}/webhooks/marketplace`, { method: 'POST', body: JSON.stringify(eventFor({})) });
    expect(unsigned.status).toBe(401);
  });
});

describe('marketplaceEvents', () => {
  const query = 'subscription { marketplaceEvents { id event data } }';

  it('delivers over SSE only the events naming the caller, including ones the sandbox sends on a state change', async () => {
    const alice = await sse(query, { authorization: `Bearer ${TOKENS.buyer}` });
    const admin = await sse(query, { 'x-gateway-admin-key': ADMIN_KEY });
    expect(alice.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    const forBob = eventFor({ buyer_username: 'bob' });
    const forAlice = eventFor({ seller_username: 'pixelcraft', buyer_username: 'alice' }, 'order.delivered');
    expect((await postWebhook(forBob)).status).toBe(202);
    expect((await postWebhook(forAlice)).status).toBe(202);
    // A real state change in the marketplace sandbox: its signed webhook reaches the gateway.
    const gig = (await (
      await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?per_page=1`, { headers: { accept: 'application/json' } })
    ).json()) as { data: Array<{ slug: string }> };
    const created = await fetch(`${gw.sandbox.urls.marketplace}/api/v1/orders`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKENS.buyer}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ gig_slug: gig.data[0]!.slug }),
    });
    expect(created.status).toBe(201);
    await until(() => alice.received.length >= 2 && admin.received.length >= 3);
    const aliceEvents = alice.received.map((r) => r.data!.marketplaceEvents as { id: string; event: string });
    expect(aliceEvents.map((e) => e.id)).toContain(forAlice.id);
    expect(aliceEvents.map((e) => e.id)).not.toContain(forBob.id);
    expect(aliceEvents.map((e) => e.event)).toContain('order.created');
    const adminIds = admin.received.map((r) => (r.data!.marketplaceEvents as { id: string }).id);
    expect(adminIds).toEqual(expect.arrayContaining([forBob.id, forAlice.id]));
    await alice.close();
    await admin.close();
  });

  it('refuses a subscriber without a token with 401 and the coded error, not a stream (an EventSource would reconnect to one for ever)', async () => {
    const anonymous = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ query }),
    });
    expect(anonymous.status).toBe(401);
    const body = (await anonymous.json()) as { errors?: Array<{ extensions?: Record<string, unknown> }> };
    expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('works over graphql-ws with the token in connectionParams, filtered by event name', async () => {
    const client = createClient({
      url: gw.url.replace('http', 'ws') + '/graphql',
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${TOKENS.buyer}` },
    });
    const received: Array<{ event: string; id: string }> = [];
    const dispose = client.subscribe(
      { query: 'subscription { marketplaceEvents(events: ["offer.created"]) { id event } }' },
      {
        next: (value) => received.push((value.data as { marketplaceEvents: { event: string; id: string } }).marketplaceEvents),
        error: () => {},
        complete: () => {},
      },
    );
    await new Promise((r) => setTimeout(r, 200));
    const other = eventFor({ username: 'alice' }, 'order.created');
    const wanted = eventFor({ username: 'alice' }, 'offer.created');
    await postWebhook(other);
    await postWebhook(wanted);
    await until(() => received.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(received).toEqual([{ id: wanted.id, event: 'offer.created' }]);
    dispose();
    await client.dispose();
  });
});

describe('a subscription past REQUEST_DEADLINE_MS', () => {
  let short: TestGateway;
  beforeAll(async () => {
    short = await startTestGateway({ REQUEST_DEADLINE_MS: '300' });
  });
  afterAll(() => short?.close());

  // Its context's signal aborts at the deadline (use-request-deadline.ts); only its start (GET /me) calls an upstream.
  it('still delivers events after the deadline of the request that opened it', async () => {
    const alice = await sseAt(short.url, 'subscription { marketplaceEvents { id } }', { authorization: `Bearer ${TOKENS.buyer}` });
    try {
      expect(alice.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 900));
      const late = eventFor({ buyer_username: 'alice' });
      expect((await postTo(short.url, late)).status).toBe(202);
      await until(() => alice.received.length >= 1);
      expect(alice.received.map((r) => (r.data?.marketplaceEvents as { id: string } | undefined)?.id)).toEqual([late.id]);
    } finally {
      await alice.close();
    }
  });
});
