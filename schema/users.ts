/** User: a marketplace account (`me`, `user(username)`, order buyers, reviewers). */
import { identifier } from '../src/upstreams/identifiers.js';
import type { UserShape } from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { builder } from './builder.js';
import { upstreamField } from './upstream-field.js';

export const User = builder.objectRef<UserShape>('User').implement({
  description: 'A marketplace user.',
  fields: (t) => ({
    username: t.exposeString('username', { nullable: false }),
    name: t.exposeString('name'),
    avatarUrl: t.exposeString('avatarUrl'),
    country: t.exposeString('country'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON', description: 'The whole upstream user object.' }),
  }),
});

builder.queryFields((t) => ({
  me: upstreamField(t, ops.me, { type: User, description: 'The user the bearer token belongs to.', key: () => ({}) }),
  user: upstreamField(t, ops.usersShow, {
    type: User,
    args: { username: t.arg.string({ required: true }) },
    key: (_, args) => ({ username: identifier(args.username, 'username') }),
  }),
}));
