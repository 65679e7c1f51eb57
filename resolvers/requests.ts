/**
 * Posting a buyer request and the proposal machine: a seller proposes; the
 * buyer shortlists, counters, rejects or accepts; the seller withdraws or
 * accepts the counter. Each step returns the proposal's new state; an illegal
 * step is the upstream's 409 (CONFLICT). Each write forgets the lists it may
 * change. The reads (the caller's requests, the public board, proposals) are
 * declared in schema/requests.ts (row + key).
 */
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';
import { marketplaceOperations as ops, type MarketplaceOperationId } from '../src/upstreams/marketplace/operations.js';
import { requiredText, searchText } from './args.js';
import { bodyOf, positive } from './body.js';
import { requiredWholeNumber, wholeNumber } from './whole-numbers.js';

/** `proposals(status, requestId)`: the upstream's filters, checked before any call. */
export const proposalSearch = (args: { status?: string | null; requestId?: string | null }) => ({
  query: {
    status: searchText(args.status, 'status'),
    request_uuid: args.requestId ? identifier(args.requestId, 'requestId') : undefined,
  },
});

export interface CreateBuyerRequestInput {
  title: string;
  description: string;
  budget: number;
  deliveryDays: number;
  categorySlug?: string | null;
  attributes?: unknown;
}

export async function createBuyerRequest(_: unknown, args: { input: CreateBuyerRequestInput }, ctx: GatewayContext) {
  const { input } = args;
  const json = bodyOf(input.attributes, {
    title: requiredText(input.title, 'input.title'),
    description: requiredText(input.description, 'input.description'),
    budget: positive(input.budget, 'input.budget'),
    delivery_days: requiredWholeNumber(input.deliveryDays, 'input.deliveryDays'),
    category_slug: searchText(input.categorySlug, 'input.categorySlug'),
  });
  const request = await ctx.clients.marketplace.call(ops.requestsStore, { body: json });
  ctx.clients.marketplace.forget(ops.requestsIndex);
  ctx.clients.marketplace.forget(ops.requestBoard);
  return { request };
}

export interface SubmitProposalInput {
  requestId: string;
  message: string;
  price: number;
  deliveryDays: number;
  attributes?: unknown;
}

export async function submitProposal(_: unknown, args: { input: SubmitProposalInput }, ctx: GatewayContext) {
  const { input } = args;
  const uuid = identifier(input.requestId, 'input.requestId');
  const json = bodyOf(input.attributes, {
    message: requiredText(input.message, 'input.message'),
    price: positive(input.price, 'input.price'),
    delivery_days: requiredWholeNumber(input.deliveryDays, 'input.deliveryDays'),
  });
  const proposal = await ctx.clients.marketplace.call(ops.requestPropose, { uuid, body: json });
  ctx.clients.marketplace.forget(ops.proposalsIndex);
  return { proposal };
}

type ProposalStep = Extract<
  MarketplaceOperationId,
  'proposalsShortlist' | 'proposalsCounter' | 'proposalsReject' | 'proposalsWithdraw' | 'proposalsAcceptCounter' | 'proposalsAccept'
>;

async function step(id: ProposalStep, proposalId: string, body: Record<string, unknown>, ctx: GatewayContext) {
  const uuid = identifier(proposalId, 'input.id');
  const proposal = await ctx.clients.marketplace.call(ops[id], { uuid, body: body });
  ctx.clients.marketplace.forget(ops.proposalsIndex);
  return { proposal };
}

export interface ProposalActionInput {
  id: string;
  attributes?: unknown;
}

/** The steps that carry no typed field: shortlist, reject, withdraw, accept, accept the counter. */
export const proposalAction = (id: ProposalStep) => (_: unknown, args: { input: ProposalActionInput }, ctx: GatewayContext) =>
  step(id, args.input.id, bodyOf(args.input.attributes), ctx);

export interface CounterProposalInput extends ProposalActionInput {
  price: number;
  deliveryDays?: number | null;
  message?: string | null;
}

export const counterProposal = (_: unknown, args: { input: CounterProposalInput }, ctx: GatewayContext) => {
  const { input } = args;
  const body = bodyOf(input.attributes, {
    price: positive(input.price, 'input.price'),
    delivery_days: wholeNumber(input.deliveryDays, 'input.deliveryDays'),
    message: input.message ?? undefined,
  });
  return step('proposalsCounter', input.id, body, ctx);
};
