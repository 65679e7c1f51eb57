/**
 * Discovery reads of one request: a gig's pricing (`gigsPricing`), and pages
 * of the caller's favorites, recommendations, collections and saved searches.
 * The resolvers prime `gigBySlug` with the gigs these lists return.
 */
import type { Clients } from '../src/upstreams/index.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export function createDiscoveryLoaders(clients: Clients) {
  const market = clients.marketplace;
  return {
    pricingByGig: perKeyLoader((slug: string) =>
      market.call(ops.gigsPricing, { slug }),
    ),
    favoriteGigPages: pageLoader(ops.favoritesIndex, ({ page, perPage }: PageKey<null>) => market.call(ops.favoritesIndex, { page, perPage })),
    recommendedGigPages: pageLoader(ops.recommendations, ({ page, perPage }: PageKey<null>) => market.call(ops.recommendations, { page, perPage })),
    recentGigs: perKeyLoader((_: 'recent') => market.call(ops.recentViews)),
    collectionPages: pageLoader(ops.collectionsIndex, ({ page, perPage }: PageKey<null>) =>
      market.call(ops.collectionsIndex, { page, perPage }),
    ),
    savedSearchPages: pageLoader(ops.savedSearchesIndex, ({ page, perPage }: PageKey<null>) =>
      market.call(ops.savedSearchesIndex, { page, perPage }),
    ),
  };
}
