/**
 * What a buyer reads about a studio beyond `Seller` itself (profile,
 * portfolio, availability, testimonials: links on `Seller`), the caller's saved
 * studios with the favorite toggle, and a seller's own analytics and leads.
 */
import type {
  ConversionShape,
  PortfolioProjectShape,
  SellerAvailabilityShape,
  SellerGrowthShape,
  SellerProfileShape,
  TestimonialShape,
} from '../src/upstreams/marketplace/map.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/seller-profile.js';
import { builder } from './builder.js';
import { Gig } from './gigs.js';
import { BuyerRequestConnection } from './requests.js';
import { Seller, SellerConnection } from './sellers.js';
import { upstream } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const SellerProfile = builder.objectRef<SellerProfileShape>('SellerProfile').implement({
  description: "A seller's public profile details.",
  fields: (t) => ({
    bio: t.exposeString('bio'),
    skills: t.exposeStringList('skills'),
    responseTimeHours: t.exposeFloat('responseTimeHours'),
    completedOrders: t.exposeInt('completedOrders'),
    onTimeRate: t.exposeFloat('onTimeRate', { description: 'Share of orders delivered on time, 0 to 1.' }),
    followersCount: t.exposeInt('followersCount'),
    portfolioCount: t.exposeInt('portfolioCount'),
    attributes: t.expose('attributes', { type: 'JSON', description: 'The whole upstream profile object.' }),
  }),
});

