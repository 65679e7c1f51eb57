/**
 * A seller's profile, portfolio, availability and testimonials by username,
 * and pages of the caller's saved studios and followed sellers. Each link of
 * `Seller` reads through one of these, so aliases and repeated sellers in one
 * request cost one upstream call per key. Also pages of the seller's leads.
 */
import type { Clients } from '../src/upstreams/index.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export interface PortfolioKey {
  username: string;
  slug: string;
}

export function createSellerExtraLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    sellerProfileByUsername: perKeyLoader((username: string) => marketplace.call(ops.sellersProfile, { username })),
    portfolioBySeller: perKeyLoader((username: string) => marketplace.call(ops.sellersPortfolio, { username })),
    portfolioProjectByKey: perKeyLoader(
      ({ username, slug }: PortfolioKey) =>
        marketplace.call(ops.sellersPortfolioShow, { username, project: slug }),
      ({ username, slug }) => `${username}\u0000${slug}`,
    ),
    availabilityBySeller: perKeyLoader((username: string) => marketplace.call(ops.sellersAvailability, { username })),
    testimonialsBySeller: perKeyLoader((username: string) => marketplace.call(ops.sellersTestimonials, { username })),
    savedStudioPages: pageLoader(ops.savedStudios, ({ page, perPage }: PageKey<null>) => marketplace.call(ops.savedStudios, { page, perPage })),
    sellerLeadPages: pageLoader(ops.sellerLeads, ({ page, perPage }: PageKey<null>) => marketplace.call(ops.sellerLeads, { page, perPage })),
    followedSellerPages: pageLoader(ops.sellerFollowIndex, ({ page, perPage }: PageKey<null>) => marketplace.call(ops.sellerFollowIndex, { page, perPage }))
  };
}
