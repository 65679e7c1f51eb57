/**
 * The order beyond its core reads: placing it (`createOrder`), its countdown,
 * deadline extensions, timeline and files (links on Order), and reordering a
 * completed order into the cart (`reorder`, `reorders`).
 */
import type * as M from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/order-lifecycle.js';
import { gigLink } from '../resolvers/gigs.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { GigPackageName } from './discovery.js';
import { Gig } from './gigs.js';
import { Order } from './orders.js';
import { attributesInput, wholeObject } from './field-helpers.js';
import { upstream } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const ExtensionResponse = builder.enumType('ExtensionResponse', { values: ['APPROVE', 'REJECT'] as const });

export const OrderCountdown = builder.objectRef<M.OrderCountdownShape>('OrderCountdown').implement({
  description: 'Time left until the order is due, on the marketplace clock.',
  fields: (t) => ({
    status: t.exposeString('status'),
    dueAt: t.expose('dueAt', { type: 'DateTime' }),
    now: t.expose('now', { type: 'DateTime', description: "The marketplace's current time." }),
    running: t.exposeBoolean('running', { description: 'True while the order is active.' }),
    secondsRemaining: t.exposeInt('secondsRemaining', { description: 'Null unless running.' }),
    overdue: t.exposeBoolean('overdue'),
    attributes: t.expose('attributes', { ...wholeObject('countdown') }),
  }),
});

export const OrderExtension = builder.objectRef<M.OrderExtensionShape>('OrderExtension').implement({
  description: 'A request to move the due date of an order; either party may request it and either may respond.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'The extension uuid.' }),
    orderId: t.exposeID('orderId'),
    status: t.exposeString('status', { description: '`pending`, `approved` or `rejected`.' }),
    days: t.exposeInt('days'),
    reason: t.exposeString('reason'),
    requestedBy: t.exposeString('requestedBy'),
    respondedBy: t.exposeString('respondedBy'),
    respondedAt: t.expose('respondedAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('extension') }),
  }),
});

export const OrderTimelineEvent = builder.objectRef<M.OrderTimelineEventShape>('OrderTimelineEvent').implement({
  fields: (t) => ({
    type: t.exposeString('type', { nullable: false, description: 'An event name such as `order.created`.' }),
    actorUsername: t.exposeString('actorUsername'),
    at: t.expose('at', { type: 'DateTime' }),
    detail: t.expose('detail', { type: 'JSON' }),
  }),
});

export const OrderFile = builder.objectRef<M.OrderFileShape>('OrderFile').implement({
  description: 'A file delivered on an order.',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: false }),
    deliveryId: t.exposeID('deliveryId'),
    url: t.exposeString('url'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('file') }),
  }),
});

export const CartEntry = builder.objectRef<M.CartEntryShape>('CartEntry').implement({
  description: 'A completed order added back to the cart.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    orderId: t.exposeID('orderId'),
    gigSlug: t.exposeString('gigSlug'),
    package: t.exposeString('package'),
    quantity: t.exposeInt('quantity'),
    price: t.exposeFloat('price'),
    currency: t.exposeString('currency'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('cart entry') }),
    gig: upstreamField(t, ops.gigsShow, { type: Gig, canonical: false, key: (c) => gigLink(c.gigSlug) }),
    order: upstreamField(t, ops.ordersShow, { type: Order, canonical: false, key: (c) => resolve.orderLink(c.orderId) }),
  }),
});
export const CartEntryConnection = connectionOf('CartEntry', CartEntry);

export const OrderPayload = builder.objectRef<{ order: M.OrderShape }>('OrderPayload').implement({
  fields: (t) => ({ order: t.expose('order', { type: Order }) }),
});

export const OrderExtensionPayload = builder
  .objectRef<{ extension: M.OrderExtensionShape; orderId: string }>('OrderExtensionPayload')
  .implement({
    fields: (t) => ({
      extension: t.expose('extension', { type: OrderExtension }),
      order: upstreamField(t, ops.ordersShow, {
        type: Order,
        canonical: false,
        description: 'The order after the change (an approval moves dueAt).',
        key: (p) => ({ uuid: p.orderId }),
      }),
    }),
  });

