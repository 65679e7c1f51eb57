/**
 * A seller's profile, portfolio, availability and testimonials (links on
 * `Seller`), saved studios with their idempotent favorite toggle, and the
 * seller's own analytics (growth, conversion).
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { SellerShape } from '../src/upstreams/marketplace/map.js';
import type { ConnectionShape } from '../schema/connection.js';
import { loadConnection, type ConnectionArgs } from './connection.js';
import { gigBySlugOrNull } from './gigs.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export const sellerProfile = (parent: SellerShape, _args: unknown, ctx: GatewayContext) => ctx.loaders.sellerProfileByUsername.load(parent.username);
export const sellerPortfolio = (parent: SellerShape, _args: unknown, ctx: GatewayContext) => ctx.loaders.portfolioBySeller.load(parent.username);
export const sellerAvailability = (parent: SellerShape, _args: unknown, ctx: GatewayContext) => ctx.loaders.availabilityBySeller.load(parent.username);
export const sellerTestimonials = (parent: SellerShape, _args: unknown, ctx: GatewayContext) => ctx.loaders.testimonialsBySeller.load(parent.username);

export const sellerPortfolioProject = (parent: SellerShape, args: { slug: string }, ctx: GatewayContext) =>
  ctx.loaders.portfolioProjectByKey.load({ username: parent.username, slug: identifier(args.slug, 'slug') });

/** Sellers that arrive in a list are primed, so `seller(username)` later in the request costs nothing. */
export function primeSellers(connection: ConnectionShape<SellerShape>, ctx: GatewayContext): ConnectionShape<SellerShape> {
  for (const { node } of connection.edges) ctx.clients.marketplace.prime(ops.sellersShow, { username: node.username }, node);
  return connection;
}

export const savedStudios = async (_: unknown, args: ConnectionArgs, ctx: GatewayContext) =>
  primeSellers(await loadConnection(args, ctx.loaders.savedStudioPages, null), ctx);

async function toggleSavedStudio(operation: 'sellerFavorite' | 'sellerUnfavorite', username: string, ctx: GatewayContext) {
  const name = identifier(username, 'input.username');
  const result = await ctx.clients.marketplace.call(ops[operation], { username: name });
  ctx.loaders.savedStudioPages.clearAll();
  return { sellerUsername: result.sellerUsername, favorited: result.favorited };
}

export const favoriteSeller = (_: unknown, args: { input: { username: string } }, ctx: GatewayContext) => toggleSavedStudio('sellerFavorite', args.input.username, ctx);
export const unfavoriteSeller = (_: unknown, args: { input: { username: string } }, ctx: GatewayContext) => toggleSavedStudio('sellerUnfavorite', args.input.username, ctx);

export const GROWTH_DAYS = { min: 7, max: 365 } as const;

export const sellerGrowth = (_: unknown, args: { days?: number | null }, ctx: GatewayContext) => {
  const days = args.days ?? undefined;
  if (days !== undefined && (days < GROWTH_DAYS.min || days > GROWTH_DAYS.max)) {
    throw badUserInput(`"days" must be from ${GROWTH_DAYS.min} to ${GROWTH_DAYS.max}`, 'days');
  }
  return ctx.clients.marketplace.call(ops.sellerGrowth, { query: { days } });
};

/** Open buyer requests in the seller's categories that the seller has not answered yet. */
export const sellerLeads = (_: unknown, args: ConnectionArgs, ctx: GatewayContext) =>
  loadConnection(args, ctx.loaders.sellerLeadPages, null);

export const conversionAnalytics = (_: unknown, _args: unknown, ctx: GatewayContext) =>
  ctx.clients.marketplace.call(ops.analyticsConversion);

export const gigOf = (parent: { gigSlug: string | null }, _args: unknown, ctx: GatewayContext) => gigBySlugOrNull(parent.gigSlug, ctx);
