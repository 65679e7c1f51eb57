/** Orders by id (`ordersShow`), pages of `ordersIndex` (priming), deliveries and revisions by order. */
import type { Clients } from '../src/upstreams/index.js';
import type { OrderShape } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export function createOrderLoaders(clients: Clients) {
  const orderById = perKeyLoader((id: string) => clients.marketplace.call(ops.ordersShow, { uuid: id }));
  const orderPages = pageLoader(
    ops.ordersIndex,
    ({ page, perPage }: PageKey<null>) => clients.marketplace.call(ops.ordersIndex, { page, perPage }),
    (order: OrderShape) => orderById.prime(order.id, order),
  );
  const deliveriesByOrder = perKeyLoader((id: string) => clients.marketplace.call(ops.ordersDeliveries, { uuid: id }));
  const revisionsByOrder = perKeyLoader((id: string) => clients.marketplace.call(ops.ordersRevisions, { uuid: id }));
  return { orderById, orderPages, deliveriesByOrder, revisionsByOrder };
}
