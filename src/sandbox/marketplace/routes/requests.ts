/**
 * Buyer requests and seller proposals. A request is `open` until a proposal
 * on it is accepted (`awarded`). A proposal moves submitted → shortlisted →
 * countered (buyer steps) and ends accepted (buyer accepts, or the seller
 * accepts the buyer's counter), rejected (buyer) or withdrawn (seller). An
 * accepted proposal becomes a pending custom offer from the seller.
 */
import { ok } from '../../laravel.js';
import { conflict, forbidden, notFound, page, sellersOnly, type MarketplaceApi, type Viewer } from '../api.js';
import { presentRequest } from '../present.js';
import type { BuyerRequestRecord, ProposalRecord, ProposalStatus } from '../records.js';
import { newestFirst } from '../state.js';
import { Checker } from '../validate.js';
import { createOffer } from './offers.js';

type Role = 'buyer' | 'seller';

export function registerRequestRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const presentProposal = (p: ProposalRecord) => ({ ...p, request_title: state.requests.get(p.request_uuid)?.title ?? null });
  const proposalFor = (viewer: Viewer, uuid: string | undefined) => {
    const p = uuid === undefined ? undefined : state.proposals.get(uuid);
    return p && (p.seller_username === viewer.username || p.buyer_username === viewer.username) ? p : undefined;
  };
  const eventData = (p: ProposalRecord) => ({
    uuid: p.uuid,
    request_uuid: p.request_uuid,
    status: p.status,
    price: p.price,
    buyer_username: p.buyer_username,
    seller_username: p.seller_username,
  });

  /** One proposal step: who may take it, from which states, and what it changes. */
  const step = (
    id: 'proposalsShortlist' | 'proposalsCounter' | 'proposalsReject' | 'proposalsWithdraw' | 'proposalsAcceptCounter' | 'proposalsAccept',
    role: Role,
    from: readonly ProposalStatus[],
    [verb, done]: [string, string],
    apply: (p: ProposalRecord, body: Record<string, unknown>) => ReturnType<Checker['failed']> | void,
  ) =>
    api.handle(id, (req, viewer) => {
      const proposal = proposalFor(viewer, req.params.uuid);
      if (!proposal) return notFound('Proposal');
      const actor = role === 'buyer' ? proposal.buyer_username : proposal.seller_username;
      if (actor !== viewer.username) return forbidden(`Only the ${role} can ${verb} this proposal.`);
      if (!from.includes(proposal.status))
        return conflict(`A ${proposal.status} proposal cannot be ${done}; only a ${from.join(' or ')} one can.`);
      const invalid = apply(proposal, req.body);
      if (invalid) return invalid;
      proposal.updated_at = state.tick();
      return ok(presentProposal(proposal));
    });

  /** Accepting: the request is awarded and the agreed terms become a pending offer from the seller. */
  const award = (p: ProposalRecord, price: number, days: number) => {
    const request = state.requests.get(p.request_uuid)!;
    if (request.status !== 'open') return conflict(`This request is already ${request.status}.`);
    p.status = 'accepted';
    const offer = createOffer(state, {
      seller: p.seller_username,
      buyer: p.buyer_username,
      sender: p.seller_username,
      gig_slug: null,
      title: request.title,
      description: p.message,
      price,
      delivery_days: days,
      proposal_uuid: p.uuid,
    });
    p.offer_uuid = offer.uuid;
    request.status = 'awarded';
    request.updated_at = state.now();
    state.emit('proposal.accepted', { ...eventData(p), offer_uuid: offer.uuid });
    state.emit('request.awarded', {
      uuid: request.uuid,
      proposal_uuid: p.uuid,
      buyer_username: request.buyer_username,
      seller_username: p.seller_username,
    });
    return undefined;
  };

  api
    .handle('requestsIndex', (req, viewer) => {
      const status = req.query.get('status');
      const mine = [...state.requests.values()]
        .filter((r) => r.buyer_username === viewer.username && (!status || r.status === status))
        .sort(newestFirst);
      return page(req, mine, (r) => presentRequest(state, r));
    })
    .handle('requestsStore', (req, viewer) => {
      const check = new Checker(req.body);
      const title = check.string('title', { required: true, max: 150, min: 5 });
      const description = check.string('description', { required: true, max: 5000, min: 10 });
      const budget = check.number('budget', { required: true, min: 0, exclusiveMin: true, max: 100_000 });
      const days = check.number('delivery_days', { required: true, integer: true, min: 1, max: 90 });
      const category = check.string('category_slug', { max: 100 }) ?? null;
      if (category !== null && !state.categories.some((c) => c.slug === category))
        check.reject('category_slug', 'The selected category slug is invalid.');
      const invalid = check.failed();
      if (invalid) return invalid;
      const at = state.tick();
      const request: BuyerRequestRecord = {
        uuid: state.uuid(),
        status: 'open',
        buyer_username: viewer.username,
        title: title!,
        description: description!,
        category_slug: category,
        budget: budget!,
        currency: 'USD',
        delivery_days: days!,
        created_at: at,
        updated_at: at,
      };
      state.requests.set(request.uuid, request);
      state.emit('request.created', { uuid: request.uuid, title: request.title, budget: request.budget, buyer_username: viewer.username });
      return ok(presentRequest(state, request), 201);
    })
    .handle('requestBoard', (req) => {
      const category = req.query.get('category');
      const open = [...state.requests.values()]
        .filter((r) => r.status === 'open' && (!category || r.category_slug === category))
        .sort(newestFirst);
      return page(req, open, (r) => presentRequest(state, r));
    })
    .handle('requestPropose', (req, viewer) => {
      const request = state.requests.get(req.params.uuid!);
      if (!request) return notFound('Request');
      if (!viewer.isSeller) return sellersOnly();
      if (request.buyer_username === viewer.username) return forbidden('You cannot propose on your own request.');
      const check = new Checker(req.body);
      const message = check.string('message', { required: true, max: 5000, min: 10 });
      const price = check.number('price', { required: true, min: 0, exclusiveMin: true, max: 100_000 });
      const days = check.number('delivery_days', { required: true, integer: true, min: 1, max: 90 });
      const invalid = check.failed();
      if (invalid) return invalid;
      if (request.status !== 'open') return conflict(`This request is ${request.status} and no longer takes proposals.`);
      const existing = [...state.proposals.values()].some(
        (p) => p.request_uuid === request.uuid && p.seller_username === viewer.username && p.status !== 'withdrawn',
      );
      if (existing) return conflict('You already sent a proposal for this request.');
      const at = state.tick();
      const proposal: ProposalRecord = {
        uuid: state.uuid(),
        status: 'submitted',
        request_uuid: request.uuid,
        seller_username: viewer.username,
        buyer_username: request.buyer_username,
        message: message!,
        price: price!,
        delivery_days: days!,
        counter_price: null,
        counter_delivery_days: null,
        counter_message: null,
        currency: 'USD',
        offer_uuid: null,
        created_at: at,
        updated_at: at,
      };
      state.proposals.set(proposal.uuid, proposal);
      state.emit('proposal.created', eventData(proposal));
      state.emit('request.proposal', {
        uuid: request.uuid,
        proposal_uuid: proposal.uuid,
        buyer_username: request.buyer_username,
        seller_username: viewer.username,
      });
      return ok(presentProposal(proposal), 201);
    })
    .handle('proposalsIndex', (req, viewer) => {
      const status = req.query.get('status');
      const requestUuid = req.query.get('request_uuid');
      const mine = [...state.proposals.values()]
        .filter(
          (p) =>
            (p.seller_username === viewer.username || p.buyer_username === viewer.username) &&
            (!status || p.status === status) &&
            (!requestUuid || p.request_uuid === requestUuid),
        )
        .sort(newestFirst);
      return page(req, mine, presentProposal);
    });

  step('proposalsShortlist', 'buyer', ['submitted'], ['shortlist', 'shortlisted'], (p) => {
    p.status = 'shortlisted';
    state.emit('proposal.shortlisted', eventData(p));
  });
  step('proposalsCounter', 'buyer', ['submitted', 'shortlisted'], ['counter', 'countered'], (p, body) => {
    const check = new Checker(body);
    const price = check.number('price', { required: true, min: 0, exclusiveMin: true, max: 100_000 });
    const days = check.number('delivery_days', { integer: true, min: 1, max: 90 });
    const message = check.string('message', { max: 5000 }) ?? null;
    const invalid = check.failed();
    if (invalid) return invalid;
    p.status = 'countered';
    p.counter_price = price!;
    p.counter_delivery_days = days ?? p.delivery_days;
    p.counter_message = message;
    state.emit('proposal.countered', { ...eventData(p), counter_price: p.counter_price });
  });
  step('proposalsReject', 'buyer', ['submitted', 'shortlisted', 'countered'], ['reject', 'rejected'], (p) => {
    p.status = 'rejected';
    state.emit('proposal.rejected', eventData(p));
  });
  step('proposalsWithdraw', 'seller', ['submitted', 'shortlisted', 'countered'], ['withdraw', 'withdrawn'], (p) => {
    p.status = 'withdrawn';
    state.emit('proposal.withdrawn', eventData(p));
  });
  step('proposalsAcceptCounter', 'seller', ['countered'], ['accept the counter of', 'settled by accepting its counter'], (p) =>
    award(p, p.counter_price!, p.counter_delivery_days ?? p.delivery_days),
  );
  step('proposalsAccept', 'buyer', ['submitted', 'shortlisted'], ['accept', 'accepted'], (p) => award(p, p.price, p.delivery_days));
}
