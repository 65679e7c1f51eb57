/**
 * The mobile app's endpoints: the home feed, compact order views (an order
 * plus the counterpart and the caller's role), and the token operations
 * (login, register, refresh, forgot password), which are mutations because
 * they change upstream state (a refresh token is single use).
 */
import { identifier } from '../src/upstreams/identifiers.js';
import type { MobileHomeShape, MobileOrderShape, PasswordResetShape, TokenPairShape } from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import * as resolve from '../resolvers/mobile.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { Gig } from './gigs.js';
import { Delivery, Order, Revision } from './orders.js';
import { Category } from './platform.js';
import { User } from './users.js';
import { upstream } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const MobileHome = builder.objectRef<MobileHomeShape>('MobileHome').implement({
  description: 'The mobile home feed; personalised (recent gigs, active orders) when a token is sent.',
  fields: (t) => ({
    greeting: t.exposeString('greeting'),
    categories: t.expose('categories', { type: [Category], description: 'Top-level categories.' }),
    featuredGigs: t.expose('featuredGigs', { type: [Gig] }),
    newGigs: t.expose('newGigs', { type: [Gig] }),
    recentGigs: t.expose('recentGigs', {
      type: [Gig],
      description: 'Gigs the caller viewed lately; empty without a token.',
    }),
    activeOrders: t.exposeInt('activeOrders', { description: "Number of the caller's orders still in progress." }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const MobileOrder = builder.objectRef<MobileOrderShape>('MobileOrder').implement({
  description: 'The compact mobile view of an order.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'The order uuid.' }),
    status: t.exposeString('status'),
    gigTitle: t.exposeString('gigTitle'),
    role: t.exposeString('role', { description: "The caller's side of the order: buyer or seller." }),
    counterpartUsername: t.exposeString('counterpartUsername'),
    total: t.exposeFloat('total'),
    currency: t.exposeString('currency'),
    dueAt: t.expose('dueAt', { type: 'DateTime' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    order: t.field({ type: Order, description: 'The same order as the full Order type (no extra call).', resolve: (o) => o }),
    // The single view carries both (and its answer primes both reads for the order's other fields: `primes` on the
    // mobile order rows); a listed order does not, so it reads them.
    deliveries: upstreamField(t, ops.ordersDeliveries, {
      type: [Delivery],
      canonical: false,
      description: 'From the single-order view when present, else read per order.',
      carried: (o) => o.deliveries,
      key: (o) => ({ uuid: o.id }),
    }),
    revisions: upstreamField(t, ops.ordersRevisions, {
      type: [Revision],
      canonical: false,
      description: 'From the single-order view when present, else read per order.',
      carried: (o) => o.revisions,
      key: (o) => ({ uuid: o.id }),
    }),
    attributes: t.expose('attributes', {
      type: 'JSON',
      description: 'The whole upstream object (the single view adds extensions).',
    }),
  }),
});
export const MobileOrderConnection = connectionOf('MobileOrder', MobileOrder);

export const MobileAuthPayload = builder.objectRef<TokenPairShape>('MobileAuthPayload').implement({
  description:
    'A token pair. The access token is a marketplace bearer token; the refresh token is single use. Never logged by the gateway.',
  fields: (t) => ({
    accessToken: t.exposeString('accessToken', { nullable: false }),
    refreshToken: t.exposeString('refreshToken'),
    tokenType: t.exposeString('tokenType'),
    expiresIn: t.exposeInt('expiresIn', { description: 'Seconds until the access token expires.' }),
    user: t.expose('user', { type: User, description: 'The signed-in user (with email).' }),
  }),
});

export const PasswordResetPayload = builder.objectRef<PasswordResetShape>('PasswordResetPayload').implement({
  description: 'The answer to a password reset request; the same whether or not an account matches.',
  fields: (t) => ({
    sent: t.exposeBoolean('sent'),
    message: t.exposeString('message'),
  }),
});

const MobileLoginInput = builder.inputType('MobileLoginInput', {
  description: 'Sign in with email or username (one is required) and password.',
  fields: (t) => ({
    email: t.string(),
    username: t.string(),
    password: t.string({ required: true }),
  }),
});
const MobileRegisterInput = builder.inputType('MobileRegisterInput', {
  fields: (t) => ({
    username: t.string({ required: true, description: 'Lowercase letters, digits and underscores (checked upstream).' }),
    name: t.string({ required: true }),
    email: t.string({ required: true }),
    password: t.string({ required: true }),
    passwordConfirmation: t.string(),
    country: t.string({ description: 'ISO 3166 alpha-2.' }),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});
const MobileRefreshInput = builder.inputType('MobileRefreshInput', {
  fields: (t) => ({ refreshToken: t.string({ required: true }) }),
});
const MobileForgotPasswordInput = builder.inputType('MobileForgotPasswordInput', {
  fields: (t) => ({
    email: t.string(),
    username: t.string(),
    attributes: t.field({ type: 'JSON', description: 'Further body fields, sent as given.' }),
  }),
});

builder.queryFields((t) => ({
  mobileHome: upstreamField(t, ops.mobileHome, { type: MobileHome, key: () => ({}) }),
  mobileOrder: upstreamField(t, ops.mobileOrdersShow, {
    type: MobileOrder,
    args: { id: t.arg.id({ required: true }) },
    key: (_, args) => ({ uuid: identifier(args.id, 'id') }),
  }),
  // Its items do not prime mobileOrder: they lack the deliveries, revisions and extensions of the single view.
  mobileOrders: upstreamConnection(t, ops.mobileOrdersIndex, {
    type: MobileOrderConnection,
    description: "The caller's orders (as buyer or seller) in the compact mobile view.",
    key: () => ({}),
  }),
}));

builder.mutationFields((t) => ({
  mobileLogin: t.field({
    type: MobileAuthPayload,
    ...upstream.marketplace('mobileLogin', 'Wrong credentials are BAD_USER_INPUT (upstream 422).'),
    args: { input: t.arg({ type: MobileLoginInput, required: true }) },
    resolve: resolve.mobileLogin,
  }),
  mobileRegister: t.field({
    type: MobileAuthPayload,
    ...upstream.marketplace('mobileRegister'),
    args: { input: t.arg({ type: MobileRegisterInput, required: true }) },
    resolve: resolve.mobileRegister,
  }),
  mobileRefresh: t.field({
    type: MobileAuthPayload,
    ...upstream.marketplace('mobileRefresh', 'An unknown or already used refresh token is UNAUTHENTICATED.'),
    args: { input: t.arg({ type: MobileRefreshInput, required: true }) },
    resolve: resolve.mobileRefresh,
  }),
  mobileForgotPassword: t.field({
    type: PasswordResetPayload,
    ...upstream.marketplace('mobileForgot'),
    args: { input: t.arg({ type: MobileForgotPasswordInput, required: true }) },
    resolve: resolve.mobileForgotPassword,
  }),
}));
