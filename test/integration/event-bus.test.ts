/**
 * The event bus fans one listener on its event target out to every
 * subscriber: many subscribers add no listener each (which printed
 * MaxListenersExceededWarning past ten), each still gets every event, and a
 * subscriber that leaves stops receiving.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createEventBus, type MarketplaceEvent } from '../../src/webhooks/events.js';
import { connectWs } from '../helpers/ws.js';
import { startTestGateway, ADMIN_KEY } from '../helpers/gateway.js';
import { eventFor, postWebhook } from '../helpers/events.js';

const event = (id: string): MarketplaceEvent => ({
  id,
  event: 'order.created',
  createdAt: '2026-01-01T00:00:00Z',
  data: { username: 'alice' },
});

let warnings: Error[];
const onWarning = (warning: Error) => warnings.push(warning);
beforeEach(() => {
  warnings = [];
  process.on('warning', onWarning);
});
afterEach(() => {
  process.off('warning', onWarning);
});

describe('event bus', () => {
  it('serves 20 subscribers without a MaxListenersExceededWarning, each getting every event', async () => {
    const bus = createEventBus();
    const iterators = Array.from({ length: 20 }, () => bus.subscribe('marketplace:event')[Symbol.asyncIterator]());
    const firsts = iterators.map((iterator) => iterator.next());
    await new Promise((resolve) => setTimeout(resolve, 10));
    bus.publish('marketplace:event', event('e1'));
    const received = await Promise.all(firsts);
    expect(received.map((r) => (r.value as MarketplaceEvent).id)).toEqual(Array(20).fill('e1'));
    // One subscriber leaves: the others still receive, it does not.
    await iterators[0]!.return?.();
    const seconds = iterators.slice(1).map((iterator) => iterator.next());
    bus.publish('marketplace:event', event('e2'));
    expect((await Promise.all(seconds)).map((r) => (r.value as MarketplaceEvent).id)).toEqual(Array(19).fill('e2'));
    await Promise.all(iterators.slice(1).map((iterator) => iterator.return?.()));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
  });

  it('serves 20 graphql-ws subscribers of the gateway without a warning', async () => {
    const gw = await startTestGateway({}, ['marketplace']);
    try {
      const sockets = await Promise.all(
        Array.from({ length: 20 }, () => connectWs(gw.url, { connectionParams: { 'x-gateway-admin-key': ADMIN_KEY } })),
      );
      for (const ws of sockets) void ws.run('subscription { marketplaceEvents { id } }');
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await postWebhook(gw.url, eventFor({ username: 'alice' }))).status).toBe(202);
      for (const ws of sockets) ws.close();
      await Promise.all(sockets.map((ws) => ws.closed));
      expect(warnings.map((w) => w.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      await gw.close();
    }
  });
});
