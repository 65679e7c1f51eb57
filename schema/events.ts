/**
 * `Subscription.marketplaceEvents`: the marketplace's webhook events, as
 * accepted by POST /webhooks/marketplace, delivered over SSE or graphql-ws.
 * A caller sees only events whose data names its own username (learned from
 * GET /me with its token); the gateway admin key sees every event.
 */
import * as resolve from '../resolvers/events.js';
import type { MarketplaceEvent as MarketplaceEventShape } from '../src/webhooks/events.js';
import { builder } from './builder.js';
import { via } from './upstream-docs.js';

export const MarketplaceEvent = builder.objectRef<MarketplaceEventShape>('MarketplaceEvent').implement({
  description: 'A marketplace webhook event (contract section 7).',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    event: t.exposeString('event', { nullable: false, description: 'An event name of webhookEventTypes, e.g. order.created.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime', nullable: false }),
    data: t.expose('data', { type: 'JSON', nullable: false }),
  }),
});

builder.subscriptionType({});
builder.subscriptionFields((t) => ({
  marketplaceEvents: t.field({
    type: MarketplaceEvent,
    nullable: false,
    ...via.marketplace(
      'me',
      'Events for the caller: those whose data names its username (as username, buyer_username or seller_username). Needs a bearer token with users.read, or X-Gateway-Admin-Key for all events. Served over SSE (Accept: text/event-stream) and graphql-ws.',
    ),
    args: { events: t.arg.stringList({ description: 'Only these event names (default: all).' }) },
    subscribe: resolve.subscribeMarketplaceEvents,
    resolve: (event: MarketplaceEventShape) => event,
  }),
}));
