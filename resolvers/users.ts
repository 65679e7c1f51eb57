/** Links that end at a user (order buyer, message sender); the user reads themselves are declared in schema/users.ts. */
import type { GatewayContext } from '../src/context.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { readRow } from './read-row.js';

export const userByName = (username: string | null, ctx: GatewayContext) => (username ? readRow(ctx, ops.usersShow, { username }) : null);
