/** Seller: a user who sells (their gigs, `Seller.gigs`, are defined beside Gig in gigs.ts). */
import type { SellerShape } from '../src/upstreams/marketplace/map.js';
import * as resolve from '../resolvers/sellers.js';
import { builder } from './builder.js';
import { connectionOf, pagingArgs } from './connection.js';
import { upstream } from './upstream-docs.js';

export const Seller = builder.objectRef<SellerShape>('Seller');
export const SellerConnection = connectionOf('Seller', Seller);

Seller.implement({
  description: 'A seller (studio) on the marketplace.',
  fields: (t) => ({
    username: t.exposeString('username', { nullable: false }),
    name: t.exposeString('name'),
    headline: t.exposeString('headline'),
    rating: t.exposeFloat('rating'),
    reviewsCount: t.exposeInt('reviewsCount'),
    avatarUrl: t.exposeString('avatarUrl'),
    country: t.exposeString('country'),
    level: t.exposeString('level'),
    languages: t.exposeStringList('languages'),
    createdAt: t.field({ type: 'DateTime', resolve: (s) => s.createdAt }),
    attributes: t.field({ type: 'JSON', description: 'The whole upstream seller object.', resolve: (s) => s.attributes }),
  }),
});

builder.queryFields((t) => ({
  seller: t.field({
    type: Seller,
    ...upstream.marketplace('sellersShow'),
    args: { username: t.arg.string({ required: true }) },
    resolve: resolve.seller,
  }),
  sellers: t.field({
    type: SellerConnection,
    ...upstream.marketplace('sellersIndex'),
    args: pagingArgs(t.arg),
    resolve: resolve.sellers,
  }),
}));
