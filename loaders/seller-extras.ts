/**
 * A seller's profile, portfolio, availability and testimonials by username,
 * and pages of the caller's saved studios and followed sellers. Each link of
 * `Seller` reads through one of these, so aliases and repeated sellers in one
 * request cost one upstream call per key. Also pages of the seller's leads.
 */
import type { Clients } from '../src/upstreams/index.js';
import {
  buyerRequestSchema,
  portfolioProjectSchema,
  sellerAvailabilitySchema,
  sellerProfileSchema,
  sellerSchema,
  testimonialSchema,
} from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export interface PortfolioKey {
  username: string;
  slug: string;
}

export function createSellerExtraLoaders(clients: Clients) {
  const { marketplace } = clients;
  const bySeller = (username: string) => ({ params: { username }, subject: `seller '${username}'` });
  return {
    sellerProfileByUsername: perKeyLoader((username: string) => marketplace.one('sellersProfile', sellerProfileSchema, 'seller profile', bySeller(username))),
    portfolioBySeller: perKeyLoader((username: string) => marketplace.list('sellersPortfolio', portfolioProjectSchema, 'portfolio project', bySeller(username))),
    portfolioProjectByKey: perKeyLoader(
      ({ username, slug }: PortfolioKey) =>
        marketplace.one('sellersPortfolioShow', portfolioProjectSchema, 'portfolio project', {
          params: { username, project: slug },
          subject: `portfolio project '${slug}' of seller '${username}'`,
        }),
      ({ username, slug }) => `${username}\u0000${slug}`,
    ),
    availabilityBySeller: perKeyLoader((username: string) => marketplace.one('sellersAvailability', sellerAvailabilitySchema, 'seller availability', bySeller(username))),
    testimonialsBySeller: perKeyLoader((username: string) => marketplace.list('sellersTestimonials', testimonialSchema, 'testimonial', bySeller(username))),
    savedStudioPages: pageLoader(({ page, perPage }: PageKey<null>) => marketplace.page('savedStudios', sellerSchema, 'seller', { page, perPage })),
    sellerLeadPages: pageLoader(({ page, perPage }: PageKey<null>) => marketplace.page('sellerLeads', buyerRequestSchema, 'buyer request', { page, perPage })),
    followedSellerPages: pageLoader(({ page, perPage }: PageKey<null>) => marketplace.page('sellerFollowIndex', sellerSchema, 'seller', { page, perPage })),
  };
}
