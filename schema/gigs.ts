/** Gig and Review: `gig(slug)`, `gigs(search)`, `Gig.seller`, `Gig.reviews`, and `Seller.gigs`. */
import type { GigShape, ReviewShape } from '../src/upstreams/marketplace/map.js';
import * as resolve from '../resolvers/gigs.js';
import { sellerGigs } from '../resolvers/sellers.js';
import { userByName } from '../resolvers/users.js';
import { builder } from './builder.js';
import { connectionOf, pagingArgs } from './connection.js';
import { Category } from './platform.js';
import { Seller } from './sellers.js';
import { User } from './users.js';
import { upstream, via } from './upstream-docs.js';

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
    createdAt: t.field({ type: 'DateTime', resolve: (g) => g.createdAt }),
    sellerUsername: t.exposeString('sellerUsername', { nullable: false }),
    attributes: t.field({ type: 'JSON', description: 'The whole upstream gig object.', resolve: (g) => g.attributes }),
    seller: t.field({ type: Seller, ...via.marketplace('sellersShow'), resolve: resolve.gigSeller }),
    category: t.field({ type: Category, ...via.marketplace('categoriesIndex', 'Served from the reference cache.'), resolve: resolve.gigCategory }),
    reviews: t.field({
      type: ReviewConnection,
      ...upstream.marketplace('reviewsGig', 'Newest first.'),
      args: pagingArgs(t.arg),
      resolve: resolve.gigReviews,
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
    reviewer: t.field({ type: User, ...via.marketplace('usersShow'), resolve: (r, _a, ctx) => userByName(r.reviewerUsername, ctx) }),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    attributes: t.field({ type: 'JSON', description: 'The whole upstream review object.', resolve: (r) => r.attributes }),
  }),
});

// Defined here rather than in sellers.ts so the two domains do not import each other (Seller needs
// GigConnection, Gig needs Seller). The built schema lists fields sorted, so the move does not show.
builder.objectField(Seller, 'gigs', (t) =>
  t.field({
    type: GigConnection,
    ...via.marketplace('gigsIndex', "The seller's gigs (GET /gigs?seller=<username>), newest first."),
    args: pagingArgs(t.arg),
    resolve: sellerGigs,
  }),
);

builder.queryFields((t) => ({
  gig: t.field({ type: Gig, ...upstream.marketplace('gigsShow'), args: { slug: t.arg.string({ required: true }) }, resolve: resolve.gig }),
  gigs: t.field({
    type: GigConnection,
    ...upstream.marketplace('gigsIndex', 'Search and filter gigs, newest first.'),
    args: {
      search: t.arg.string({ description: 'Text to search in titles and descriptions.' }),
      seller: t.arg.string({ description: "Only this seller's gigs (username)." }),
      category: t.arg.string({ description: 'Only gigs of this category (slug).' }),
      ...pagingArgs(t.arg),
    },
    resolve: resolve.gigs,
  }),
}));
