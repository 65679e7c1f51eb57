/** Orders by id (`ordersShow`), pages of `ordersIndex` (priming), deliveries and revisions by order. */
import type { Clients } from '../src/upstreams/index.js';
import type { OrderRecord } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export function createOrderLoaders(clients: Clients) {
  const orderById = perKeyLoader((id: string) => clients.marketplace.getOrder(id));
  const orderPages = pageLoader(
    ({ page, perPage }: PageKey<null>) => clients.marketplace.listOrders({ page, perPage }),
    (order: OrderRecord) => orderById.prime(order.id, order),
  );
  const deliveriesByOrder = perKeyLoader((id: string) => clients.marketplace.listDeliveries(id));
  const revisionsByOrder = perKeyLoader((id: string) => clients.marketplace.listRevisions(id));
  return { orderById, orderPages, deliveriesByOrder, revisionsByOrder };
}
