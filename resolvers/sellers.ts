/** `seller(username)`, `sellers`, `Seller.gigs` (GET /gigs?seller=…), and links that end at a seller. */
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { SellerRecord } from '../src/upstreams/marketplace/map.js';
import { loadConnection, MARKETPLACE_PAGE_SIZES, type ConnectionArgs } from './connection.js';

export const seller = (_: unknown, args: { username: string }, ctx: GatewayContext) =>
  ctx.loaders.sellerByUsername.load(identifier(args.username, 'username'));

export const sellers = (_: unknown, args: ConnectionArgs, ctx: GatewayContext) =>
  loadConnection(args, MARKETPLACE_PAGE_SIZES, ctx.loaders.sellerPages, null);

export const sellerGigs = (parent: SellerRecord, args: ConnectionArgs, ctx: GatewayContext) =>
  loadConnection(args, MARKETPLACE_PAGE_SIZES, ctx.loaders.gigPages, { seller: parent.username });

export const sellerByName = (username: string | null, ctx: GatewayContext) => (username ? ctx.loaders.sellerByUsername.load(username) : null);