export const CartEntryPayload = builder.objectRef<{ cartEntry: M.CartEntryShape }>('CartEntryPayload').implement({
  fields: (t) => ({ cartEntry: t.expose('cartEntry', { type: CartEntry }) }),
});

const CreateOrderInput = builder.inputType('CreateOrderInput', {
  fields: (t) => ({
    gigSlug: t.string({ required: true }),
    package: t.field({ type: GigPackageName, description: 'Default BASIC.' }),
    quantity: t.int({ description: 'At least 1 (default 1).' }),
    requirements: t.string({ description: 'What the seller needs to start.' }),
    attributes: attributesInput(t),
  }),
});

const RequestOrderExtensionInput = builder.inputType('RequestOrderExtensionInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    days: t.int({ required: true, description: 'How many days later the order would be due (at least 1).' }),
    reason: t.string({ required: true }),
    attributes: attributesInput(t),
  }),
});

const RespondToOrderExtensionInput = builder.inputType('RespondToOrderExtensionInput', {
  fields: (t) => ({
    orderId: t.id({ required: true }),
    extensionId: t.id({ required: true }),
    response: t.field({ type: ExtensionResponse, required: true }),
    attributes: attributesInput(t),
  }),
});

const ReorderInput = builder.inputType('ReorderInput', {
  fields: (t) => ({
    orderId: t.id({ required: true, description: 'A completed order the caller bought.' }),
    attributes: attributesInput(t),
  }),
});

builder.objectFields(Order, (t) => ({
  countdown: upstreamField(t, ops.ordersCountdown, { type: OrderCountdown, key: (o) => ({ uuid: o.id }) }),
  extensions: upstreamField(t, ops.ordersExtensionsIndex, {
    type: [OrderExtension],
    description: 'Newest first.',
    key: (o) => ({ uuid: o.id }),
  }),
  timeline: upstreamField(t, ops.ordersTimeline, {
    type: [OrderTimelineEvent],
    description: 'Oldest first.',
    key: (o) => ({ uuid: o.id }),
  }),
  files: upstreamField(t, ops.ordersFiles, {
    type: [OrderFile],
    description: 'Every file of every delivery.',
    key: (o) => ({ uuid: o.id }),
  }),
}));

builder.queryFields((t) => ({
  reorders: upstreamConnection(t, ops.reordersIndex, {
    type: CartEntryConnection,
    description: "The caller's cart of reordered gigs, newest first.",
    key: () => ({}),
  }),
}));

builder.mutationFields((t) => ({
  createOrder: t.field({
    type: OrderPayload,
    ...upstream.marketplace('ordersStore', 'Orders a gig; the new order is pending.'),
    args: { input: t.arg({ type: CreateOrderInput, required: true }) },
    resolve: resolve.createOrder,
  }),
  requestOrderExtension: t.field({
    type: OrderExtensionPayload,
    ...upstream.marketplace('ordersExtensionsStore', 'Only on an active order without a pending extension (otherwise CONFLICT).'),
    args: { input: t.arg({ type: RequestOrderExtensionInput, required: true }) },
    resolve: resolve.requestOrderExtension,
  }),
  respondToOrderExtension: t.field({
    type: OrderExtensionPayload,
    ...upstream.marketplace('ordersExtensionsRespond', 'Only a pending extension can be answered (otherwise CONFLICT).'),
    args: { input: t.arg({ type: RespondToOrderExtensionInput, required: true }) },
    resolve: resolve.respondToOrderExtension,
  }),
  reorder: t.field({
    type: CartEntryPayload,
    ...upstream.marketplace('ordersReorder', 'Only a completed order (otherwise CONFLICT).'),
    args: { input: t.arg({ type: ReorderInput, required: true }) },
    resolve: resolve.reorder,
  }),
}));
