/** `seller(username)`, `sellers`, `Seller.gigs` (GET /gigs?seller=…), and links that end at a seller. */
import type { GraphQLResolveInfo } from 'graphql';
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { SellerShape } from '../src/upstreams/marketplace/map.js';
import { loadConnection, type ConnectionArgs } from './connection.js';
import { gigChildren } from './gigs.js';
import { prefetchChild, prefetchItemChildren } from './look-ahead.js';

const gigsOfSeller = (username: string, args: ConnectionArgs, ctx: GatewayContext) =>
  loadConnection(args, ctx.loaders.gigPages, { seller: username });

/**
 * `seller { gigs }` needs only the username: both calls start together, and
 * `gigs { nodes { reviews } }` start as soon as the gig list arrives, whether
 * or not the seller has answered yet (resolvers/look-ahead.ts).
 */
export const seller = (_: unknown, args: { username: string }, ctx: GatewayContext, info?: GraphQLResolveInfo) => {
  const username = identifier(args.username, 'username');
  prefetchChild(info, ctx, 'gigs', (gigArgs, gigsSelection) => {
    const pending = gigsOfSeller(username, gigArgs, ctx);
    prefetchItemChildren(pending, gigsSelection, gigChildren, ctx);
    return pending;
  });
  return ctx.loaders.sellerByUsername.load(username);
};

export const sellers = (_: unknown, args: ConnectionArgs, ctx: GatewayContext) =>
  loadConnection(args, ctx.loaders.sellerPages, null);

export const sellerGigs = (parent: SellerShape, args: ConnectionArgs, ctx: GatewayContext) => gigsOfSeller(parent.username, args, ctx);

export const sellerByName = (username: string | null, ctx: GatewayContext) => (username ? ctx.loaders.sellerByUsername.load(username) : null);
