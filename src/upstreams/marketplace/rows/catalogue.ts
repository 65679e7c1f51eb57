/**
 * Marketplace rows: gigs, reviews and discovery (favourites, recommendations, collections, saved searches).
 * A part of the one marketplace table (../operations.ts), in the document's order.
 */
import { list, one, page, row } from '../../operations.js';
import * as map from '../map.js';
import { json, filtered, MARKETPLACE_PAGE_SIZES } from './inputs.js';

export const catalogueRows = {
  gigsIndex: row({ method: 'GET', path: '/gigs', scope: null, referenceScope: 'gigs.read', success: 200 }, page(map.gigSchema, 'gig'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    input: filtered,
    primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) },
  }),
  gigsShow: row({ method: 'GET', path: '/gigs/{slug}', scope: null, success: 200 }, one(map.gigSchema, 'gig'), {
    subject: ({ slug }) => `gig '${slug}'`,
  }),
  gigsPricing: row({ method: 'GET', path: '/gigs/{slug}/pricing', scope: null, success: 200 }, one(map.gigPricingSchema, 'gig pricing'), {
    subject: ({ slug }) => `gig '${slug}'`,
  }),
  gigsQuote: row(
    { method: 'POST', path: '/gigs/{slug}/quote', scope: null, success: 200, readsOnly: true },
    one(map.gigQuoteSchema, 'quote'),
    {
      subject: ({ slug }) => `gig '${slug}'`,
      input: json,
    },
  ),
  favoritesIndex: row({ method: 'GET', path: '/favorites', scope: 'gigs.read', success: 200 }, page(map.gigSchema, 'gig'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) },
  }),
  favoritesToggle: row(
    { method: 'POST', path: '/gigs/{slug}/favorite', scope: 'gigs.write', success: 200 },
    one(map.gigFavoriteSchema, 'favorite'),
    { subject: ({ slug }) => `gig '${slug}'` },
  ),
  reviewsGig: row({ method: 'GET', path: '/gigs/{slug}/reviews', scope: null, success: 200 }, page(map.reviewSchema, 'review'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    subject: ({ slug }) => `gig '${slug}'`,
    // Reviews are listed only per gig, and a review's global id names its gig: one sent without its gig gets it here.
    complete: (review, { slug }) => (review.gigSlug ? review : { ...review, gigSlug: slug }),
  }),
  reviewsStore: row(
    { method: 'POST', path: '/orders/{uuid}/reviews', scope: 'reviews.write', success: 201 },
    one(map.reviewSchema, 'review'),
    { subject: ({ uuid }) => `order '${uuid}'`, input: json },
  ),
  recommendations: row({ method: 'GET', path: '/recommendations', scope: 'gigs.read', success: 200 }, page(map.gigSchema, 'gig'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) },
  }),
  recentViews: row({ method: 'GET', path: '/recent', scope: 'gigs.read', success: 200 }, list(map.gigSchema, 'gig'), {
    primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) },
  }),
  searchSuggestions: row(
    { method: 'GET', path: '/search/suggestions', scope: null, success: 200 },
    list(map.searchSuggestionSchema, 'search suggestion'),
    { input: filtered },
  ),
  collectionsIndex: row(
    { method: 'GET', path: '/collections', scope: 'gigs.read', success: 200 },
    page(map.gigCollectionSchema, 'collection'),
    { pageSizes: MARKETPLACE_PAGE_SIZES },
  ),
  collectionsStore: row(
    { method: 'POST', path: '/collections', scope: 'gigs.write', success: 201 },
    one(map.gigCollectionSchema, 'collection'),
    { input: json },
  ),
  savedSearchesIndex: row(
    { method: 'GET', path: '/saved-searches', scope: 'gigs.read', success: 200 },
    page(map.savedSearchSchema, 'saved search'),
    { pageSizes: MARKETPLACE_PAGE_SIZES },
  ),
};
