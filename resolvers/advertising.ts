/**
 * Seller advertising: the sponsored placements' filter, a listed campaign's
 * analytics (from the single-campaign read), a new campaign and wallet
 * deposits, which must be positive. The reads are declared in
 * schema/advertising.ts (the placed gigs prime `gigsShow`, from the row).
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { AdCampaignShape } from '../src/upstreams/marketplace/map.js';
import { requiredText, searchText } from './args.js';
import { bodyOf, positive } from './body.js';
import { readRow } from '../loaders/read-cache.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

/** `sponsoredPlacements(category)`: GET /sponsored, with the category trimmed and checked when one is given. */
export const placementFilter = (category?: string | null) => ({ query: { category: searchText(category, 'category') } });

/** Campaigns from the list carry no analytics: those come from the single-campaign read. */
export const campaignAnalytics = async (parent: AdCampaignShape, _args: unknown, ctx: GatewayContext) =>
  parent.analytics ?? (await readRow(ctx, ops.sellerAdvertisingShow, { uuid: parent.id })).analytics;

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
  ctx.clients.marketplace.prime(ops.sellerAdvertisingShow, { uuid: campaign.id }, campaign);
  ctx.clients.marketplace.forget(ops.sellerAdvertisingIndex);
  return { campaign };
}

export async function depositAdvertisingFunds(_: unknown, args: { input: { amount: number; attributes?: unknown } }, ctx: GatewayContext) {
  const amount = positive(args.input.amount, 'input.amount');
  if (amount === undefined) throw badUserInput('"input.amount" is required', 'input.amount');
  const wallet = await ctx.clients.marketplace.call(ops.sellerAdvertisingDeposit, { body: bodyOf(args.input.attributes, { amount }) });
  return { wallet };
}
