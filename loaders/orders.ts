/**
 * Transitional: the order reads that resolvers not yet moved to row + key
 * (offers, messaging, mobile) still reach through `ctx.loaders`. They go
 * through the marketplace client's read cache, so they share calls with the
 * fields declared in schema/orders.ts. Delete with the last use
 * (docs/notes/migrating-a-domain.md).
 */
import type { Clients } from '../src/upstreams/index.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export function createOrderLoaders(clients: Clients) {
  const market = clients.marketplace;
  return {
    orderById: { load: (uuid: string) => market.read(ops.ordersShow, { uuid }) },
    orderPages: { clearAll: () => market.forget(ops.ordersIndex) },
    deliveriesByOrder: { load: (uuid: string) => market.read(ops.ordersDeliveries, { uuid }) },
    revisionsByOrder: { load: (uuid: string) => market.read(ops.ordersRevisions, { uuid }) },
  };
}
