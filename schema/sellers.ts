/** Seller: a user who sells (their gigs, `Seller.gigs`, are defined beside Gig in gigs.ts). */
import { identifier } from '../src/upstreams/identifiers.js';
import type { SellerShape } from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { gigsOfSeller } from '../resolvers/gigs.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

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
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON', description: 'The whole upstream seller object.' }),
  }),
});

builder.queryFields((t) => ({
  seller: upstreamField(t, ops.sellersShow, {
    type: Seller,
    args: { username: t.arg.string({ required: true }) },
    key: (_, args) => ({ username: identifier(args.username, 'username') }),
    // `seller { gigs }` needs only the username: both calls start together, and the gigs' own
    // children start when the gig list arrives, whether or not the seller has answered yet.
    lookAhead: { gigs: ({ username }) => gigsOfSeller(username) },
  }),
  sellers: upstreamConnection(t, ops.sellersIndex, { type: SellerConnection, key: () => ({}) }),
}));
