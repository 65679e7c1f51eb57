/**
 * Custom offers between a seller and a buyer: `offers`, `offer(id)`,
 * `createOffer`, and the offer machine (counter, accept, decline, cancel,
 * attach and remove media). `Offer.attachments` are `Media`.
 */
import { identifier } from '../src/upstreams/identifiers.js';
import type * as M from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/offers.js';
import { orderLink } from '../resolvers/order-lifecycle.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { attributesInput, wholeObject } from './field-helpers.js';
import { Gig } from './gigs.js';
import { FileScalar, Media } from './media.js';
import { Order } from './orders.js';
import { Seller } from './sellers.js';
import { User } from './users.js';
import { costing, upstream, via } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';
import { UNPAGED_LIST_MAX } from '../src/upstreams/paging.js';

export const OfferStatus = builder.enumType('OfferStatus', {
  values: ['PENDING', 'COUNTERED', 'ACCEPTED', 'DECLINED', 'CANCELLED'] as const,
});

export const Offer = builder.objectRef<M.OfferShape>('Offer');
export const OfferConnection = connectionOf('Offer', Offer);

Offer.implement({
  description: 'A custom offer: pending until its recipient accepts, declines or counters it, or its sender cancels it.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'The offer uuid.' }),
    status: t.exposeString('status', { description: '`pending`, `countered`, `accepted`, `declined` or `cancelled`.' }),
    sellerUsername: t.exposeString('sellerUsername'),
    buyerUsername: t.exposeString('buyerUsername'),
    senderUsername: t.exposeString('senderUsername'),
    recipientUsername: t.exposeString('recipientUsername'),
    gigSlug: t.exposeString('gigSlug'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    price: t.exposeFloat('price'),
    currency: t.exposeString('currency'),
    deliveryDays: t.exposeInt('deliveryDays'),
    expiresAt: t.expose('expiresAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
    parentId: t.exposeID('parentId', { description: 'The offer this one counters.' }),
    counteredById: t.exposeID('counteredById', { description: 'The counter that replaced this offer.' }),
    proposalId: t.exposeID('proposalId', { description: 'The proposal this offer came from.' }),
    orderId: t.exposeID('orderId', { description: 'The order placed when the offer was accepted.' }),
    attributes: t.expose('attributes', { ...wholeObject('offer') }),
    // An attachment sent only as an id is loaded by id (resolvers/offers.ts): one call per element.
    attachments: t.field({
      type: [Media],
      nullable: false,
      ...costing(
        via.marketplace('mediaShow', 'Served from the offer itself; an attachment sent only as an id is loaded by id.'),
        UNPAGED_LIST_MAX,
      ),
      resolve: resolve.offerAttachments,
    }),
    seller: upstreamField(t, ops.sellersShow, {
      type: Seller,
      canonical: false,
      key: (o) => (o.sellerUsername ? { username: o.sellerUsername } : null),
    }),
    buyer: upstreamField(t, ops.usersShow, {
      type: User,
      canonical: false,
      key: (o) => (o.buyerUsername ? { username: o.buyerUsername } : null),
    }),
    gig: upstreamField(t, ops.gigsShow, { type: Gig, canonical: false, key: (o) => (o.gigSlug ? { slug: o.gigSlug } : null) }),
    parent: upstreamField(t, ops.offersShow, { type: Offer, canonical: false, key: (o) => resolve.offerKey(o.parentId) }),
    counteredBy: upstreamField(t, ops.offersShow, { type: Offer, canonical: false, key: (o) => resolve.offerKey(o.counteredById) }),
    order: upstreamField(t, ops.ordersShow, { type: Order, canonical: false, key: (o) => orderLink(o.orderId) }),
  }),
});

export const OfferPayload = builder.objectRef<{ offer: M.OfferShape }>('OfferPayload').implement({
  fields: (t) => ({
    offer: t.expose('offer', {
      type: Offer,
      description: 'The offer after the change (for a counter: the new counter offer).',
    }),
  }),
});

