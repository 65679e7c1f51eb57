/**
 * Gigs by slug (`gigsShow`), pages of `gigsIndex` (search, a seller's gigs),
 * and pages of a gig's reviews (`reviewsGig`). A gig that arrived in a list is
 * primed, so it is never fetched again by slug in the same request.
 */
import type { Clients } from '../src/upstreams/index.js';
import type { GigShape } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export interface GigFilter {
  seller?: string;
  search?: string;
  category?: string;
}

export function createGigLoaders(clients: Clients) {
  const gigBySlug = perKeyLoader((slug: string) => clients.marketplace.call(ops.gigsShow, { slug }));
  const gigPages = pageLoader(
    ops.gigsIndex,
    ({ filter, page, perPage }: PageKey<GigFilter>) => clients.marketplace.call(ops.gigsIndex, { query: { ...filter }, page, perPage }),
    (gig: GigShape) => gigBySlug.prime(gig.slug, gig),
  );
  // A review's global id names its gig (reviews are listed only per gig), so a review the upstream sent without its gig gets it here.
  const reviewPages = pageLoader(ops.reviewsGig, async ({ filter, page, perPage }: PageKey<string>) => {
    const result = await clients.marketplace.call(ops.reviewsGig, { slug: filter, page, perPage });
    return { ...result, items: result.items.map((review) => (review.gigSlug ? review : { ...review, gigSlug: filter })) };
  });
  return { gigBySlug, gigPages, reviewPages };
}
