/**
 * The saved-studio toggle (idempotent) and the keys of the seller reads that
 * check their arguments; the reads themselves (profile, portfolio,
 * availability, testimonials, saved studios, growth, leads, conversion) are
 * declared in schema/seller-profile.ts.
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

async function toggleSavedStudio(operation: 'sellerFavorite' | 'sellerUnfavorite', username: string, ctx: GatewayContext) {
  const name = identifier(username, 'input.username');
  const result = await ctx.clients.marketplace.call(ops[operation], { username: name });
  ctx.clients.marketplace.forget(ops.savedStudios);
  return { sellerUsername: result.sellerUsername, favorited: result.favorited };
}

export const favoriteSeller = (_: unknown, args: { input: { username: string } }, ctx: GatewayContext) =>
  toggleSavedStudio('sellerFavorite', args.input.username, ctx);
export const unfavoriteSeller = (_: unknown, args: { input: { username: string } }, ctx: GatewayContext) =>
  toggleSavedStudio('sellerUnfavorite', args.input.username, ctx);

export const GROWTH_DAYS = { min: 7, max: 365 } as const;

/** `sellerGrowth(days)`: the period, checked before any call (absent: the upstream's default). */
export function growthPeriod(value: number | null | undefined) {
  const days = value ?? undefined;
  if (days !== undefined && (days < GROWTH_DAYS.min || days > GROWTH_DAYS.max)) {
    throw badUserInput(`"days" must be from ${GROWTH_DAYS.min} to ${GROWTH_DAYS.max}`, 'days');
  }
  return { query: { days } };
}

/** The `gigsShow` key of a record naming a gig (a portfolio project, a conversion row); none, no call. */
export const gigKeyOf = (record: { gigSlug: string | null }) => (record.gigSlug ? { slug: record.gigSlug } : null);
