/**
 * Buyer requests and seller proposals: the caller's requests, the public
 * request board, posting a request, proposing on one, and every step of the
 * proposal machine (shortlist, counter, reject, withdraw, accept, accept the
 * counter). An accepted proposal links to the custom offer it became.
 */
import { searchText } from '../resolvers/args.js';
import type * as M from '../src/upstreams/marketplace/map.js';
import * as resolve from '../resolvers/requests.js';
import { builder } from './builder.js';
import { connectionOf } from './connection.js';
import { attributesInput, wholeObject } from './field-helpers.js';
import { offerKey } from '../resolvers/offers.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { Offer } from './offers.js';
import { Seller } from './sellers.js';
import { User } from './users.js';
import { upstream } from './upstream-docs.js';
import { upstreamConnection, upstreamField } from './upstream-field.js';

export const Proposal = builder.objectRef<M.ProposalShape>('Proposal');
export const ProposalConnection = connectionOf('Proposal', Proposal);
export const BuyerRequest = builder.objectRef<M.BuyerRequestShape>('BuyerRequest');
export const BuyerRequestConnection = connectionOf('BuyerRequest', BuyerRequest);

BuyerRequest.implement({
  description: 'A job a buyer posted for sellers to propose on.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'The request uuid.' }),
    status: t.exposeString('status', { description: '`open`, `awarded` or `closed`.' }),
    buyerUsername: t.exposeString('buyerUsername'),
    title: t.exposeString('title'),
    description: t.exposeString('description'),
    categorySlug: t.exposeString('categorySlug'),
    budget: t.exposeFloat('budget'),
    currency: t.exposeString('currency'),
    deliveryDays: t.exposeInt('deliveryDays'),
    proposalsCount: t.exposeInt('proposalsCount'),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('request') }),
    buyer: upstreamField(t, ops.usersShow, {
      type: User,
      canonical: false,
      key: (r) => (r.buyerUsername ? { username: r.buyerUsername } : null),
    }),
    proposals: upstreamConnection(t, ops.proposalsIndex, {
      type: ProposalConnection,
      canonical: false,
      description: 'The proposals on this request the caller can see (as its buyer, or as a proposing seller).',
      key: (r) => ({ query: { request_uuid: r.id } }),
    }),
  }),
});

Proposal.implement({
  description: "A seller's answer to a buyer request.",
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false, description: 'The proposal uuid.' }),
    status: t.exposeString('status', { description: '`submitted`, `shortlisted`, `countered`, `accepted`, `rejected` or `withdrawn`.' }),
    requestId: t.exposeID('requestId'),
    requestTitle: t.exposeString('requestTitle'),
    sellerUsername: t.exposeString('sellerUsername'),
    buyerUsername: t.exposeString('buyerUsername'),
    message: t.exposeString('message', { description: 'The cover letter.' }),
    price: t.exposeFloat('price'),
    deliveryDays: t.exposeInt('deliveryDays'),
    counterPrice: t.exposeFloat('counterPrice', { description: "The buyer's counter, if any." }),
    counterDeliveryDays: t.exposeInt('counterDeliveryDays'),
    counterMessage: t.exposeString('counterMessage'),
    currency: t.exposeString('currency'),
    offerId: t.exposeID('offerId', { description: 'Set once accepted.' }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    attributes: t.expose('attributes', { ...wholeObject('proposal') }),
    seller: upstreamField(t, ops.sellersShow, {
      type: Seller,
      canonical: false,
      key: (p) => (p.sellerUsername ? { username: p.sellerUsername } : null),
    }),
    offer: upstreamField(t, ops.offersShow, {
      type: Offer,
      canonical: false,
      description: 'The custom offer an accepted proposal became.',
      key: (p) => offerKey(p.offerId),
    }),
  }),
});

export const BuyerRequestPayload = builder.objectRef<{ request: M.BuyerRequestShape }>('BuyerRequestPayload').implement({
  fields: (t) => ({ request: t.expose('request', { type: BuyerRequest }) }),
});
export const ProposalPayload = builder.objectRef<{ proposal: M.ProposalShape }>('ProposalPayload').implement({
  fields: (t) => ({ proposal: t.expose('proposal', { type: Proposal }) }),
});

