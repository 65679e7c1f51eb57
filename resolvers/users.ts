/** `me`, `user(username)`, and links that end at a user (order buyer, reviewer). */
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';

export const me = (_: unknown, _args: unknown, ctx: GatewayContext) => ctx.loaders.me.load('me');

export const user = (_: unknown, args: { username: string }, ctx: GatewayContext) =>
  ctx.loaders.userByUsername.load(identifier(args.username, 'username'));

export const userByName = (username: string | null, ctx: GatewayContext) => (username ? ctx.loaders.userByUsername.load(username) : null);
