/**
 * Seller advertising: the promotion products on sale, public sponsored
 * placements, the seller's campaigns with their analytics, and the
 * advertising wallet (balance, deposits).
 */
import type { AdCampaignShape, AdWalletShape, PromotionProductShape, SponsoredPlacementShape } from '../src/upstreams/marketplace/map.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/advertising.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { Gig } from './gigs.js';
import { upstream, via } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const PromotionProduct = builder.objectRef<PromotionProductShape>('PromotionProduct').implement({
  description: 'An advertising product a seller can buy.',
  fields: (t) => ({
    slug: t.exposeString('slug', { nullable: false }),
    name: t.exposeString('name'),
    description: t.exposeString('description'),
    pricingModel: t.exposeString('pricingModel', { description: 'cpc or daily.' }),
    minDailyBudget: t.exposeFloat('minDailyBudget'),
    currency: t.exposeString('currency'),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const SponsoredPlacement = builder.objectRef<SponsoredPlacementShape>('SponsoredPlacement').implement({
  description: 'A gig shown as sponsored by an active campaign.',
  fields: (t) => ({
    campaignId: t.exposeID('campaignId'),
    placement: t.exposeString('placement', { description: 'search or home.' }),
    gig: t.expose('gig', { type: Gig }),
  }),
});

type AnalyticsShape = NonNullable<AdCampaignShape['analytics']>;
export const CampaignAnalytics = builder.objectRef<AnalyticsShape>('CampaignAnalytics').implement({
  fields: (t) => ({
    daysRunning: t.exposeInt('daysRunning'),
    impressions: t.exposeInt('impressions'),
    clicks: t.exposeInt('clicks'),
    ctr: t.exposeFloat('ctr', { description: 'Click-through rate, percent.' }),
    orders: t.exposeInt('orders'),
    conversionRate: t.exposeFloat('conversionRate', { description: 'Percent.' }),
    spend: t.exposeFloat('spend'),
    currency: t.exposeString('currency'),
  }),
});

export const AdvertisingCampaign = builder.objectRef<AdCampaignShape>('AdvertisingCampaign').implement({
  description: "One of the calling seller's advertising campaigns (active, paused or ended).",
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    status: t.exposeString('status'),
    name: t.exposeString('name'),
    productSlug: t.exposeString('productSlug'),
    gigSlug: t.exposeString('gigSlug'),
    gig: upstreamField(t, ops.gigsShow, { type: Gig, canonical: false, key: (c) => (c.gigSlug ? { slug: c.gigSlug } : null) }),
    dailyBudget: t.exposeFloat('dailyBudget'),
    currency: t.exposeString('currency'),
    startsAt: t.expose('startsAt', { type: 'DateTime' }),
    endsAt: t.expose('endsAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    analytics: t.field({
      type: CampaignAnalytics,
      ...via.marketplace('sellerAdvertisingShow', 'Simulated upstream analytics; read per campaign when the list did not carry them.'),
      resolve: resolve.campaignAnalytics,
    }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});
export const AdvertisingCampaignConnection = connectionOf('AdvertisingCampaign', AdvertisingCampaign);

type AdTransactionShape = AdWalletShape['transactions'][number];
const AdvertisingTransaction = builder.objectRef<AdTransactionShape>('AdvertisingTransaction').implement({
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    type: t.exposeString('type', { description: 'deposit or spend.' }),
    amount: t.exposeFloat('amount'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
  }),
});

export const AdvertisingWallet = builder.objectRef<AdWalletShape>('AdvertisingWallet').implement({
  description: "The calling seller's advertising balance, newest transactions first.",
  fields: (t) => ({
    balance: t.exposeFloat('balance'),
    currency: t.exposeString('currency'),
    transactions: t.expose('transactions', { type: [AdvertisingTransaction] }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const AdvertisingCampaignPayload = builder.objectRef<{ campaign: AdCampaignShape }>('AdvertisingCampaignPayload').implement({
  fields: (t) => ({ campaign: t.expose('campaign', { type: AdvertisingCampaign }) }),
});
export const AdvertisingWalletPayload = builder.objectRef<{ wallet: AdWalletShape }>('AdvertisingWalletPayload').implement({
  fields: (t) => ({ wallet: t.expose('wallet', { type: AdvertisingWallet }) }),
});

const CreateAdvertisingCampaignInput = builder.inputType('CreateAdvertisingCampaignInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    gigSlug: t.string({ required: true, description: "One of the caller's gigs." }),
    dailyBudget: t.float({ required: true, description: "Positive; at least the product's minimum (checked upstream)." }),
    productSlug: t.string({ description: 'A PromotionProduct slug; default promoted-gig.' }),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});
const DepositAdvertisingFundsInput = builder.inputType('DepositAdvertisingFundsInput', {
  fields: (t) => ({
    amount: t.float({ required: true, description: 'Positive.' }),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});

builder.queryFields((t) => ({
  promotionProducts: upstreamField(t, ops.promotionProducts, { type: [PromotionProduct], key: () => ({}) }),
  sponsoredPlacements: upstreamField(t, ops.sponsoredPlacements, {
    type: [SponsoredPlacement],
    args: { category: t.arg.string({ description: 'Only gigs of this category slug.' }) },
    key: (_, args) => resolve.placementFilter(args.category),
  }),
  advertisingCampaigns: upstreamConnection(t, ops.sellerAdvertisingIndex, {
    type: AdvertisingCampaignConnection,
    description: 'Sellers only (a buyer token is FORBIDDEN). Newest first.',
    key: () => ({}),
  }),
  advertisingCampaign: upstreamField(t, ops.sellerAdvertisingShow, {
    type: AdvertisingCampaign,
    description: 'With analytics.',
    args: { id: t.arg.id({ required: true }) },
    key: (_, args) => ({ uuid: identifier(args.id, 'id') }),
  }),
  advertisingWallet: upstreamField(t, ops.sellerAdvertisingWallet, {
    type: AdvertisingWallet,
    description: 'Sellers only.',
    key: () => ({}),
  }),
}));

builder.mutationFields((t) => ({
  createAdvertisingCampaign: t.field({
    type: AdvertisingCampaignPayload,
    ...upstream.marketplace('sellerAdvertisingStore', 'Starts active when the wallet covers one day of budget, else paused.'),
    args: { input: t.arg({ type: CreateAdvertisingCampaignInput, required: true }) },
    resolve: resolve.createAdvertisingCampaign,
  }),
  depositAdvertisingFunds: t.field({
    type: AdvertisingWalletPayload,
    ...upstream.marketplace('sellerAdvertisingDeposit'),
    args: { input: t.arg({ type: DepositAdvertisingFundsInput, required: true }) },
    resolve: resolve.depositAdvertisingFunds,
  }),
}));
