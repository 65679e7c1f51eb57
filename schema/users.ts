/** User: a marketplace account (`me`, `user(username)`, order buyers, reviewers). */
import type { UserShape } from '../src/upstreams/marketplace/map.js';
import * as resolve from '../resolvers/users.js';
import { builder } from './builder.js';
import { upstream } from './upstream-docs.js';

export const User = builder.objectRef<UserShape>('User').implement({
  description: 'A marketplace user.',
  fields: (t) => ({
    username: t.exposeString('username', { nullable: false }),
    name: t.exposeString('name'),
    avatarUrl: t.exposeString('avatarUrl'),
    country: t.exposeString('country'),
    createdAt: t.field({ type: 'DateTime', resolve: (u) => u.createdAt }),
    attributes: t.field({ type: 'JSON', description: 'The whole upstream user object.', resolve: (u) => u.attributes }),
  }),
});

builder.queryFields((t) => ({
  me: t.field({ type: User, ...upstream.marketplace('me', 'The user the bearer token belongs to.'), resolve: resolve.me }),
  user: t.field({
    type: User,
    ...upstream.marketplace('usersShow'),
    args: { username: t.arg.string({ required: true }) },
    resolve: resolve.user,
  }),
}));
