/**
 * Per-order reads beyond the core (`ordersCountdown`, `ordersExtensionsIndex`,
 * `ordersTimeline`, `ordersFiles`), keyed by order uuid so a list of orders
 * asks each once, and pages of the caller's reorder cart (`reordersIndex`).
 */
import type { Clients } from '../src/upstreams/index.js';
import * as map from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export function createOrderLifecycleLoaders(clients: Clients) {
  const market = clients.marketplace;
  const of = (uuid: string) => ({ params: { uuid }, subject: `order '${uuid}'` });
  return {
    countdownByOrder: perKeyLoader((uuid: string) => market.one('ordersCountdown', map.orderCountdownSchema, 'order countdown', of(uuid))),
    extensionsByOrder: perKeyLoader((uuid: string) => market.list('ordersExtensionsIndex', map.orderExtensionSchema, 'extension', of(uuid))),
    timelineByOrder: perKeyLoader((uuid: string) => market.list('ordersTimeline', map.orderTimelineEventSchema, 'timeline event', of(uuid))),
    filesByOrder: perKeyLoader((uuid: string) => market.list('ordersFiles', map.orderFileSchema, 'order file', of(uuid))),
    reorderPages: pageLoader(({ page, perPage }: PageKey<null>) => market.page('reordersIndex', map.cartEntrySchema, 'cart entry', { page, perPage })),
  };
}
