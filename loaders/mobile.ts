/** The mobile order views: one order by uuid (`mobileOrdersShow`) and pages of `mobileOrdersIndex`. */
import type { Clients } from '../src/upstreams/index.js';
import { mobileOrderSchema } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export function createMobileLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    mobileOrderById: perKeyLoader((uuid: string) =>
      marketplace.one('mobileOrdersShow', mobileOrderSchema, 'order', { params: { uuid }, subject: `order '${uuid}'` }),
    ),
    // Not primed into mobileOrderById: list items lack the deliveries, revisions and extensions of the single view.
    mobileOrderPages: pageLoader(({ page, perPage }: PageKey<null>) => marketplace.page('mobileOrdersIndex', mobileOrderSchema, 'order', { page, perPage })),
  };
}
