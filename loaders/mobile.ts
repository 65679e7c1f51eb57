/** The mobile order views: one order by uuid (`mobileOrdersShow`) and pages of `mobileOrdersIndex`. */
import type { Clients } from '../src/upstreams/index.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export function createMobileLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    mobileOrderById: perKeyLoader((uuid: string) =>
      marketplace.call(ops.mobileOrdersShow, { uuid }),
    ),
    // Not primed into mobileOrderById: list items lack the deliveries, revisions and extensions of the single view.
    mobileOrderPages: pageLoader(ops.mobileOrdersIndex, ({ page, perPage }: PageKey<null>) => marketplace.call(ops.mobileOrdersIndex, { page, perPage }))
  };
}
