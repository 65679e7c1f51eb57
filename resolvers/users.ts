/** Links that end at a user (order buyer, message sender); the user reads themselves are declared in schema/users.ts. */
import type { GatewayContext } from '../src/context.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { readRow } from '../loaders/read-cache.js';

export const userByName = (username: string | null, ctx: GatewayContext) => (username ? readRow(ctx, ops.usersShow, { username }) : null);

/** The key of a link to a user (`Order.buyer`, `Review.reviewer`): none when the record names no user. */
export const userLink = (username: string | null) => (username ? { username } : null);
