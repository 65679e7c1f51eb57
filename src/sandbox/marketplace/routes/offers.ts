/**
 * Custom offers between a seller and a buyer. An offer is `pending` until its
 * recipient accepts, declines or counters it (a counter is a new pending offer
 * the other way, and the old one becomes `countered`) or its sender cancels
 * it. Accepting places an order. Attachments change only while pending.
 */
import { ok } from '../../laravel.js';
import { conflict, forbidden, notFound, page, type MarketplaceApi, type Viewer } from '../api.js';
import { addDays } from '../dates.js';
import { presentOffer } from '../present.js';
import type { OfferRecord } from '../records.js';
import { newestFirst, type MarketplaceState } from '../state.js';
import { Checker } from '../validate.js';
import { isResponse, storeMediaFrom } from './media.js';
import { placeOrder } from './orders.js';

export interface NewOffer {
  seller: string;
  buyer: string;
  sender: string;
  gig_slug: string | null;
  title: string;
  description: string;
  price: number;
  delivery_days: number;
  parent_uuid?: string;
  proposal_uuid?: string;
}

/** Stores a pending offer (announcing it unless it is a counter, which the caller announces). */
export function createOffer(state: MarketplaceState, input: NewOffer): OfferRecord {
  const at = state.tick();
  const offer: OfferRecord = {
    uuid: state.uuid(),
    status: 'pending',
    seller_username: input.seller,
    buyer_username: input.buyer,
    sender_username: input.sender,
    recipient_username: input.sender === input.seller ? input.buyer : input.seller,
    gig_slug: input.gig_slug,
    title: input.title,
    description: input.description,
    price: input.price,
    currency: 'USD',
    delivery_days: input.delivery_days,
    attachments: [],
    parent_uuid: input.parent_uuid ?? null,
    countered_by_uuid: null,
    proposal_uuid: input.proposal_uuid ?? null,
    order_uuid: null,
    expires_at: addDays(at, 14),
    created_at: at,
    updated_at: at,
  };
  state.offers.set(offer.uuid, offer);
  if (!input.parent_uuid) state.emit('offer.created', eventData(offer));
  return offer;
}

const eventData = (o: OfferRecord) => ({
  uuid: o.uuid,
  status: o.status,
  price: o.price,
  currency: o.currency,
  seller_username: o.seller_username,
  buyer_username: o.buyer_username,
  sender_username: o.sender_username,
});

