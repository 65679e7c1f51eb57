/**
 * Gig quotes (a read sent as POST), favoriting, reviews of one's orders,
 * collections and the gigs of one. The discovery reads themselves (pricing,
 * favorites, recommendations, recently viewed, search suggestions,
 * collections, saved searches) are declared in schema/discovery.ts; the gig
 * lists among them prime `gigsShow` on their rows.
 */
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type * as map from '../src/upstreams/marketplace/map.js';
import { requiredText, searchText } from './args.js';
import { bodyOf } from './body.js';
import { requiredWholeNumber, wholeNumber } from './whole-numbers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export type PackageName = 'BASIC' | 'STANDARD' | 'PREMIUM';
export const packageToUpstream = (name: PackageName | null | undefined) => (name ? name.toLowerCase() : undefined);

export const gigQuote = (
  _: unknown,
  args: { slug: string; package?: PackageName | null; quantity?: number | null; express?: boolean | null },
  ctx: GatewayContext,
) => {
  const slug = identifier(args.slug, 'slug');
  const json = bodyOf(undefined, {
    package: packageToUpstream(args.package),
    quantity: wholeNumber(args.quantity, 'quantity'),
    express: args.express,
  });
  return ctx.clients.marketplace.read(ops.gigsQuote, { slug, body: json });
};

export async function toggleGigFavorite(_: unknown, args: { input: { slug: string } }, ctx: GatewayContext) {
  const slug = identifier(args.input.slug, 'input.slug');
  const result = await ctx.clients.marketplace.call(ops.favoritesToggle, { slug });
  // The favorites list of this request is stale now.
  ctx.clients.marketplace.forget(ops.favoritesIndex);
  return result;
}

export interface CreateReviewInput {
  orderId: string;
  rating: number;
  comment: string;
  attributes?: unknown;
}

export async function createReview(_: unknown, args: { input: CreateReviewInput }, ctx: GatewayContext) {
  const uuid = identifier(args.input.orderId, 'input.orderId');
  const json = bodyOf(args.input.attributes, {
    rating: requiredWholeNumber(args.input.rating, 'input.rating', 1, 5),
    comment: requiredText(args.input.comment, 'input.comment'),
  });
  const review = await ctx.clients.marketplace.call(ops.reviewsStore, { uuid, body: json });
  ctx.clients.marketplace.forget(ops.reviewsGig);
  ctx.clients.marketplace.forget(ops.ordersShow, { uuid });
  return { review };
}

export const collectionGigs = (parent: map.GigCollectionShape, _args: unknown, ctx: GatewayContext) =>
  Promise.all(parent.gigSlugs.map((slug) => ctx.clients.marketplace.read(ops.gigsShow, { slug })));

export interface CreateCollectionInput {
  name: string;
  description?: string | null;
  isPublic?: boolean | null;
  gigSlugs?: string[] | null;
  attributes?: unknown;
}

export async function createCollection(_: unknown, args: { input: CreateCollectionInput }, ctx: GatewayContext) {
  const { input } = args;
  const json = bodyOf(input.attributes, {
    name: requiredText(input.name, 'input.name'),
    description: searchText(input.description, 'input.description'),
    is_public: input.isPublic,
    gig_slugs: input.gigSlugs?.map((slug, i) => identifier(slug, `input.gigSlugs.${i}`)),
  });
  const collection = await ctx.clients.marketplace.call(ops.collectionsStore, { body: json });
  ctx.clients.marketplace.forget(ops.collectionsIndex);
  return { collection };
}
