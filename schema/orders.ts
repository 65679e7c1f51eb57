/** Order with its deliveries and revisions, and the links to its gig, seller and buyer. */
import type { DeliveryShape, OrderShape, RevisionShape } from '../src/upstreams/marketplace/map.js';
import * as resolve from '../resolvers/orders.js';
import { builder } from './builder.js';
import { connectionOf, pagingArgs } from './connection.js';
import { Gig } from './gigs.js';
import { Seller } from './sellers.js';
import { User } from './users.js';
import { upstream, via } from './upstream-docs.js';

export const Delivery = builder.objectRef<DeliveryShape>('Delivery').implement({
  description: 'Work a seller delivered on an order.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    message: t.exposeString('message'),
    files: t.exposeStringList('files'),
    createdAt: t.field({ type: 'DateTime', resolve: (d) => d.createdAt }),
    attributes: t.field({ type: 'JSON', resolve: (d) => d.attributes }),
  }),
});

export const Revision = builder.objectRef<RevisionShape>('Revision').implement({
  description: 'A revision the buyer requested on an order.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    reason: t.exposeString('reason'),
    createdAt: t.field({ type: 'DateTime', resolve: (r) => r.createdAt }),
    attributes: t.field({ type: 'JSON', resolve: (r) => r.attributes }),
  }),
});

export const Order = builder.objectRef<OrderShape>('Order').implement({
  description: 'An order of a gig.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'The order uuid.' }),
    status: t.exposeString('status'),
    total: t.exposeFloat('total'),
    currency: t.exposeString('currency'),
    dueAt: t.field({ type: 'DateTime', resolve: (o) => o.dueAt }),
    createdAt: t.field({ type: 'DateTime', resolve: (o) => o.createdAt }),
    attributes: t.field({ type: 'JSON', description: 'The whole upstream order object.', resolve: (o) => o.attributes }),
    gig: t.field({ type: Gig, ...via.marketplace('gigsShow'), resolve: resolve.orderGig }),
    seller: t.field({ type: Seller, ...via.marketplace('sellersShow'), resolve: resolve.orderSeller }),
    buyer: t.field({ type: User, ...via.marketplace('usersShow'), resolve: resolve.orderBuyer }),
    deliveries: t.field({ type: [Delivery], ...upstream.marketplace('ordersDeliveries'), resolve: resolve.orderDeliveries }),
    revisions: t.field({ type: [Revision], ...upstream.marketplace('ordersRevisions'), resolve: resolve.orderRevisions }),
  }),
});

export const OrderConnection = connectionOf('Order', Order);

builder.queryFields((t) => ({
  order: t.field({ type: Order, ...upstream.marketplace('ordersShow'), args: { id: t.arg.id({ required: true }) }, resolve: resolve.order }),
  orders: t.field({
    type: OrderConnection,
    ...upstream.marketplace('ordersIndex', "The caller's orders (as buyer or seller), newest first."),
    args: pagingArgs(t.arg),
    resolve: resolve.orders,
  }),
}));
