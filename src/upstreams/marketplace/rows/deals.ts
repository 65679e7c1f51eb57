/**
 * Marketplace rows: orders and their lifecycle, buyer requests, proposals and offers.
 * A part of the one marketplace table (../operations.ts), in the document's order.
 */
import { list, one, page, row } from '../../operations.js';
import * as map from '../map.js';
import { json, jsonOrUpload, filtered, MARKETPLACE_PAGE_SIZES } from './inputs.js';

export const dealRows = {
  ordersIndex: row({ method: 'GET', path: '/orders', scope: 'orders.read', success: 200 }, page(map.orderSchema, 'order'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    primes: { row: 'ordersShow', key: (order) => ({ uuid: order.id }) },
  }),
  ordersStore: row({ method: 'POST', path: '/orders', scope: 'orders.write', success: 201 }, one(map.orderSchema, 'order'), {
    input: json,
  }),
  ordersShow: row({ method: 'GET', path: '/orders/{uuid}', scope: 'orders.read', success: 200 }, one(map.orderSchema, 'order'), {
    subject: ({ uuid }) => `order '${uuid}'`,
  }),
  ordersCountdown: row(
    { method: 'GET', path: '/orders/{uuid}/countdown', scope: 'orders.read', success: 200 },
    one(map.orderCountdownSchema, 'order countdown'),
    { subject: ({ uuid }) => `order '${uuid}'` },
  ),
  ordersExtensionsIndex: row(
    { method: 'GET', path: '/orders/{uuid}/extensions', scope: 'orders.read', success: 200 },
    list(map.orderExtensionSchema, 'extension'),
    { subject: ({ uuid }) => `order '${uuid}'` },
  ),
  ordersExtensionsStore: row(
    { method: 'POST', path: '/orders/{uuid}/extensions', scope: 'orders.write', success: 201 },
    one(map.orderExtensionSchema, 'extension'),
    { subject: ({ uuid }) => `order '${uuid}'`, input: json },
  ),
  ordersExtensionsRespond: row(
    { method: 'POST', path: '/orders/{uuid}/extensions/{extensionUuid}/respond', scope: 'orders.write', success: 200 },
    one(map.orderExtensionSchema, 'extension'),
    { subject: ({ uuid, extensionUuid }) => `extension '${extensionUuid}' of order '${uuid}'`, input: json },
  ),
  ordersTimeline: row(
    { method: 'GET', path: '/orders/{uuid}/timeline', scope: 'orders.read', success: 200 },
    list(map.orderTimelineEventSchema, 'timeline event'),
    { subject: ({ uuid }) => `order '${uuid}'` },
  ),
  ordersDeliveries: row(
    { method: 'GET', path: '/orders/{uuid}/deliveries', scope: 'orders.read', success: 200 },
    list(map.deliverySchema, 'delivery'),
    { subject: ({ uuid }) => `order '${uuid}'` },
  ),
  ordersRevisions: row(
    { method: 'GET', path: '/orders/{uuid}/revisions', scope: 'orders.read', success: 200 },
    list(map.revisionSchema, 'revision'),
    { subject: ({ uuid }) => `order '${uuid}'` },
  ),
  ordersFiles: row(
    { method: 'GET', path: '/orders/{uuid}/files', scope: 'orders.read', success: 200 },
    list(map.orderFileSchema, 'order file'),
    { subject: ({ uuid }) => `order '${uuid}'` },
  ),
  reordersIndex: row({ method: 'GET', path: '/reorders', scope: 'orders.read', success: 200 }, page(map.cartEntrySchema, 'cart entry'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
  }),
  ordersReorder: row(
    { method: 'POST', path: '/orders/{uuid}/reorder', scope: 'orders.write', success: 201 },
    one(map.cartEntrySchema, 'cart entry'),
    { subject: ({ uuid }) => `order '${uuid}'`, input: json },
  ),
  requestsIndex: row(
    { method: 'GET', path: '/requests', scope: 'orders.read', success: 200 },
    page(map.buyerRequestSchema, 'buyer request'),
    { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered },
  ),
  requestsStore: row(
    { method: 'POST', path: '/requests', scope: 'orders.write', success: 201 },
    one(map.buyerRequestSchema, 'buyer request'),
    { input: json },
  ),
  requestBoard: row({ method: 'GET', path: '/requests/board', scope: null, success: 200 }, page(map.buyerRequestSchema, 'buyer request'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    input: filtered,
  }),
  requestPropose: row(
    { method: 'POST', path: '/requests/{uuid}/proposals', scope: 'gigs.write', success: 201 },
    one(map.proposalSchema, 'proposal'),
    { subject: ({ uuid }) => `request '${uuid}'`, input: json },
  ),
  proposalsIndex: row({ method: 'GET', path: '/proposals', scope: 'gigs.read', success: 200 }, page(map.proposalSchema, 'proposal'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    input: filtered,
  }),
  proposalsShortlist: row(
    { method: 'POST', path: '/proposals/{uuid}/shortlist', scope: 'orders.write', success: 200 },
    one(map.proposalSchema, 'proposal'),
    { subject: ({ uuid }) => `proposal '${uuid}'`, input: json },
  ),
  proposalsCounter: row(
    { method: 'POST', path: '/proposals/{uuid}/counter', scope: 'orders.write', success: 200 },
    one(map.proposalSchema, 'proposal'),
    { subject: ({ uuid }) => `proposal '${uuid}'`, input: json },
  ),
  proposalsReject: row(
    { method: 'POST', path: '/proposals/{uuid}/reject', scope: 'orders.write', success: 200 },
    one(map.proposalSchema, 'proposal'),
    { subject: ({ uuid }) => `proposal '${uuid}'`, input: json },
  ),
  proposalsWithdraw: row(
    { method: 'POST', path: '/proposals/{uuid}/withdraw', scope: 'gigs.write', success: 200 },
    one(map.proposalSchema, 'proposal'),
    { subject: ({ uuid }) => `proposal '${uuid}'`, input: json },
  ),
  proposalsAcceptCounter: row(
    { method: 'POST', path: '/proposals/{uuid}/accept-counter', scope: 'gigs.write', success: 200 },
    one(map.proposalSchema, 'proposal'),
    { subject: ({ uuid }) => `proposal '${uuid}'`, input: json },
  ),
  proposalsAccept: row(
    { method: 'POST', path: '/proposals/{uuid}/accept', scope: 'orders.write', success: 200 },
    one(map.proposalSchema, 'proposal'),
    { subject: ({ uuid }) => `proposal '${uuid}'`, input: json },
  ),
  offersIndex: row({ method: 'GET', path: '/offers', scope: 'offers.read', success: 200 }, page(map.offerSchema, 'offer'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    input: filtered,
    primes: { row: 'offersShow', key: (offer) => ({ uuid: offer.id }) },
  }),
  offersStore: row({ method: 'POST', path: '/offers', scope: 'offers.write', success: 201 }, one(map.offerSchema, 'offer'), {
    input: json,
  }),
  offersShow: row({ method: 'GET', path: '/offers/{uuid}', scope: 'offers.read', success: 200 }, one(map.offerSchema, 'offer'), {
    subject: ({ uuid }) => `offer '${uuid}'`,
  }),
  offersCounter: row(
    { method: 'POST', path: '/offers/{uuid}/counter', scope: 'offers.write', success: 201 },
    one(map.offerSchema, 'offer'),
    { subject: ({ uuid }) => `offer '${uuid}'`, input: json },
  ),
  offersAccept: row({ method: 'POST', path: '/offers/{uuid}/accept', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), {
    subject: ({ uuid }) => `offer '${uuid}'`,
    input: json,
  }),
  offersDecline: row(
    { method: 'POST', path: '/offers/{uuid}/decline', scope: 'offers.write', success: 200 },
    one(map.offerSchema, 'offer'),
    { subject: ({ uuid }) => `offer '${uuid}'`, input: json },
  ),
  offersCancel: row({ method: 'POST', path: '/offers/{uuid}/cancel', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), {
    subject: ({ uuid }) => `offer '${uuid}'`,
    input: json,
  }),
  offersAttach: row(
    { method: 'POST', path: '/offers/{uuid}/attachments', scope: 'offers.write', success: 201 },
    one(map.offerSchema, 'offer'),
    { subject: ({ uuid }) => `offer '${uuid}'`, input: jsonOrUpload },
  ),
  offersRemoveAttachment: row(
    { method: 'DELETE', path: '/offers/{uuid}/attachments/{media}', scope: 'offers.write', success: 200 },
    one(map.offerSchema, 'offer'),
    { subject: ({ uuid, media }) => `attachment '${media}' of offer '${uuid}'` },
  ),
};
