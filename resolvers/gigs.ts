/** `gig(slug)`, `gigs(search)`, `Gig.seller`, `Gig.reviews` and `Gig.category`. */
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { GigShape } from '../src/upstreams/marketplace/map.js';
import { searchText } from './args.js';
import { loadConnection, type ConnectionArgs } from './connection.js';
import { pointOf, prefetchChild, prefetchItemChildren, type ItemChildren } from './look-ahead.js';

const reviewsOfGig = (slug: string, args: ConnectionArgs, ctx: GatewayContext) =>
  loadConnection(args, ctx.loaders.reviewPages, slug);

/** `gig { reviews }` needs only the slug: both calls start together (resolvers/look-ahead.ts). */
export const gig = (_: unknown, args: { slug: string }, ctx: GatewayContext, info?: GraphQLResolveInfo) => {
  const slug = identifier(args.slug, 'slug');
  prefetchChild(info, ctx, 'reviews', (reviewArgs) => reviewsOfGig(slug, reviewArgs, ctx));
  return ctx.loaders.gigBySlug.load(slug);
};

export const gigs = (
  _: unknown,
  args: ConnectionArgs & { search?: string | null; seller?: string | null; category?: string | null },
  ctx: GatewayContext,
  info?: GraphQLResolveInfo,
) => {
  const filter: { search?: string; seller?: string; category?: string } = {};
  const search = searchText(args.search, 'search');
  const sellerName = searchText(args.seller, 'seller');
  const category = searchText(args.category, 'category');
  if (search) filter.search = search;
  if (sellerName) filter.seller = sellerName;
  if (category) filter.category = category;
  const pending = loadConnection(args, ctx.loaders.gigPages, filter);
  prefetchItemChildren(pending, info && pointOf(info), gigChildren, ctx);
  return pending;
};

export const gigSeller = (parent: GigShape, _args: unknown, ctx: GatewayContext) => ctx.loaders.sellerByUsername.load(parent.sellerUsername);

export const gigReviews = (parent: GigShape, args: ConnectionArgs, ctx: GatewayContext) => reviewsOfGig(parent.slug, args, ctx);

/** What a list of gigs starts for each gig the moment the list arrives (resolvers/look-ahead.ts). */
export const gigChildren: ItemChildren<GigShape> = { reviews: gigReviews, seller: gigSeller };

export const gigCategory = async (parent: GigShape, _args: unknown, ctx: GatewayContext) => {
  if (!parent.categorySlug) return null;
  const categories = await ctx.reference.categories();
  return categories.find((c) => c.slug === parent.categorySlug) ?? null;
};

export const gigBySlugOrNull = (slug: string | null, ctx: GatewayContext) => (slug ? ctx.loaders.gigBySlug.load(slug) : null);
