/**
 * Item-store fields beyond the plain reads declared in schema/items.ts:
 * `item(id)` (many share one /items/all above a threshold, see
 * loaders/items.ts), purchase validation, and `Item.demoReports`, which
 * crosses into the website-analysis service.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import type { ItemShape } from '../src/upstreams/items/map.js';
import { windowOf } from '../src/upstreams/paging.js';
import { requiredText } from './args.js';
import { prefetchChild } from './upstream-read.js';
import { reportsForUrl } from './seo.js';

const MAX_CODE_LENGTH = 200;

/** The `item(id)` check, shared by `node(id)` for items. */
export function itemId(value: string): string {
  const id = value.trim();
  if (!/^\d{1,18}$/.test(id)) throw badUserInput('"id" must be a numeric item id', 'id');
  return String(BigInt(id));
}

function purchaseCode(value: string): string {
  const code = requiredText(value, 'code');
  if (code.length > MAX_CODE_LENGTH) throw badUserInput(`"code" is longer than ${MAX_CODE_LENGTH} characters`, 'code');
  return code;
}

/** `item { purchase(code) }` needs only the code: validation and item calls start together (resolvers/look-ahead.ts). */
export const item = (_: unknown, args: { id: string }, ctx: GatewayContext, info?: GraphQLResolveInfo) => {
  const id = itemId(args.id);
  prefetchChild(info, ctx, 'purchase', (purchaseArgs) => ctx.clients.items.validatePurchase(purchaseCode(String(purchaseArgs.code))));
  return ctx.clients.items.item(id);
};

export async function validatePurchase(_: unknown, args: { code: string }, ctx: GatewayContext) {
  const result = await ctx.clients.items.validatePurchase(purchaseCode(args.code));
  return result.valid ? { valid: true, purchase: result.purchase, reason: null } : { valid: false, purchase: null, reason: result.reason };
}

/** Valid only when the code is a purchase of this very item. */
export async function itemPurchase(parent: ItemShape, args: { code: string }, ctx: GatewayContext) {
  const result = await ctx.clients.items.validatePurchase(purchaseCode(args.code));
  if (!result.valid) return { valid: false, purchase: null, reason: result.reason };
  if (result.purchase.item.id !== parent.id) return { valid: false, purchase: null, reason: 'The purchase code is for another item' };
  return { valid: true, purchase: result.purchase, reason: null };
}

export async function itemDemoReports(parent: ItemShape, args: { first?: number | null }, ctx: GatewayContext) {
  const { first } = windowOf({ first: args.first });
  if (!parent.demoLink || first === 0) return [];
  return reportsForUrl(parent.demoLink, first, ctx);
}
