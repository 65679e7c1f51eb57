/** Offers by uuid (`offersShow`) and pages of `offersIndex`, which prime the former. */
import type { Clients } from '../src/upstreams/index.js';
import * as map from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export interface OfferFilter {
  status?: string;
}

export function createOfferLoaders(clients: Clients) {
  const market = clients.marketplace;
  const offerById = perKeyLoader((uuid: string) => market.one('offersShow', map.offerSchema, 'offer', { params: { uuid }, subject: `offer '${uuid}'` }));
  const offerPages = pageLoader(
    ({ filter, page, perPage }: PageKey<OfferFilter>) => market.page('offersIndex', map.offerSchema, 'offer', { page, perPage }, { query: { ...filter } }),
    (offer: map.OfferRecord) => offerById.prime(offer.id, offer),
  );
  return { offerById, offerPages };
}
