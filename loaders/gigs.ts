/**
 * Gigs by slug (`gigsShow`), pages of `gigsIndex` (search, a seller's gigs),
 * and pages of a gig's reviews (`reviewsGig`). A gig that arrived in a list is
 * primed, so it is never fetched again by slug in the same request.
 */
import type { Clients } from '../src/upstreams/index.js';
import type { GigRecord } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export interface GigFilter {
  seller?: string;
  search?: string;
  category?: string;
}

export function createGigLoaders(clients: Clients) {
  const gigBySlug = perKeyLoader((slug: string) => clients.marketplace.getGig(slug));
  const gigPages = pageLoader(
    ({ filter, page, perPage }: PageKey<GigFilter>) => clients.marketplace.listGigs(filter, { page, perPage }),
    (gig: GigRecord) => gigBySlug.prime(gig.slug, gig),
  );
  const reviewPages = pageLoader(({ filter, page, perPage }: PageKey<string>) => clients.marketplace.listReviews(filter, { page, perPage }));
  return { gigBySlug, gigPages, reviewPages };
}
