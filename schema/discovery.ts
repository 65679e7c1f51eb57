/**
 * Gig pricing (`Gig.pricing`) and quotes (`gigQuote`, a read), favorites,
 * writing a review of one's order, and the discovery lists: recommendations,
 * recently viewed gigs, search suggestions, collections and saved searches.
 */
import type * as M from '../src/upstreams/marketplace/map.js';
import * as resolve from '../resolvers/discovery.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { Gig, GigConnection, Review } from './gigs.js';
import { attributesInput, wholeObject } from './field-helpers.js';
import { costing, upstream, via } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';
import { searchText } from '../resolvers/args.js';
import { UNPAGED_LIST_MAX } from '../src/upstreams/paging.js';

export const GigPackageName = builder.enumType('GigPackageName', { values: ['BASIC', 'STANDARD', 'PREMIUM'] as const });

export const GigPackage = builder.objectRef<M.GigPricingShape['packages'][number]>('GigPackage').implement({
  description: 'One package of a gig (basic, standard or premium).',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: false }),
    price: t.exposeFloat('price'),
    deliveryDays: t.exposeInt('deliveryDays'),
    revisions: t.exposeInt('revisions', { description: 'Revisions included; null means unlimited.' }),
    features: t.exposeStringList('features'),
    attributes: t.expose('attributes', { ...wholeObject('package') }),
  }),
});

export const GigPricing = builder.objectRef<M.GigPricingShape>('GigPricing').implement({
  fields: (t) => ({
    gigSlug: t.exposeString('gigSlug', { nullable: false }),
    currency: t.exposeString('currency'),
    packages: t.expose('packages', { type: [GigPackage], nullable: false }),
    attributes: t.expose('attributes', { ...wholeObject('pricing') }),
  }),
});

export const GigQuote = builder.objectRef<M.GigQuoteShape>('GigQuote').implement({
  description: 'The price of a package, quantity and express choice; valid until expiresAt.',
  fields: (t) => ({
    gigSlug: t.exposeString('gigSlug', { nullable: false }),
    package: t.exposeString('package'),
    quantity: t.exposeInt('quantity'),
    express: t.exposeBoolean('express'),
    unitPrice: t.exposeFloat('unitPrice'),
    subtotal: t.exposeFloat('subtotal'),
    serviceFee: t.exposeFloat('serviceFee'),
    total: t.exposeFloat('total'),
    currency: t.exposeString('currency'),
    deliveryDays: t.exposeInt('deliveryDays'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('quote') }),
  }),
});

export const GigFavoritePayload = builder.objectRef<M.GigFavoriteShape>('GigFavoritePayload').implement({
  fields: (t) => ({
    gigSlug: t.exposeString('gigSlug', { nullable: false }),
    favorited: t.exposeBoolean('favorited', { nullable: false, description: 'The new state.' }),
    gig: upstreamField(t, ops.gigsShow, { type: Gig, canonical: false, key: (f) => ({ slug: f.gigSlug }) }),
  }),
});

export const ReviewPayload = builder.objectRef<{ review: M.ReviewShape }>('ReviewPayload').implement({
  fields: (t) => ({ review: t.expose('review', { type: Review }) }),
});

export const SearchSuggestion = builder.objectRef<M.SearchSuggestionShape>('SearchSuggestion').implement({
  fields: (t) => ({
    type: t.exposeString('type', { description: '`category`, `seller` or `gig`.' }),
    text: t.exposeString('text', { nullable: false }),
    value: t.exposeString('value', { description: 'The slug or username to search or open.' }),
  }),
});

export const GigCollection = builder.objectRef<M.GigCollectionShape>('GigCollection').implement({
  description: 'A named list of gigs the caller keeps.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    isPublic: t.exposeBoolean('isPublic'),
    gigSlugs: t.exposeStringList('gigSlugs', { nullable: false }),
    gigsCount: t.exposeInt('gigsCount'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('collection') }),
    // One call per element: a collection lists gig slugs, each loaded by slug (resolvers/discovery.ts).
    gigs: t.field({ type: [Gig], ...costing(via.marketplace('gigsShow'), UNPAGED_LIST_MAX), resolve: resolve.collectionGigs }),
  }),
});
export const GigCollectionConnection = connectionOf('GigCollection', GigCollection);
export const GigCollectionPayload = builder.objectRef<{ collection: M.GigCollectionShape }>('GigCollectionPayload').implement({
  fields: (t) => ({ collection: t.expose('collection', { type: GigCollection }) }),
});

