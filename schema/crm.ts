/**
 * Seller CRM: customers (one per buyer who ordered from the calling seller),
 * private notes, stats and retention campaigns; and following sellers.
 * Every CRM read and write is for sellers only (a buyer token is FORBIDDEN).
 */
import type {
  CrmCustomerShape,
  CrmNoteShape,
  CrmStatsShape,
  FollowShape,
  RetentionCampaignShape,
} from '../src/upstreams/marketplace/map.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/crm.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { SellerRefInput } from './seller-profile.js';
import { Seller, SellerConnection } from './sellers.js';
import { User } from './users.js';
import { upstream, via } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const CrmCustomerStatus = builder.enumType('CrmCustomerStatus', {
  description: 'INACTIVE: the last order is more than 90 days old.',
  values: Object.keys(resolve.CRM_CUSTOMER_STATUSES) as Array<keyof typeof resolve.CRM_CUSTOMER_STATUSES>,
});
export const RetentionSegment = builder.enumType('RetentionSegment', {
  values: Object.keys(resolve.RETENTION_SEGMENTS) as Array<keyof typeof resolve.RETENTION_SEGMENTS>,
});

export const CrmNote = builder.objectRef<CrmNoteShape>('CrmNote').implement({
  description: "A seller's private note about a customer.",
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    body: t.exposeString('body'),
    authorUsername: t.exposeString('authorUsername'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const CrmCustomer = builder.objectRef<CrmCustomerShape>('CrmCustomer').implement({
  description: 'A buyer who ordered from the calling seller, with totals derived from the orders.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    status: t.exposeString('status', { description: 'active or inactive.' }),
    username: t.exposeString('username'),
    user: upstreamField(t, ops.usersShow, { type: User, canonical: false, key: (c) => (c.username ? { username: c.username } : null) }),
    name: t.exposeString('name'),
    avatarUrl: t.exposeString('avatarUrl'),
    country: t.exposeString('country'),
    ordersCount: t.exposeInt('ordersCount'),
    totalSpent: t.exposeFloat('totalSpent'),
    currency: t.exposeString('currency'),
    lastOrderAt: t.expose('lastOrderAt', { type: 'DateTime' }),
    tags: t.exposeStringList('tags'),
    notesCount: t.exposeInt('notesCount'),
    notes: t.field({
      type: [CrmNote],
      ...via.marketplace('sellerCrmShow', 'Read per customer when the list did not carry them.'),
      resolve: resolve.crmCustomerNotes,
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});
export const CrmCustomerConnection = connectionOf('CrmCustomer', CrmCustomer);

export const CrmStats = builder.objectRef<CrmStatsShape>('CrmStats').implement({
  fields: (t) => ({
    customersCount: t.exposeInt('customersCount'),
    activeCustomers: t.exposeInt('activeCustomers'),
    inactiveCustomers: t.exposeInt('inactiveCustomers'),
    repeatCustomers: t.exposeInt('repeatCustomers'),
    totalRevenue: t.exposeFloat('totalRevenue'),
    averageOrderValue: t.exposeFloat('averageOrderValue'),
    followersCount: t.exposeInt('followersCount'),
    currency: t.exposeString('currency'),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const RetentionCampaign = builder.objectRef<RetentionCampaignShape>('RetentionCampaign').implement({
  description: 'A message (with an optional coupon) to a segment of customers: scheduled, then sent.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    status: t.exposeString('status', { description: 'scheduled or sent.' }),
    name: t.exposeString('name'),
    segment: t.exposeString('segment'),
    message: t.exposeString('message'),
    discountPercent: t.exposeInt('discountPercent'),
    couponCode: t.exposeString('couponCode'),
    audienceCount: t.exposeInt('audienceCount'),
    sendAt: t.expose('sendAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});
export const RetentionCampaignConnection = connectionOf('RetentionCampaign', RetentionCampaign);

export const CrmNotePayload = builder.objectRef<{ note: CrmNoteShape; customerId: string }>('CrmNotePayload').implement({
  fields: (t) => ({
    note: t.expose('note', { type: CrmNote }),
    customer: upstreamField(t, ops.sellerCrmShow, {
      type: CrmCustomer,
      canonical: false,
      description: 'Read after the note was added.',
      key: (p) => ({ uuid: p.customerId }),
    }),
  }),
});
export const RetentionCampaignPayload = builder.objectRef<{ campaign: RetentionCampaignShape }>('RetentionCampaignPayload').implement({
  fields: (t) => ({ campaign: t.expose('campaign', { type: RetentionCampaign }) }),
});
export const FollowPayload = builder.objectRef<FollowShape>('FollowPayload').implement({
  description: 'The new follow state.',
  fields: (t) => ({
    following: t.exposeBoolean('following', { nullable: false }),
    followersCount: t.exposeInt('followersCount'),
    sellerUsername: t.exposeString('sellerUsername', { nullable: false }),
    seller: upstreamField(t, ops.sellersShow, {
      type: Seller,
      canonical: false,
      key: (p) => (p.sellerUsername ? { username: p.sellerUsername } : null),
    }),
  }),
});

const AddCrmNoteInput = builder.inputType('AddCrmNoteInput', {
  fields: (t) => ({
    customerId: t.id({ required: true }),
    body: t.string({ required: true }),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});
const CreateRetentionCampaignInput = builder.inputType('CreateRetentionCampaignInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    message: t.string({ required: true }),
    segment: t.field({ type: RetentionSegment, description: 'Default ALL.' }),
    discountPercent: t.int({
      description: `${resolve.DISCOUNT_PERCENT.min} to ${resolve.DISCOUNT_PERCENT.max}; a coupon is made when above 0.`,
    }),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});

builder.queryFields((t) => ({
  crmCustomers: upstreamConnection(t, ops.sellerCrmIndex, {
    type: CrmCustomerConnection,
    description: 'Most recent order first.',
    args: { status: t.arg({ type: CrmCustomerStatus }) },
    key: (_, args) => resolve.customerFilter(args.status),
  }),
  crmCustomer: upstreamField(t, ops.sellerCrmShow, {
    type: CrmCustomer,
    description: 'With notes.',
    args: { id: t.arg.id({ required: true }) },
    key: (_, args) => ({ uuid: identifier(args.id, 'id') }),
  }),
  crmStats: upstreamField(t, ops.sellerCrmStats, { type: CrmStats, key: () => ({}) }),
  retentionCampaigns: upstreamConnection(t, ops.sellerCrmCampaigns, {
    type: RetentionCampaignConnection,
    description: 'Newest first.',
    key: () => ({}),
  }),
  followedSellers: upstreamConnection(t, ops.sellerFollowIndex, {
    type: SellerConnection,
    description: 'Sellers the caller follows.',
    key: () => ({}),
  }),
}));

builder.mutationFields((t) => ({
  addCrmNote: t.field({
    type: CrmNotePayload,
    ...upstream.marketplace('sellerCrmNote', 'A private note; only the seller sees it.'),
    args: { input: t.arg({ type: AddCrmNoteInput, required: true }) },
    resolve: resolve.addCrmNote,
  }),
  createRetentionCampaign: t.field({
    type: RetentionCampaignPayload,
    ...upstream.marketplace('sellerCrmCampaignStore', 'Created scheduled; sent an hour later.'),
    args: { input: t.arg({ type: CreateRetentionCampaignInput, required: true }) },
    resolve: resolve.createRetentionCampaign,
  }),
  followSeller: t.field({
    type: FollowPayload,
    ...upstream.marketplace('sellerFollow', 'Idempotent: following twice changes nothing.'),
    args: { input: t.arg({ type: SellerRefInput, required: true }) },
    resolve: resolve.followSeller,
  }),
  unfollowSeller: t.field({
    type: FollowPayload,
    ...upstream.marketplace('sellerUnfollow', 'Idempotent.'),
    args: { input: t.arg({ type: SellerRefInput, required: true }) },
    resolve: resolve.unfollowSeller,
  }),
}));
