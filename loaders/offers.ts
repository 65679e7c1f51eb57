/** Offers by uuid (`offersShow`) and pages of `offersIndex`, which prime the former. */
import type { Clients } from '../src/upstreams/index.js';
import type * as map from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export interface OfferFilter {
  status?: string;
}

export function createOfferLoaders(clients: Clients) {
  const market = clients.marketplace;
  const offerById = perKeyLoader((uuid: string) => market.call(ops.offersShow, { uuid }));
  const offerPages = pageLoader(
    ops.offersIndex,
    ({ filter, page, perPage }: PageKey<OfferFilter>) => market.call(ops.offersIndex, { page, perPage, query: { ...filter } }),
    (offer: map.OfferShape) => offerById.prime(offer.id, offer),
  );
  return { offerById, offerPages };
}
