/**
 * Placing orders, deadline extensions (request and respond), reorders, and
 * the order's own reads: countdown, extensions, timeline, files. After a
 * write the order's cached reads are cleared, so the same request reads the
 * new state.
 */
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type * as map from '../src/upstreams/marketplace/map.js';
import { requiredText } from './args.js';
import { bodyOf } from './body.js';
import { loadConnection, type ConnectionArgs } from './connection.js';
import { packageToUpstream, type PackageName } from './discovery.js';
import { requiredWholeNumber, wholeNumber } from './whole-numbers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export type ExtensionResponse = 'APPROVE' | 'REJECT';

/** Forgets what this request read about an order, after a write changed it. */
function forgetOrder(ctx: GatewayContext, uuid: string) {
  ctx.loaders.orderById.clear(uuid);
  ctx.loaders.extensionsByOrder.clear(uuid);
  ctx.loaders.timelineByOrder.clear(uuid);
  ctx.loaders.countdownByOrder.clear(uuid);
}

export const orderCountdown = (parent: map.OrderShape, _a: unknown, ctx: GatewayContext) => ctx.loaders.countdownByOrder.load(parent.id);
export const orderExtensions = (parent: map.OrderShape, _a: unknown, ctx: GatewayContext) => ctx.loaders.extensionsByOrder.load(parent.id);
export const orderTimeline = (parent: map.OrderShape, _a: unknown, ctx: GatewayContext) => ctx.loaders.timelineByOrder.load(parent.id);
export const orderFiles = (parent: map.OrderShape, _a: unknown, ctx: GatewayContext) => ctx.loaders.filesByOrder.load(parent.id);
export const orderOf = (id: string | null, ctx: GatewayContext) => (id ? ctx.loaders.orderById.load(id) : null);

export interface CreateOrderInput {
  gigSlug: string;
  package?: PackageName | null;
  quantity?: number | null;
  requirements?: string | null;
  attributes?: unknown;
}

export async function createOrder(_: unknown, args: { input: CreateOrderInput }, ctx: GatewayContext) {
  const { input } = args;
  const json = bodyOf(input.attributes, {
    gig_slug: identifier(input.gigSlug, 'input.gigSlug'),
    package: packageToUpstream(input.package),
    quantity: wholeNumber(input.quantity, 'input.quantity'),
    requirements: input.requirements ?? undefined,
  });
  const order = await ctx.clients.marketplace.call(ops.ordersStore, { body: json });
  ctx.loaders.orderById.prime(order.id, order);
  ctx.loaders.orderPages.clearAll();
  return { order };
}

export interface RequestExtensionInput {
  orderId: string;
  days: number;
  reason: string;
  attributes?: unknown;
}

export async function requestOrderExtension(_: unknown, args: { input: RequestExtensionInput }, ctx: GatewayContext) {
  const uuid = identifier(args.input.orderId, 'input.orderId');
  const json = bodyOf(args.input.attributes, {
    days: requiredWholeNumber(args.input.days, 'input.days'),
    reason: requiredText(args.input.reason, 'input.reason'),
  });
  const extension = await ctx.clients.marketplace.call(ops.ordersExtensionsStore, { uuid, body: json });
  forgetOrder(ctx, uuid);
  return { extension, orderId: uuid };
}

export interface RespondExtensionInput {
  orderId: string;
  extensionId: string;
  response: ExtensionResponse;
  attributes?: unknown;
}

export async function respondToOrderExtension(_: unknown, args: { input: RespondExtensionInput }, ctx: GatewayContext) {
  const uuid = identifier(args.input.orderId, 'input.orderId');
  const extensionUuid = identifier(args.input.extensionId, 'input.extensionId');
  const json = bodyOf(args.input.attributes, { action: args.input.response.toLowerCase() });
  const extension = await ctx.clients.marketplace.call(ops.ordersExtensionsRespond, { uuid, extensionUuid, body: json });
  forgetOrder(ctx, uuid);
  return { extension, orderId: uuid };
}

export const reorders = (_: unknown, args: ConnectionArgs, ctx: GatewayContext) => loadConnection(args, ctx.loaders.reorderPages, null);

export async function reorder(_: unknown, args: { input: { orderId: string; attributes?: unknown } }, ctx: GatewayContext) {
  const uuid = identifier(args.input.orderId, 'input.orderId');
  const json = bodyOf(args.input.attributes);
  const cartEntry = await ctx.clients.marketplace.call(ops.ordersReorder, { uuid, body: json });
  ctx.loaders.reorderPages.clearAll();
  return { cartEntry };
}
