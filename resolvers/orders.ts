/** `order(id)`, `orders`, and the order's links: gig, seller, buyer, deliveries, revisions. */
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { OrderShape } from '../src/upstreams/marketplace/map.js';
import { loadConnection, type ConnectionArgs } from './connection.js';
import { gigBySlugOrNull } from './gigs.js';
import { pointOf, prefetchChild, prefetchItemChildren, type ItemChildren } from './look-ahead.js';
import { sellerByName } from './sellers.js';
import { userByName } from './users.js';

/** `order { deliveries revisions }` need only the id: all three calls start together (resolvers/look-ahead.ts). */
export const order = (_: unknown, args: { id: string }, ctx: GatewayContext, info?: GraphQLResolveInfo) => {
  const id = identifier(args.id, 'id');
  prefetchChild(info, ctx, 'deliveries', () => ctx.loaders.deliveriesByOrder.load(id));
  prefetchChild(info, ctx, 'revisions', () => ctx.loaders.revisionsByOrder.load(id));
  return ctx.loaders.orderById.load(id);
};

export const orders = (_: unknown, args: ConnectionArgs, ctx: GatewayContext, info?: GraphQLResolveInfo) => {
  const pending = loadConnection(args, ctx.loaders.orderPages, null);
  prefetchItemChildren(pending, info && pointOf(info), orderChildren, ctx);
  return pending;
};

export const orderGig = (parent: OrderShape, _args: unknown, ctx: GatewayContext) => gigBySlugOrNull(parent.gigSlug, ctx);
export const orderSeller = (parent: OrderShape, _args: unknown, ctx: GatewayContext) => sellerByName(parent.sellerUsername, ctx);
export const orderBuyer = (parent: OrderShape, _args: unknown, ctx: GatewayContext) => userByName(parent.buyerUsername, ctx);
export const orderDeliveries = (parent: OrderShape, _args: unknown, ctx: GatewayContext) => ctx.loaders.deliveriesByOrder.load(parent.id);
export const orderRevisions = (parent: OrderShape, _args: unknown, ctx: GatewayContext) => ctx.loaders.revisionsByOrder.load(parent.id);

/** What a list of orders starts for each order the moment the list arrives (resolvers/look-ahead.ts). */
const orderChildren: ItemChildren<OrderShape> = {
  gig: orderGig,
  seller: orderSeller,
  buyer: orderBuyer,
  deliveries: orderDeliveries,
  revisions: orderRevisions,
};
