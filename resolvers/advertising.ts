/**
 * Seller advertising: promotion products, public sponsored placements, the
 * seller's campaigns (analytics from the single-campaign read) and the
 * advertising wallet, whose deposits must be positive.
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { AdCampaignShape } from '../src/upstreams/marketplace/map.js';
import { requiredText, searchText } from './args.js';
import { bodyOf, positive } from './body.js';
import { primeGig } from './gigs.js';
import { loadConnection, type ConnectionArgs } from './connection.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export const promotionProducts = (_: unknown, _args: unknown, ctx: GatewayContext) =>
  ctx.clients.marketplace.call(ops.promotionProducts);

export async function sponsoredPlacements(_: unknown, args: { category?: string | null }, ctx: GatewayContext) {
  const placements = await ctx.clients.marketplace.call(ops.sponsoredPlacements, { query: { category: searchText(args.category, 'category') } });
  for (const { gig } of placements) if (gig) primeGig(ctx, gig);
  return placements;
}

export const advertisingCampaigns = (_: unknown, args: ConnectionArgs, ctx: GatewayContext) =>
  loadConnection(args, ctx.loaders.adCampaignPages, null);

export const advertisingCampaign = (_: unknown, args: { id: string }, ctx: GatewayContext) => ctx.loaders.adCampaignById.load(identifier(args.id, 'id'));

/** Campaigns from the list carry no analytics: those come from the single-campaign read. */
export const campaignAnalytics = async (parent: AdCampaignShape, _args: unknown, ctx: GatewayContext) =>
  parent.analytics ?? (await ctx.loaders.adCampaignById.load(parent.id)).analytics;

export const advertisingWallet = (_: unknown, _args: unknown, ctx: GatewayContext) =>
  ctx.clients.marketplace.call(ops.sellerAdvertisingWallet);

export interface CreateAdvertisingCampaignInput {
  name: string;
  gigSlug: string;
  dailyBudget: number;
  productSlug?: string | null;
  attributes?: unknown;
}

export async function createAdvertisingCampaign(_: unknown, args: { input: CreateAdvertisingCampaignInput }, ctx: GatewayContext) {
  const { input } = args;
  const json = bodyOf(input.attributes, {
    name: requiredText(input.name, 'input.name'),
    gig_slug: identifier(input.gigSlug, 'input.gigSlug'),
    daily_budget: positive(input.dailyBudget, 'input.dailyBudget'),
    product_slug: searchText(input.productSlug, 'input.productSlug'),
  });
  const campaign = await ctx.clients.marketplace.call(ops.sellerAdvertisingStore, { body: json });
  ctx.loaders.adCampaignById.prime(campaign.id, campaign);
  ctx.loaders.adCampaignPages.clearAll();
  return { campaign };
}

export async function depositAdvertisingFunds(_: unknown, args: { input: { amount: number; attributes?: unknown } }, ctx: GatewayContext) {
  const amount = positive(args.input.amount, 'input.amount');
  if (amount === undefined) throw badUserInput('"input.amount" is required', 'input.amount');
  const wallet = await ctx.clients.marketplace.call(ops.sellerAdvertisingDeposit, { body: bodyOf(args.input.attributes, { amount }) });
  return { wallet };
}