export const SavedSearch = builder.objectRef<M.SavedSearchShape>('SavedSearch').implement({
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    query: t.exposeString('query'),
    categorySlug: t.exposeString('categorySlug'),
    maxPrice: t.exposeFloat('maxPrice'),
    notify: t.exposeBoolean('notify'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('saved search') }),
  }),
});
export const SavedSearchConnection = connectionOf('SavedSearch', SavedSearch);

const ToggleGigFavoriteInput = builder.inputType('ToggleGigFavoriteInput', {
  fields: (t) => ({ slug: t.string({ required: true, description: 'The gig to favorite or unfavorite.' }) }),
});

const CreateReviewInput = builder.inputType('CreateReviewInput', {
  fields: (t) => ({
    orderId: t.id({ required: true, description: 'A completed order of the caller (as buyer).' }),
    rating: t.int({ required: true, description: '1 to 5.' }),
    comment: t.string({ required: true }),
    attributes: attributesInput(t),
  }),
});

const CreateCollectionInput = builder.inputType('CreateCollectionInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    description: t.string(),
    isPublic: t.boolean(),
    gigSlugs: t.stringList(),
    attributes: attributesInput(t),
  }),
});

builder.objectFields(Gig, (t) => ({
  pricing: upstreamField(t, ops.gigsPricing, {
    type: GigPricing,
    description: 'The basic, standard and premium packages.',
    key: (gig) => ({ slug: gig.slug }),
  }),
}));

builder.queryFields((t) => ({
  gigQuote: t.field({
    type: GigQuote,
    ...upstream.marketplace('gigsQuote', 'A read: prices a package without ordering it.'),
    args: {
      slug: t.arg.string({ required: true }),
      package: t.arg({ type: GigPackageName, description: 'Default BASIC.' }),
      quantity: t.arg.int({ description: 'At least 1 (default 1).' }),
      express: t.arg.boolean({ description: 'Faster delivery for a surcharge.' }),
    },
    resolve: resolve.gigQuote,
  }),
  favoriteGigs: upstreamConnection(t, ops.favoritesIndex, {
    type: GigConnection,
    description: "The caller's favorite gigs, most recently favorited first.",
    key: () => ({}),
  }),
  recommendedGigs: upstreamConnection(t, ops.recommendations, {
    type: GigConnection,
    description: 'Gigs recommended to the caller.',
    key: () => ({}),
  }),
  recentlyViewedGigs: upstreamField(t, ops.recentViews, {
    type: [Gig],
    description: 'Gigs the caller opened recently (a gig(slug) read with a token records a view), newest first.',
    key: () => ({}),
  }),
  searchSuggestions: upstreamField(t, ops.searchSuggestions, {
    type: [SearchSuggestion],
    description: 'Up to 8 categories, sellers and gigs matching the text.',
    args: { query: t.arg.string({ description: 'The text typed so far (sent as `q`).' }) },
    key: (_, args) => ({ query: { q: searchText(args.query, 'query') } }),
  }),
  gigCollections: upstreamConnection(t, ops.collectionsIndex, {
    type: GigCollectionConnection,
    description: "The caller's collections, newest first.",
    key: () => ({}),
  }),
  savedSearches: upstreamConnection(t, ops.savedSearchesIndex, {
    type: SavedSearchConnection,
    description: "The caller's saved searches, newest first.",
    key: () => ({}),
  }),
}));

builder.mutationFields((t) => ({
  toggleGigFavorite: t.field({
    type: GigFavoritePayload,
    ...upstream.marketplace('favoritesToggle', 'Flips the favorite state and returns the new one.'),
    args: { input: t.arg({ type: ToggleGigFavoriteInput, required: true }) },
    resolve: resolve.toggleGigFavorite,
  }),
  createReview: t.field({
    type: ReviewPayload,
    ...upstream.marketplace('reviewsStore', 'The buyer reviews a completed order, once.'),
    args: { input: t.arg({ type: CreateReviewInput, required: true }) },
    resolve: resolve.createReview,
  }),
  createGigCollection: t.field({
    type: GigCollectionPayload,
    ...upstream.marketplace('collectionsStore'),
    args: { input: t.arg({ type: CreateCollectionInput, required: true }) },
    resolve: resolve.createCollection,
  }),
}));
