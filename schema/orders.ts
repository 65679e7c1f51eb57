/** Order with its deliveries and revisions, and the links to its gig, seller and buyer. */
import type { DeliveryShape, OrderShape, RevisionShape } from '../src/upstreams/marketplace/map.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { gigLink } from '../resolvers/gigs.js';
import { sellerLink } from '../resolvers/sellers.js';
import { userLink } from '../resolvers/users.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { Gig } from './gigs.js';
import { Seller } from './sellers.js';
import { User } from './users.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const Delivery = builder.objectRef<DeliveryShape>('Delivery').implement({
  description: 'Work a seller delivered on an order.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    message: t.exposeString('message'),
    files: t.exposeStringList('files'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const Revision = builder.objectRef<RevisionShape>('Revision').implement({
  description: 'A revision the buyer requested on an order.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    reason: t.exposeString('reason'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const Order = builder.objectRef<OrderShape>('Order').implement({
  description: 'An order of a gig.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'The order uuid.' }),
    status: t.exposeString('status'),
    total: t.exposeFloat('total'),
    currency: t.exposeString('currency'),
    dueAt: t.expose('dueAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON', description: 'The whole upstream order object.' }),
    gig: upstreamField(t, ops.gigsShow, { type: Gig, canonical: false, key: (o) => gigLink(o.gigSlug) }),
    seller: upstreamField(t, ops.sellersShow, { type: Seller, canonical: false, key: (o) => sellerLink(o.sellerUsername) }),
    buyer: upstreamField(t, ops.usersShow, { type: User, canonical: false, key: (o) => userLink(o.buyerUsername) }),
    deliveries: upstreamField(t, ops.ordersDeliveries, { type: [Delivery], key: (o) => ({ uuid: o.id }) }),
    revisions: upstreamField(t, ops.ordersRevisions, { type: [Revision], key: (o) => ({ uuid: o.id }) }),
  }),
});

export const OrderConnection = connectionOf('Order', Order);

builder.queryFields((t) => ({
  order: upstreamField(t, ops.ordersShow, {
    type: Order,
    args: { id: t.arg.id({ required: true }) },
    key: (_, args) => ({ uuid: identifier(args.id, 'id') }),
    // `order { deliveries revisions }` need only the id: all three calls start together.
    lookAhead: { deliveries: ({ uuid }) => ({ uuid }), revisions: ({ uuid }) => ({ uuid }) },
  }),
  orders: upstreamConnection(t, ops.ordersIndex, {
    type: OrderConnection,
    description: "The caller's orders (as buyer or seller), newest first.",
    key: () => ({}),
    // Each order's links and lists start the moment the page arrives.
    itemLookAhead: ['gig', 'seller', 'buyer', 'deliveries', 'revisions'],
  }),
}));