const CreateOfferInput = builder.inputType('CreateOfferInput', {
  description: 'Exactly one of buyerUsername (a seller offers to a buyer) or sellerUsername (a buyer asks a seller).',
  fields: (t) => ({
    buyerUsername: t.string(),
    sellerUsername: t.string(),
    gigSlug: t.string({ description: "One of the seller's gigs." }),
    title: t.string(),
    description: t.string({ required: true }),
    price: t.float({ required: true, description: 'Positive.' }),
    deliveryDays: t.int({ required: true, description: 'At least 1.' }),
    attributes: attributesInput(t),
  }),
});
const OfferActionInput = builder.inputType('OfferActionInput', {
  fields: (t) => ({ id: t.id({ required: true, description: 'The offer uuid.' }), attributes: attributesInput(t) }),
});
const CounterOfferInput = builder.inputType('CounterOfferInput', {
  fields: (t) => ({
    id: t.id({ required: true, description: 'The offer to counter.' }),
    price: t.float({ required: true, description: 'Positive.' }),
    deliveryDays: t.int(),
    description: t.string(),
    attributes: attributesInput(t),
  }),
});
const AttachToOfferInput = builder.inputType('AttachToOfferInput', {
  description: 'Exactly one of mediaId (an asset the caller already uploaded) or file (uploaded now, at most MAX_UPLOAD_BYTES).',
  fields: (t) => ({
    offerId: t.id({ required: true }),
    mediaId: t.id(),
    file: t.field({ type: FileScalar }),
    attributes: attributesInput(t),
  }),
});
const RemoveOfferAttachmentInput = builder.inputType('RemoveOfferAttachmentInput', {
  fields: (t) => ({ offerId: t.id({ required: true }), mediaId: t.id({ required: true }) }),
});

builder.queryFields((t) => ({
  offers: upstreamConnection(t, ops.offersIndex, {
    type: OfferConnection,
    description: 'Offers where the caller is the seller or the buyer, newest first.',
    args: { status: t.arg({ type: OfferStatus }) },
    key: (_, args) => resolve.offersWith(args.status),
  }),
  offer: upstreamField(t, ops.offersShow, {
    type: Offer,
    args: { id: t.arg.id({ required: true }) },
    key: (_, args) => ({ uuid: identifier(args.id, 'id') }),
  }),
}));

const action = resolve.offerAction;

builder.mutationFields((t) => ({
  createOffer: t.field({
    type: OfferPayload,
    ...upstream.marketplace('offersStore', 'The new offer is pending.'),
    args: { input: t.arg({ type: CreateOfferInput, required: true }) },
    resolve: resolve.createOffer,
  }),
  counterOffer: t.field({
    type: OfferPayload,
    ...upstream.marketplace('offersCounter', 'The recipient; the offer becomes countered and a new pending offer goes the other way.'),
    args: { input: t.arg({ type: CounterOfferInput, required: true }) },
    resolve: resolve.counterOffer,
  }),
  acceptOffer: t.field({
    type: OfferPayload,
    ...upstream.marketplace('offersAccept', 'The recipient; pending → accepted, and an order is placed (Offer.order).'),
    args: { input: t.arg({ type: OfferActionInput, required: true }) },
    resolve: action('offersAccept'),
  }),
  declineOffer: t.field({
    type: OfferPayload,
    ...upstream.marketplace('offersDecline', 'The recipient; pending → declined.'),
    args: { input: t.arg({ type: OfferActionInput, required: true }) },
    resolve: action('offersDecline'),
  }),
  cancelOffer: t.field({
    type: OfferPayload,
    ...upstream.marketplace('offersCancel', 'The sender; pending → cancelled.'),
    args: { input: t.arg({ type: OfferActionInput, required: true }) },
    resolve: action('offersCancel'),
  }),
  attachToOffer: t.field({
    type: OfferPayload,
    ...upstream.marketplace('offersAttach', 'Only while pending (otherwise CONFLICT).'),
    args: { input: t.arg({ type: AttachToOfferInput, required: true }) },
    resolve: resolve.attachToOffer,
  }),
  removeOfferAttachment: t.field({
    type: OfferPayload,
    ...upstream.marketplace('offersRemoveAttachment', 'Only while pending (otherwise CONFLICT).'),
    args: { input: t.arg({ type: RemoveOfferAttachmentInput, required: true }) },
    resolve: resolve.removeOfferAttachment,
  }),
}));
