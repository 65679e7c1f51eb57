/** Links that end at a seller (the seller reads themselves are declared in schema/sellers.ts). */
import type { GatewayContext } from '../src/context.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { readRow } from '../loaders/read-cache.js';

export const sellerByName = (username: string | null, ctx: GatewayContext) =>
  username ? readRow(ctx, ops.sellersShow, { username }) : null;

/** The key of a link to a seller (`Order.seller`): none when the record names no seller. */
export const sellerLink = (username: string | null) => (username ? { username } : null);