export function registerOfferRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const offerFor = (viewer: Viewer, uuid: string | undefined) => {
    const offer = uuid === undefined ? undefined : state.offers.get(uuid);
    return offer && (offer.seller_username === viewer.username || offer.buyer_username === viewer.username) ? offer : undefined;
  };
  const notPending = (offer: OfferRecord, verb: string) => conflict(`This offer is ${offer.status} and can no longer be ${verb}.`);
  const recipientOnly = (offer: OfferRecord, viewer: Viewer, verb: string) =>
    offer.recipient_username === viewer.username ? undefined : forbidden(`Only the recipient of an offer can ${verb} it.`);
  const attachmentsLocked = (offer: OfferRecord) =>
    conflict(`Attachments can only change while an offer is pending; this offer is ${offer.status}.`);
  const answer = (offer: OfferRecord, status = 200) => ok(presentOffer(state, offer), status);
  const settle = (offer: OfferRecord, status: OfferRecord['status']) => {
    offer.status = status;
    offer.updated_at = state.tick();
  };

  api
    .handle('offersIndex', (req, viewer) => {
      const status = req.query.get('status');
      const mine = [...state.offers.values()]
        .filter((o) => (o.seller_username === viewer.username || o.buyer_username === viewer.username) && (!status || o.status === status))
        .sort(newestFirst);
      return page(req, mine, (o) => presentOffer(state, o));
    })
    .handle('offersStore', (req, viewer) => {
      const check = new Checker(req.body);
      const buyer = check.string('buyer_username', { max: 100 });
      const seller = check.string('seller_username', { max: 100 });
      const gigSlug = check.string('gig_slug', { max: 200 }) ?? null;
      const title = check.string('title', { max: 200 });
      const description = check.string('description', { required: true, max: 5000, min: 1 });
      const price = check.number('price', { required: true, min: 0, exclusiveMin: true, max: 100_000 });
      const days = check.number('delivery_days', { required: true, integer: true, min: 1, max: 90 });
      if ((buyer === undefined) === (seller === undefined)) {
        check.reject(
          'buyer_username',
          'Give either buyer username (a seller offering to a buyer) or seller username (a buyer asking a seller).',
        );
      } else if (buyer !== undefined) {
        if (!viewer.isSeller) check.reject('buyer_username', 'Only sellers can send an offer to a buyer.');
        else if (!state.users.has(buyer)) check.reject('buyer_username', 'The selected buyer username is invalid.');
        else if (buyer === viewer.username) check.reject('buyer_username', 'You cannot send an offer to yourself.');
      } else if (seller !== undefined) {
        if (!state.sellers.has(seller)) check.reject('seller_username', 'The selected seller username is invalid.');
        else if (seller === viewer.username) check.reject('seller_username', 'You cannot send an offer to yourself.');
      }
      const sellerName = seller ?? viewer.username;
      const gig = gigSlug === null ? undefined : state.gigsBySlug.get(gigSlug);
      if (gigSlug !== null && (!gig || gig.seller_username !== sellerName))
        check.reject('gig_slug', "The gig must be one of the seller's gigs.");
      const invalid = check.failed();
      if (invalid) return invalid;
      const offer = createOffer(state, {
        seller: sellerName,
        buyer: buyer ?? viewer.username,
        sender: viewer.username,
        gig_slug: gigSlug,
        title: title ?? (gig ? `Custom: ${gig.title}` : 'Custom offer'),
        description: description!,
        price: price!,
        delivery_days: days!,
      });
      return answer(offer, 201);
    })
    .handle('offersShow', (req, viewer) => {
      const offer = offerFor(viewer, req.params.uuid);
      return offer ? answer(offer) : notFound('Offer');
    })
    .handle('offersCounter', (req, viewer) => {
      const offer = offerFor(viewer, req.params.uuid);
      if (!offer) return notFound('Offer');
      const denied = recipientOnly(offer, viewer, 'counter');
      if (denied) return denied;
      const check = new Checker(req.body);
      const price = check.number('price', { required: true, min: 0, exclusiveMin: true, max: 100_000 });
      const days = check.number('delivery_days', { integer: true, min: 1, max: 90 });
      const description = check.string('description', { max: 5000 });
      const invalid = check.failed();
      if (invalid) return invalid;
      if (offer.status !== 'pending') return notPending(offer, 'countered');
      const counter = createOffer(state, {
        seller: offer.seller_username,
        buyer: offer.buyer_username,
        sender: viewer.username,
        gig_slug: offer.gig_slug,
        title: offer.title,
        description: description ?? offer.description,
        price: price!,
        delivery_days: days ?? offer.delivery_days,
        parent_uuid: offer.uuid,
        ...(offer.proposal_uuid ? { proposal_uuid: offer.proposal_uuid } : {}),
      });
      settle(offer, 'countered');
      offer.countered_by_uuid = counter.uuid;
      state.emit('offer.countered', { ...eventData(counter), parent_uuid: offer.uuid });
      return answer(counter, 201);
    })
    .handle('offersAccept', (req, viewer) => {
      const offer = offerFor(viewer, req.params.uuid);
      if (!offer) return notFound('Offer');
      const denied = recipientOnly(offer, viewer, 'accept');
      if (denied) return denied;
      if (offer.status !== 'pending') return notPending(offer, 'accepted');
      settle(offer, 'accepted');
      state.emit('offer.accepted', eventData(offer));
      const gig = (offer.gig_slug && state.gigsBySlug.get(offer.gig_slug)) || state.gigsOf(offer.seller_username)[0]!;
      const order = placeOrder(state, {
        buyer: offer.buyer_username,
        gig,
        pkg: 'basic',
        quantity: 1,
        requirements: offer.description,
        offer: { uuid: offer.uuid, price: offer.price, delivery_days: offer.delivery_days },
      });
      offer.order_uuid = order.uuid;
      state.emit('offer.converted', { ...eventData(offer), order_uuid: order.uuid });
      return answer(offer);
    })
    .handle('offersDecline', (req, viewer) => {
      const offer = offerFor(viewer, req.params.uuid);
      if (!offer) return notFound('Offer');
      const denied = recipientOnly(offer, viewer, 'decline');
      if (denied) return denied;
      if (offer.status !== 'pending') return notPending(offer, 'declined');
      settle(offer, 'declined');
      state.emit('offer.declined', eventData(offer));
      return answer(offer);
    })
    .handle('offersCancel', (req, viewer) => {
      const offer = offerFor(viewer, req.params.uuid);
      if (!offer) return notFound('Offer');
      if (offer.sender_username !== viewer.username) return forbidden('Only the sender of an offer can cancel it.');
      if (offer.status !== 'pending') return notPending(offer, 'cancelled');
      settle(offer, 'cancelled');
      state.emit('offer.cancelled', eventData(offer));
      return answer(offer);
    })
    .handle('offersAttach', (req, viewer) => {
      const offer = offerFor(viewer, req.params.uuid);
      if (!offer) return notFound('Offer');
      if (offer.status !== 'pending') return attachmentsLocked(offer);
      let mediaUuid: string;
      if (req.files.length > 0) {
        const stored = storeMediaFrom(state, req, viewer.username);
        if (isResponse(stored)) return stored;
        mediaUuid = stored.uuid;
      } else {
        const check = new Checker(req.body);
        const uuid = check.string('media_uuid', { required: true, max: 100 });
        const invalid = check.failed();
        if (invalid) return invalid;
        const media = state.media.get(uuid!);
        if (!media || media.owner_username !== viewer.username) return notFound('Media');
        mediaUuid = media.uuid;
      }
      if (!offer.attachments.includes(mediaUuid)) {
        offer.attachments.push(mediaUuid);
        offer.updated_at = state.tick();
      }
      return answer(offer, 201);
    })
    .handle('offersRemoveAttachment', (req, viewer) => {
      const offer = offerFor(viewer, req.params.uuid);
      if (!offer) return notFound('Offer');
      if (!offer.attachments.includes(req.params.media!)) return notFound('Attachment');
      if (offer.status !== 'pending') return attachmentsLocked(offer);
      offer.attachments = offer.attachments.filter((u) => u !== req.params.media);
      offer.updated_at = state.tick();
      return answer(offer);
    });
}