export const PortfolioProject = builder.objectRef<PortfolioProjectShape>('PortfolioProject').implement({
  description: 'A project in a seller portfolio, identified by its slug.',
  fields: (t) => ({
    slug: t.exposeString('slug', { nullable: false }),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    coverUrl: t.exposeString('coverUrl'),
    tags: t.exposeStringList('tags'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    gig: upstreamField(t, ops.gigsShow, {
      type: Gig,
      canonical: false,
      description: 'The gig this project showcases, if any.',
      key: resolve.gigKeyOf,
    }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const SellerAvailability = builder.objectRef<SellerAvailabilityShape>('SellerAvailability').implement({
  fields: (t) => ({
    status: t.exposeString('status', { description: 'available, busy or away.' }),
    acceptingOrders: t.exposeBoolean('acceptingOrders'),
    responseTimeHours: t.exposeFloat('responseTimeHours'),
    activeOrders: t.exposeInt('activeOrders'),
    nextAvailableAt: t.expose('nextAvailableAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const Testimonial = builder.objectRef<TestimonialShape>('Testimonial').implement({
  description: 'An approved testimonial about a seller.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    authorName: t.exposeString('authorName'),
    company: t.exposeString('company'),
    quote: t.exposeString('quote'),
    status: t.exposeString('status'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

type GrowthPoint = SellerGrowthShape['series'][number];
const GrowthPoint = builder.objectRef<GrowthPoint>('SellerGrowthPoint').implement({
  fields: (t) => ({
    weekStart: t.expose('weekStart', { type: 'DateTime' }),
    orders: t.exposeInt('orders'),
    revenue: t.exposeFloat('revenue'),
  }),
});

export const SellerGrowth = builder.objectRef<SellerGrowthShape>('SellerGrowth').implement({
  description: "The calling seller's orders and revenue over a period, by week.",
  fields: (t) => ({
    periodDays: t.exposeInt('periodDays'),
    orders: t.exposeInt('orders'),
    revenue: t.exposeFloat('revenue'),
    currency: t.exposeString('currency'),
    repeatBuyers: t.exposeInt('repeatBuyers'),
    series: t.expose('series', { type: [GrowthPoint] }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

type GigConversionShape = ConversionShape['gigs'][number];
const GigConversion = builder.objectRef<GigConversionShape>('GigConversion').implement({
  fields: (t) => ({
    gigSlug: t.exposeString('gigSlug', { nullable: false }),
    gig: upstreamField(t, ops.gigsShow, { type: Gig, canonical: false, key: resolve.gigKeyOf }),
    views: t.exposeInt('views'),
    orders: t.exposeInt('orders'),
    conversionRate: t.exposeFloat('conversionRate', { description: 'Percent.' }),
  }),
});

export const ConversionAnalytics = builder.objectRef<ConversionShape>('ConversionAnalytics').implement({
  description: "The calling seller's views-to-orders conversion, overall and per gig.",
  fields: (t) => ({
    views: t.exposeInt('views'),
    orders: t.exposeInt('orders'),
    conversionRate: t.exposeFloat('conversionRate', { description: 'Percent.' }),
    gigs: t.expose('gigs', { type: [GigConversion] }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

/** The answer of the saved-studio toggle: the new state, and the seller. */
export const SavedStudioPayload = builder.objectRef<{ sellerUsername: string; favorited: boolean }>('SavedStudioPayload').implement({
  fields: (t) => ({
    favorited: t.exposeBoolean('favorited', { nullable: false }),
    sellerUsername: t.exposeString('sellerUsername', { nullable: false }),
    seller: upstreamField(t, ops.sellersShow, {
      type: Seller,
      canonical: false,
      key: (p) => (p.sellerUsername ? { username: p.sellerUsername } : null),
    }),
  }),
});

/** A seller named by username: the input of the favorite and follow toggles. */
export const SellerRefInput = builder.inputType('SellerRefInput', {
  fields: (t) => ({ username: t.string({ required: true }) }),
});

/** The key of a seller's own reads: its username. */
const ofSeller = (seller: { username: string }) => ({ username: seller.username });

builder.objectFields(Seller, (t) => ({
  profile: upstreamField(t, ops.sellersProfile, { type: SellerProfile, key: ofSeller }),
  portfolio: upstreamField(t, ops.sellersPortfolio, { type: [PortfolioProject], key: ofSeller }),
  portfolioProject: upstreamField(t, ops.sellersPortfolioShow, {
    type: PortfolioProject,
    args: { slug: t.arg.string({ required: true, description: 'The project slug.' }) },
    key: (seller, args) => ({ username: seller.username, project: identifier(args.slug, 'slug') }),
  }),
  availability: upstreamField(t, ops.sellersAvailability, { type: SellerAvailability, key: ofSeller }),
  testimonials: upstreamField(t, ops.sellersTestimonials, {
    type: [Testimonial],
    description: 'Approved testimonials only.',
    key: ofSeller,
  }),
}));

builder.queryFields((t) => ({
  savedStudios: upstreamConnection(t, ops.savedStudios, {
    type: SellerConnection,
    description: 'Sellers the caller saved (favorited).',
    key: () => ({}),
  }),
  sellerGrowth: upstreamField(t, ops.sellerGrowth, {
    type: SellerGrowth,
    description: 'Sellers only (a buyer token is FORBIDDEN).',
    args: {
      days: t.arg.int({ description: `Period in days, ${resolve.GROWTH_DAYS.min} to ${resolve.GROWTH_DAYS.max} (upstream default 30).` }),
    },
    key: (_, args) => resolve.growthPeriod(args.days),
  }),
  sellerLeads: upstreamConnection(t, ops.sellerLeads, {
    type: BuyerRequestConnection,
    description: "Open buyer requests in the calling seller's categories that it has not answered yet. Sellers only.",
    key: () => ({}),
  }),
  conversionAnalytics: upstreamField(t, ops.analyticsConversion, {
    type: ConversionAnalytics,
    description: 'Sellers only (a buyer token is FORBIDDEN).',
    key: () => ({}),
  }),
}));

builder.mutationFields((t) => ({
  favoriteSeller: t.field({
    type: SavedStudioPayload,
    ...upstream.marketplace('sellerFavorite', 'Idempotent: saving an already saved studio changes nothing.'),
    args: { input: t.arg({ type: SellerRefInput, required: true }) },
    resolve: resolve.favoriteSeller,
  }),
  unfavoriteSeller: t.field({
    type: SavedStudioPayload,
    ...upstream.marketplace('sellerUnfavorite', 'Idempotent.'),
    args: { input: t.arg({ type: SellerRefInput, required: true }) },
    resolve: resolve.unfavoriteSeller,
  }),
}));
