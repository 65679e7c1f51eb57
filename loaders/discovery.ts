/**
 * Discovery reads of one request: a gig's pricing (`gigsPricing`), and pages
 * of the caller's favorites, recommendations, collections and saved searches.
 * The resolvers prime `gigBySlug` with the gigs these lists return.
 */
import type { Clients } from '../src/upstreams/index.js';
import * as map from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export function createDiscoveryLoaders(clients: Clients) {
  const market = clients.marketplace;
  return {
    pricingByGig: perKeyLoader((slug: string) =>
      market.one('gigsPricing', map.gigPricingSchema, 'gig pricing', { params: { slug }, subject: `gig '${slug}'` }),
    ),
    favoriteGigPages: pageLoader(({ page, perPage }: PageKey<null>) => market.page('favoritesIndex', map.gigSchema, 'gig', { page, perPage })),
    recommendedGigPages: pageLoader(({ page, perPage }: PageKey<null>) => market.page('recommendations', map.gigSchema, 'gig', { page, perPage })),
    recentGigs: perKeyLoader((_: 'recent') => market.list('recentViews', map.gigSchema, 'gig')),
    collectionPages: pageLoader(({ page, perPage }: PageKey<null>) =>
      market.page('collectionsIndex', map.gigCollectionSchema, 'collection', { page, perPage }),
    ),
    savedSearchPages: pageLoader(({ page, perPage }: PageKey<null>) =>
      market.page('savedSearchesIndex', map.savedSearchSchema, 'saved search', { page, perPage }),
    ),
  };
}
