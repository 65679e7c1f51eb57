/**
 * Seller CRM (the customer filter, a listed customer's notes, private notes,
 * retention campaigns; the other reads are declared in schema/crm.ts) and
 * following sellers, whose follow/unfollow are idempotent toggles.
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { CrmCustomerShape } from '../src/upstreams/marketplace/map.js';
import { readRow } from '../loaders/read-cache.js';
import { requiredText } from './args.js';
import { bodyOf } from './body.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export const CRM_CUSTOMER_STATUSES = { ACTIVE: 'active', INACTIVE: 'inactive' } as const;
export const RETENTION_SEGMENTS = { ALL: 'all', REPEAT: 'repeat', INACTIVE: 'inactive' } as const;
export const DISCOUNT_PERCENT = { min: 0, max: 90 } as const;

/** `crmCustomers(status)`: GET /seller/crm, with the upstream's status name when one is asked for. */
export const customerFilter = (status?: keyof typeof CRM_CUSTOMER_STATUSES | null) => ({
  query: status ? { status: CRM_CUSTOMER_STATUSES[status] } : {},
});

/** Only the single-customer read carries notes; a listed customer reads them through it. */
export const crmCustomerNotes = async (parent: CrmCustomerShape, _args: unknown, ctx: GatewayContext) =>
  parent.notes ?? (await readRow(ctx, ops.sellerCrmShow, { uuid: parent.id })).notes;

export async function addCrmNote(
  _: unknown,
  args: { input: { customerId: string; body: string; attributes?: unknown } },
  ctx: GatewayContext,
) {
  const uuid = identifier(args.input.customerId, 'input.customerId');
  const json = bodyOf(args.input.attributes, { body: requiredText(args.input.body, 'input.body') });
  const note = await ctx.clients.marketplace.call(ops.sellerCrmNote, { uuid, body: json });
  // The customer's notes and count changed: a later read in this request fetches them again.
  ctx.clients.marketplace.forget(ops.sellerCrmShow);
  ctx.clients.marketplace.forget(ops.sellerCrmIndex);
  return { note, customerId: uuid };
}

export interface CreateRetentionCampaignInput {
  name: string;
  message: string;
  segment?: keyof typeof RETENTION_SEGMENTS | null;
  discountPercent?: number | null;
  attributes?: unknown;
}

export async function createRetentionCampaign(_: unknown, args: { input: CreateRetentionCampaignInput }, ctx: GatewayContext) {
  const { input } = args;
  const discount = input.discountPercent ?? undefined;
  if (discount !== undefined && (discount < DISCOUNT_PERCENT.min || discount > DISCOUNT_PERCENT.max)) {
    throw badUserInput(`"input.discountPercent" must be from ${DISCOUNT_PERCENT.min} to ${DISCOUNT_PERCENT.max}`, 'input.discountPercent');
  }
  const json = bodyOf(input.attributes, {
    name: requiredText(input.name, 'input.name'),
    message: requiredText(input.message, 'input.message'),
    segment: input.segment ? RETENTION_SEGMENTS[input.segment] : undefined,
    discount_percent: discount,
  });
  const campaign = await ctx.clients.marketplace.call(ops.sellerCrmCampaignStore, { body: json });
  ctx.clients.marketplace.forget(ops.sellerCrmCampaigns);
  return { campaign };
}

async function toggleFollow(operation: 'sellerFollow' | 'sellerUnfollow', username: string, ctx: GatewayContext) {
  const name = identifier(username, 'input.username');
  const result = await ctx.clients.marketplace.call(ops[operation], { username: name });
  ctx.clients.marketplace.forget(ops.sellerFollowIndex);
  ctx.clients.marketplace.forget(ops.sellersProfile);
  return result;
}

export const followSeller = (_: unknown, args: { input: { username: string } }, ctx: GatewayContext) =>
  toggleFollow('sellerFollow', args.input.username, ctx);
export const unfollowSeller = (_: unknown, args: { input: { username: string } }, ctx: GatewayContext) =>
  toggleFollow('sellerUnfollow', args.input.username, ctx);
