/**
 * Per-order reads beyond the core (`ordersCountdown`, `ordersExtensionsIndex`,
 * `ordersTimeline`, `ordersFiles`), keyed by order uuid so a list of orders
 * asks each once, and pages of the caller's reorder cart (`reordersIndex`).
 */
import type { Clients } from '../src/upstreams/index.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export function createOrderLifecycleLoaders(clients: Clients) {
  const market = clients.marketplace;
  return {
    countdownByOrder: perKeyLoader((uuid: string) => market.call(ops.ordersCountdown, { uuid })),
    extensionsByOrder: perKeyLoader((uuid: string) => market.call(ops.ordersExtensionsIndex, { uuid })),
    timelineByOrder: perKeyLoader((uuid: string) => market.call(ops.ordersTimeline, { uuid })),
    filesByOrder: perKeyLoader((uuid: string) => market.call(ops.ordersFiles, { uuid })),
    reorderPages: pageLoader(ops.reordersIndex, ({ page, perPage }: PageKey<null>) => market.call(ops.reordersIndex, { page, perPage }))
  };
}
