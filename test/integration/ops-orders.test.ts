/**
 * The order lifecycle through the gateway against the sandbox: placing an
 * order, its countdown, deadline extensions (the whole machine and its
 * illegal steps), timeline, files, and reordering a completed order.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { as, expectError, expectOk, expectScopeRequired, marketplaceCalls, sentJson } from '../helpers/operations.js';

let gw: TestGateway;
let gig: { slug: string; priceFrom: number };
beforeAll(async () => {
  gw = await startTestGateway({}, ['marketplace']);
  const data = expectOk(
    await gw.query<{ gigs: { nodes: Array<{ slug: string; priceFrom: number }> } }>(
      '{ gigs(seller: "wordsmithy", first: 1) { nodes { slug priceFrom } } }',
    ),
  );
  gig = data.gigs.nodes[0]!;
});
afterAll(() => gw.close());
beforeEach(() => gw.resetCalls());

type OrderNode = { id: string; status: string; dueAt: string; attributes: { buyer_username: string; deliveries_count: number } };

const createOrder = `mutation($input: CreateOrderInput!) { createOrder(input: $input) { order { id status total currency dueAt gig { slug } } } }`;

async function placeOrder(buyer: string): Promise<{ id: string; dueAt: string }> {
  const data = expectOk(
    await gw.query<{ createOrder: { order: { id: string; dueAt: string } } }>(createOrder, {
      variables: { input: { gigSlug: gig.slug } },
      headers: as(buyer, 'orders.write'),
    }),
  );
  gw.resetCalls();
  return data.createOrder.order;
}

async function ordersOf(username: string): Promise<OrderNode[]> {
  const data = expectOk(
    await gw.query<{ orders: { nodes: OrderNode[] } }>('{ orders(first: 100) { nodes { id status dueAt attributes } } }', {
      headers: as(username, 'orders.read'),
    }),
  );
  gw.resetCalls();
  return data.orders.nodes;
}

describe('createOrder (orders.write)', () => {
  it('needs orders.write', async () => {
    await expectScopeRequired(gw, createOrder, 'createOrder', 'orders.write', { input: { gigSlug: gig.slug } });
  });

  it('POSTs /orders with the typed fields; the new order is pending at package price × quantity', async () => {
    const input = { gigSlug: gig.slug, package: 'PREMIUM', quantity: 2, requirements: 'Two blog posts', attributes: { coupon: 'WELCOME' } };
    const data = expectOk(
      await gw.query<{ createOrder: { order: { id: string; status: string; total: number; currency: string; gig: { slug: string } } } }>(
        createOrder,
        { variables: { input }, headers: as('frank', 'orders.write') },
      ),
    );
    const calls = gw.calls('marketplace');
    expect(`${calls[0]!.method} ${calls[0]!.path}`).toBe('POST /api/v1/orders');
    expect(sentJson(calls[0]!)).toEqual({
      gig_slug: gig.slug,
      package: 'premium',
      quantity: 2,
      requirements: 'Two blog posts',
      coupon: 'WELCOME',
    });
    expect(data.createOrder.order).toMatchObject({
      status: 'pending',
      total: gig.priceFrom * 3.5 * 2,
      currency: 'USD',
      gig: { slug: gig.slug },
    });
  });

  it('refuses a quantity of 0 and an empty gig slug before any upstream call', async () => {
    const res = await gw.query(
      'mutation { a: createOrder(input: { gigSlug: "x", quantity: 0 }) { order { id } } b: createOrder(input: { gigSlug: "" }) { order { id } } }',
      { headers: as('frank', 'orders.write') },
    );
    expectError(res, 'a', { code: 'BAD_USER_INPUT', field: 'input.quantity' });
    expectError(res, 'b', { code: 'BAD_USER_INPUT', field: 'input.gigSlug' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('Order links: countdown, extensions, timeline, files (orders.read)', () => {
  it('without orders.read every link is FORBIDDEN; a later field needing it then fails without a call', async () => {
    const res = await gw.query(
      `mutation($input: CreateOrderInput!) {
        first: createOrder(input: $input) { order { id countdown { running } extensions { id } timeline { type } files { name } } }
        second: createOrder(input: $input) { order { id timeline { type } } }
      }`,
      { variables: { input: { gigSlug: gig.slug } }, headers: as('grace', 'orders.write') },
    );
    for (const link of ['countdown', 'extensions', 'timeline', 'files']) {
      expectError(res, `first.order.${link}`, { code: 'FORBIDDEN', requiredScope: 'orders.read' });
    }
    expectError(res, 'second.order.timeline', { code: 'FORBIDDEN', requiredScope: 'orders.read' });
    const calls = marketplaceCalls(gw);
    expect(calls.filter((c) => c === 'POST /api/v1/orders')).toHaveLength(2);
    expect(calls.filter((c) => c.startsWith('GET'))).toHaveLength(4);
  });

  it('Order.countdown reads GET /orders/{uuid}/countdown: a new order is running, not overdue', async () => {
    const { id } = await placeOrder('heidi');
    const data = expectOk(
      await gw.query<{
        order: { countdown: { status: string; running: boolean; overdue: boolean; secondsRemaining: number; dueAt: string; now: string } };
      }>('query($id: ID!) { order(id: $id) { countdown { status dueAt now running secondsRemaining overdue } } }', {
        variables: { id },
        headers: as('heidi', 'orders.read'),
      }),
    );
    expect(marketplaceCalls(gw)).toEqual([`GET /api/v1/orders/${id}`, `GET /api/v1/orders/${id}/countdown`]);
    expect(data.order.countdown).toMatchObject({ status: 'pending', running: true, overdue: false });
    expect(data.order.countdown.secondsRemaining).toBe(
      (Date.parse(data.order.countdown.dueAt) - Date.parse(data.order.countdown.now)) / 1000,
    );
  });

  it('Order.files reads GET /orders/{uuid}/files: every file of every delivery', async () => {
    const delivered = (await ordersOf('alice')).find((o) => o.attributes.deliveries_count > 0)!;
    expect(delivered).toBeDefined();
    const data = expectOk(
      await gw.query<{
        order: { deliveries: Array<{ id: string; files: string[] }>; files: Array<{ name: string; deliveryId: string; url: string }> };
      }>('query($id: ID!) { order(id: $id) { deliveries { id files } files { name deliveryId url createdAt } } }', {
        variables: { id: delivered.id },
        headers: as('alice', 'orders.read'),
      }),
    );
    expect(marketplaceCalls(gw)).toContain(`GET /api/v1/orders/${delivered.id}/files`);
    const expected = data.order.deliveries.flatMap((d) => d.files.map((name) => ({ name, deliveryId: d.id })));
    expect(data.order.files.map((f) => ({ name: f.name, deliveryId: f.deliveryId }))).toEqual(expected);
    for (const file of data.order.files) expect(file.url).toMatch(/^https:\/\//);
  });
});

describe('deadline extensions (the machine)', () => {
  const request =
    'mutation($input: RequestOrderExtensionInput!) { requestOrderExtension(input: $input) { extension { id status days reason requestedBy } } }';
  const respond =
    'mutation($input: RespondToOrderExtensionInput!) { respondToOrderExtension(input: $input) { extension { id status respondedBy } order { id dueAt } } }';

  it('needs orders.write to request and to respond, orders.read to list', async () => {
    await expectScopeRequired(gw, request, 'requestOrderExtension', 'orders.write', {
      input: { orderId: 'o', days: 2, reason: 'More time' },
    });
    await expectScopeRequired(gw, respond, 'respondToOrderExtension', 'orders.write', {
      input: { orderId: 'o', extensionId: 'e', response: 'APPROVE' },
    });
  });

  it('walks pending → approved: the order is due `days` later; answering again or a second pending request is CONFLICT', async () => {
    const order = await placeOrder('ivan');
    const requested = expectOk(
      await gw.query<{ requestOrderExtension: { extension: { id: string; status: string; days: number; requestedBy: string } } }>(request, {
        variables: { input: { orderId: order.id, days: 3, reason: 'Waiting on assets' } },
        headers: as('ivan', 'orders.write'),
      }),
    );
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe(`POST /api/v1/orders/${order.id}/extensions`);
    expect(sentJson(call!)).toEqual({ days: 3, reason: 'Waiting on assets' });
    const extension = requested.requestOrderExtension.extension;
    expect(extension).toMatchObject({ status: 'pending', days: 3, requestedBy: 'ivan' });

    const second = await gw.query(request, {
      variables: { input: { orderId: order.id, days: 1, reason: 'Even more' } },
      headers: as('ivan', 'orders.write'),
    });
    expectError(second, 'requestOrderExtension', { code: 'CONFLICT', status: 409 });

    gw.resetCalls();
    const listed = expectOk(
      await gw.query<{ order: { extensions: Array<{ id: string; status: string }> } }>(
        'query($id: ID!) { order(id: $id) { extensions { id status days reason createdAt } } }',
        {
          variables: { id: order.id },
          headers: as('ivan', 'orders.read'),
        },
      ),
    );
    expect(marketplaceCalls(gw)).toContain(`GET /api/v1/orders/${order.id}/extensions`);
    expect(listed.order.extensions).toEqual([expect.objectContaining({ id: extension.id, status: 'pending' })]);

    gw.resetCalls();
    const input = { orderId: order.id, extensionId: extension.id, response: 'APPROVE' };
    const approved = expectOk(
      await gw.query<{ respondToOrderExtension: { extension: { status: string; respondedBy: string }; order: { dueAt: string } } }>(
        respond,
        {
          variables: { input },
          headers: as('ivan', 'orders.write', 'orders.read'),
        },
      ),
    );
    const respondCall = gw.calls('marketplace')[0]!;
    expect(`${respondCall.method} ${respondCall.path}`).toBe(`POST /api/v1/orders/${order.id}/extensions/${extension.id}/respond`);
    expect(sentJson(respondCall)).toEqual({ action: 'approve' });
    expect(approved.respondToOrderExtension.extension).toMatchObject({ status: 'approved', respondedBy: 'ivan' });
    expect(Date.parse(approved.respondToOrderExtension.order.dueAt) - Date.parse(order.dueAt)).toBe(3 * 86_400_000);

    const again = await gw.query(respond, { variables: { input: { ...input, response: 'REJECT' } }, headers: as('ivan', 'orders.write') });
    const error = expectError(again, 'respondToOrderExtension', { code: 'CONFLICT', status: 409 });
    expect(error.message).toMatch(/approved/);
  });

  it('walks pending → rejected, and the timeline (GET /orders/{uuid}/timeline) tells the story oldest first', async () => {
    const order = await placeOrder('judy');
    const requested = expectOk(
      await gw.query<{ requestOrderExtension: { extension: { id: string } } }>(request, {
        variables: { input: { orderId: order.id, days: 2, reason: 'Holiday' } },
        headers: as('judy', 'orders.write'),
      }),
    );
    const rejected = expectOk(
      await gw.query<{ respondToOrderExtension: { extension: { status: string } } }>(
        'mutation($input: RespondToOrderExtensionInput!) { respondToOrderExtension(input: $input) { extension { status } } }',
        {
          variables: { input: { orderId: order.id, extensionId: requested.requestOrderExtension.extension.id, response: 'REJECT' } },
          headers: as('judy', 'orders.write'),
        },
      ),
    );
    expect(rejected.respondToOrderExtension.extension.status).toBe('rejected');
    gw.resetCalls();
    const data = expectOk(
      await gw.query<{ order: { timeline: Array<{ type: string; actorUsername: string; at: string }> } }>(
        'query($id: ID!) { order(id: $id) { timeline { type actorUsername at detail } } }',
        { variables: { id: order.id }, headers: as('judy', 'orders.read') },
      ),
    );
    expect(marketplaceCalls(gw)).toContain(`GET /api/v1/orders/${order.id}/timeline`);
    const { timeline } = data.order;
    expect(timeline[0]).toMatchObject({ type: 'order.created', actorUsername: 'judy' });
    expect(timeline.map((e) => e.type).some((t) => t.includes('extension'))).toBe(true);
    const times = timeline.map((e) => Date.parse(e.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
  });

  it('refuses days below 1 before any upstream call; an unknown extension is NOT_FOUND', async () => {
    const bad = await gw.query(request, {
      variables: { input: { orderId: 'o-1', days: 0, reason: 'x' } },
      headers: as('ivan', 'orders.write'),
    });
    expectError(bad, 'requestOrderExtension', { code: 'BAD_USER_INPUT', field: 'input.days' });
    expect(gw.calls('marketplace')).toHaveLength(0);
    const order = await placeOrder('ivan');
    const missing = await gw.query(respond, {
      variables: { input: { orderId: order.id, extensionId: 'no-such', response: 'APPROVE' } },
      headers: as('ivan', 'orders.write'),
    });
    expectError(missing, 'respondToOrderExtension', { code: 'NOT_FOUND', status: 404 });
  });
});

describe('reorders (orders.read, orders.write)', () => {
  const reorder =
    'mutation($input: ReorderInput!) { reorder(input: $input) { cartEntry { id orderId gigSlug package quantity price currency gig { slug } } } }';

  it('need the scopes', async () => {
    await expectScopeRequired(gw, reorder, 'reorder', 'orders.write', { input: { orderId: 'o' } });
    await expectScopeRequired(gw, '{ reorders { totalCount } }', 'reorders', 'orders.read');
  });

  it('reorder POSTs /orders/{uuid}/reorder for a completed order; reorders (GET /reorders) lists the cart entry; a pending order is CONFLICT', async () => {
    const orders = (await ordersOf('alice')).filter((o) => o.attributes.buyer_username === 'alice');
    const completed = orders.find((o) => o.status === 'completed')!;
    const data = expectOk(
      await gw.query<{ reorder: { cartEntry: { id: string; orderId: string; gigSlug: string; gig: { slug: string } } } }>(reorder, {
        variables: { input: { orderId: completed.id } },
        headers: as('alice', 'orders.write'),
      }),
    );
    expect(marketplaceCalls(gw)[0]).toBe(`POST /api/v1/orders/${completed.id}/reorder`);
    expect(data.reorder.cartEntry.orderId).toBe(completed.id);
    expect(data.reorder.cartEntry.gig.slug).toBe(data.reorder.cartEntry.gigSlug);
    gw.resetCalls();
    const listed = expectOk(
      await gw.query<{ reorders: { totalCount: number; nodes: Array<{ id: string }> } }>(
        '{ reorders(first: 5) { totalCount nodes { id orderId } } }',
        {
          headers: as('alice', 'orders.read'),
        },
      ),
    );
    expect(marketplaceCalls(gw)).toEqual(['GET /api/v1/reorders']);
    expect(listed.reorders.nodes[0]!.id).toBe(data.reorder.cartEntry.id);

    const pending = orders.find((o) => o.status === 'pending')!;
    const refused = await gw.query(reorder, { variables: { input: { orderId: pending.id } }, headers: as('alice', 'orders.write') });
    const error = expectError(refused, 'reorder', { code: 'CONFLICT', status: 409 });
    expect(error.message).toMatch(/pending/);
  });
});