const CreateBuyerRequestInput = builder.inputType('CreateBuyerRequestInput', {
  fields: (t) => ({
    title: t.string({ required: true }),
    description: t.string({ required: true }),
    budget: t.float({ required: true, description: 'Positive.' }),
    deliveryDays: t.int({ required: true, description: 'At least 1.' }),
    categorySlug: t.string(),
    attributes: attributesInput(t),
  }),
});
const SubmitProposalInput = builder.inputType('SubmitProposalInput', {
  fields: (t) => ({
    requestId: t.id({ required: true }),
    message: t.string({ required: true, description: 'The cover letter.' }),
    price: t.float({ required: true, description: 'Positive.' }),
    deliveryDays: t.int({ required: true, description: 'At least 1.' }),
    attributes: attributesInput(t),
  }),
});
const ProposalActionInput = builder.inputType('ProposalActionInput', {
  fields: (t) => ({ id: t.id({ required: true, description: 'The proposal uuid.' }), attributes: attributesInput(t) }),
});
const CounterProposalInput = builder.inputType('CounterProposalInput', {
  fields: (t) => ({
    id: t.id({ required: true, description: 'The proposal uuid.' }),
    price: t.float({ required: true, description: 'Positive.' }),
    deliveryDays: t.int(),
    message: t.string(),
    attributes: attributesInput(t),
  }),
});

builder.queryFields((t) => ({
  buyerRequests: upstreamConnection(t, ops.requestsIndex, {
    type: BuyerRequestConnection,
    description: "The caller's own requests, newest first.",
    args: { status: t.arg.string({ description: '`open`, `awarded` or `closed`.' }) },
    key: (_, args) => ({ query: { status: searchText(args.status, 'status') } }),
  }),
  requestBoard: upstreamConnection(t, ops.requestBoard, {
    type: BuyerRequestConnection,
    description: 'Every open request; public.',
    args: { category: t.arg.string({ description: 'Only this category (slug).' }) },
    key: (_, args) => ({ query: { category: searchText(args.category, 'category') } }),
  }),
  proposals: upstreamConnection(t, ops.proposalsIndex, {
    type: ProposalConnection,
    description: 'Proposals where the caller is the seller or the buyer, newest first.',
    args: { status: t.arg.string(), requestId: t.arg.id({ description: 'Only proposals on this request.' }) },
    key: (_, args) => resolve.proposalSearch(args),
  }),
}));

const action = resolve.proposalAction;

builder.mutationFields((t) => ({
  createBuyerRequest: t.field({
    type: BuyerRequestPayload,
    ...upstream.marketplace('requestsStore', 'Posts an open request.'),
    args: { input: t.arg({ type: CreateBuyerRequestInput, required: true }) },
    resolve: resolve.createBuyerRequest,
  }),
  submitProposal: t.field({
    type: ProposalPayload,
    ...upstream.marketplace('requestPropose', 'A seller proposes on an open request (one active proposal per seller).'),
    args: { input: t.arg({ type: SubmitProposalInput, required: true }) },
    resolve: resolve.submitProposal,
  }),
  shortlistProposal: t.field({
    type: ProposalPayload,
    ...upstream.marketplace('proposalsShortlist', 'The buyer; submitted → shortlisted.'),
    args: { input: t.arg({ type: ProposalActionInput, required: true }) },
    resolve: action('proposalsShortlist'),
  }),
  counterProposal: t.field({
    type: ProposalPayload,
    ...upstream.marketplace('proposalsCounter', 'The buyer; submitted or shortlisted → countered.'),
    args: { input: t.arg({ type: CounterProposalInput, required: true }) },
    resolve: resolve.counterProposal,
  }),
  rejectProposal: t.field({
    type: ProposalPayload,
    ...upstream.marketplace('proposalsReject', 'The buyer; an open proposal → rejected.'),
    args: { input: t.arg({ type: ProposalActionInput, required: true }) },
    resolve: action('proposalsReject'),
  }),
  withdrawProposal: t.field({
    type: ProposalPayload,
    ...upstream.marketplace('proposalsWithdraw', 'The seller; an open proposal → withdrawn.'),
    args: { input: t.arg({ type: ProposalActionInput, required: true }) },
    resolve: action('proposalsWithdraw'),
  }),
  acceptProposalCounter: t.field({
    type: ProposalPayload,
    ...upstream.marketplace(
      'proposalsAcceptCounter',
      "The seller accepts the buyer's counter: countered → accepted, and a pending offer at the counter price.",
    ),
    args: { input: t.arg({ type: ProposalActionInput, required: true }) },
    resolve: action('proposalsAcceptCounter'),
  }),
  acceptProposal: t.field({
    type: ProposalPayload,
    ...upstream.marketplace(
      'proposalsAccept',
      'The buyer; submitted or shortlisted → accepted, the request is awarded and a pending offer is made.',
    ),
    args: { input: t.arg({ type: ProposalActionInput, required: true }) },
    resolve: action('proposalsAccept'),
  }),
}));
