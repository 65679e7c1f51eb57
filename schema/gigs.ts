/** Gig and Review: `gig(slug)`, `gigs(search)`, `Gig.seller`, `Gig.reviews`, and `Seller.gigs`. */
import type { GigShape, ReviewShape } from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/gigs.js';
import { userLink } from '../resolvers/users.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { Category } from './platform.js';
import { Seller } from './sellers.js';
import { User } from './users.js';
import { via } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const Gig = builder.objectRef<GigShape>('Gig');
export const GigConnection = connectionOf('Gig', Gig);
export const Review = builder.objectRef<ReviewShape>('Review');
export const ReviewConnection = connectionOf('Review', Review);

Gig.implement({
  description: 'A service a seller offers.',
  fields: (t) => ({
    slug: t.exposeString('slug', { nullable: false }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    priceFrom: t.exposeFloat('priceFrom'),
    currency: t.exposeString('currency'),
    rating: t.exposeFloat('rating'),
    reviewsCount: t.exposeInt('reviewsCount'),
    deliveryDays: t.exposeInt('deliveryDays'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    sellerUsername: t.exposeString('sellerUsername', { nullable: false }),
    attributes: t.expose('attributes', { type: 'JSON', description: 'The whole upstream gig object.' }),
    seller: upstreamField(t, ops.sellersShow, { type: Seller, canonical: false, key: (gig) => ({ username: gig.sellerUsername }) }),
    category: t.field({
      type: Category,
      ...via.marketplace('categoriesIndex', 'Served from the reference cache.'),
      resolve: resolve.gigCategory,
    }),
    reviews: upstreamConnection(t, ops.reviewsGig, {
      type: ReviewConnection,
      description: 'Newest first.',
      key: (gig) => ({ slug: gig.slug }),
    }),
  }),
});

Review.implement({
  description: 'A review of a gig.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    rating: t.exposeFloat('rating'),
    comment: t.exposeString('comment'),
    reviewerUsername: t.exposeString('reviewerUsername'),
    reviewer: upstreamField(t, ops.usersShow, {
      type: User,
      canonical: false,
      key: (review) => userLink(review.reviewerUsername),
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON', description: 'The whole upstream review object.' }),
  }),
});

// A list of gigs starts, for each gig, its reviews and its seller the moment the list arrives.
const GIG_CHILDREN = ['reviews', 'seller'];

// Defined here rather than in sellers.ts so the two domains do not import each other (Seller needs
// GigConnection, Gig needs Seller). The built schema lists fields sorted, so the move does not show.
builder.objectField(Seller, 'gigs', (t) =>
  upstreamConnection(t, ops.gigsIndex, {
    type: GigConnection,
    canonical: false,
    description: "The seller's gigs (GET /gigs?seller=<username>), newest first.",
    key: (seller) => resolve.gigsOfSeller(seller.username),
    itemLookAhead: GIG_CHILDREN,
  }),
);

builder.queryFields((t) => ({
  gig: upstreamField(t, ops.gigsShow, {
    type: Gig,
    args: { slug: t.arg.string({ required: true }) },
    key: (_, args) => resolve.gigKey(args.slug),
    // `gig { reviews }` needs only the slug: both calls start together.
    lookAhead: { reviews: ({ slug }) => ({ slug }) },
  }),
  gigs: upstreamConnection(t, ops.gigsIndex, {
    type: GigConnection,
    description: 'Search and filter gigs, newest first.',
    args: {
      search: t.arg.string({ description: 'Text to search in titles and descriptions.' }),
      seller: t.arg.string({ description: "Only this seller's gigs (username)." }),
      category: t.arg.string({ description: 'Only gigs of this category (slug).' }),
    },
    key: (_, args) => resolve.gigSearch(args),
    itemLookAhead: GIG_CHILDREN,
  }),
}));
