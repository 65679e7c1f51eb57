/**
 * Custom offers: create, and the offer machine (counter, accept, decline,
 * cancel; attachments change only while pending). An accepted offer places an
 * order, so accepting also forgets the cached order list. The reads (list,
 * show, links) are declared in schema/offers.ts (row + key).
 * `Offer.attachments` are whole media objects in the offer payload; an
 * attachment given only by id is read by id (`mediaShow`).
 */
import type { GatewayContext } from '../src/context.js';
import { badUserInput } from '../src/errors.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type * as map from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops, type MarketplaceOperationId } from '../src/upstreams/marketplace/operations.js';
import { requiredText, searchText } from './args.js';
import { bodyOf, positive } from './body.js';
import { readRow } from '../loaders/read-cache.js';
import { checkUpload, multipartOf } from './upload.js';
import { requiredWholeNumber, wholeNumber } from './whole-numbers.js';

export type OfferStatus = 'PENDING' | 'COUNTERED' | 'ACCEPTED' | 'DECLINED' | 'CANCELLED';

/** `offers(status)`: the upstream's lowercase status, in the query. */
export const offersWith = (status: OfferStatus | null | undefined) => ({ query: { status: status ? status.toLowerCase() : undefined } });

/** The `offersShow` key of an offer named by another record (`parentId`, `offerId`); none, no call. */
export const offerKey = (id: string | null) => (id ? { uuid: id } : null);

export const offerAttachments = (parent: map.OfferShape, _args: unknown, ctx: GatewayContext) =>
  Promise.all(
    parent.attachments.map((attachment) => {
      if (typeof attachment === 'string') return readRow(ctx, ops.mediaShow, { uuid: attachment });
      ctx.clients.marketplace.prime(ops.mediaShow, { uuid: attachment.id }, attachment);
      return attachment;
    }),
  );

/**
 * Caches the new state of an offer, and forgets the offers and offer lists read before it, which may
 * now be stale (a counter also changed the countered offer).
 */
function remember(ctx: GatewayContext, offer: map.OfferShape) {
  const market = ctx.clients.marketplace;
  market.forget(ops.offersShow);
  market.forget(ops.offersIndex);
  market.prime(ops.offersShow, { uuid: offer.id }, offer);
  return { offer };
}

export interface CreateOfferInput {
  buyerUsername?: string | null;
  sellerUsername?: string | null;
  gigSlug?: string | null;
  title?: string | null;
  description: string;
  price: number;
  deliveryDays: number;
  attributes?: unknown;
}

export async function createOffer(_: unknown, args: { input: CreateOfferInput }, ctx: GatewayContext) {
  const { input } = args;
  const buyer = input.buyerUsername ? identifier(input.buyerUsername, 'input.buyerUsername') : undefined;
  const seller = input.sellerUsername ? identifier(input.sellerUsername, 'input.sellerUsername') : undefined;
  if ((buyer === undefined) === (seller === undefined)) {
    throw badUserInput(
      'Give exactly one of "input.buyerUsername" (a seller offers to a buyer) or "input.sellerUsername" (a buyer asks a seller)',
      'input.buyerUsername',
    );
  }
  const json = bodyOf(input.attributes, {
    buyer_username: buyer,
    seller_username: seller,
    gig_slug: input.gigSlug ? identifier(input.gigSlug, 'input.gigSlug') : undefined,
    title: searchText(input.title, 'input.title'),
    description: requiredText(input.description, 'input.description'),
    price: positive(input.price, 'input.price'),
    delivery_days: requiredWholeNumber(input.deliveryDays, 'input.deliveryDays'),
  });
  return remember(ctx, await ctx.clients.marketplace.call(ops.offersStore, { body: json }));
}

type OfferStep = Extract<MarketplaceOperationId, 'offersAccept' | 'offersDecline' | 'offersCancel' | 'offersCounter'>;

async function step(id: OfferStep, offerId: string, json: Record<string, unknown>, ctx: GatewayContext) {
  const uuid = identifier(offerId, 'input.id');
  const result = await ctx.clients.marketplace.call(ops[id], { uuid, body: json });
  // An accepted offer becomes an order: the request's cached order lists no longer hold.
  if (id === 'offersAccept') ctx.clients.marketplace.forget(ops.ordersIndex);
  return remember(ctx, result);
}

export interface OfferActionInput {
  id: string;
  attributes?: unknown;
}

/** accept, decline, cancel: no typed field. */
export const offerAction =
  (id: Exclude<OfferStep, 'offersCounter'>) => (_: unknown, args: { input: OfferActionInput }, ctx: GatewayContext) =>
    step(id, args.input.id, bodyOf(args.input.attributes), ctx);

export interface CounterOfferInput extends OfferActionInput {
  price: number;
  deliveryDays?: number | null;
  description?: string | null;
}

export const counterOffer = (_: unknown, args: { input: CounterOfferInput }, ctx: GatewayContext) => {
  const { input } = args;
  const json = bodyOf(input.attributes, {
    price: positive(input.price, 'input.price'),
    delivery_days: wholeNumber(input.deliveryDays, 'input.deliveryDays'),
    description: input.description ?? undefined,
  });
  return step('offersCounter', input.id, json, ctx);
};

export interface AttachToOfferInput {
  offerId: string;
  mediaId?: string | null;
  file?: File | null;
  attributes?: unknown;
}

export async function attachToOffer(_: unknown, args: { input: AttachToOfferInput }, ctx: GatewayContext) {
  const { input } = args;
  const uuid = identifier(input.offerId, 'input.offerId');
  if ((input.mediaId === null || input.mediaId === undefined) === (input.file === null || input.file === undefined)) {
    throw badUserInput('Give exactly one of "input.mediaId" (an asset already uploaded) or "input.file" (a new upload)', 'input.mediaId');
  }
  const options = input.file
    ? { upload: multipartOf(bodyOf(input.attributes), 'file', checkUpload(input.file, 'input.file', ctx.config.limits.uploadBytes)) }
    : { body: bodyOf(input.attributes, { media_uuid: identifier(input.mediaId!, 'input.mediaId') }) };
  const result = await ctx.clients.marketplace.call(ops.offersAttach, { uuid, ...options });
  if (input.file) ctx.clients.marketplace.forget(ops.mediaIndex);
  return remember(ctx, result);
}

export async function removeOfferAttachment(_: unknown, args: { input: { offerId: string; mediaId: string } }, ctx: GatewayContext) {
  const uuid = identifier(args.input.offerId, 'input.offerId');
  const media = identifier(args.input.mediaId, 'input.mediaId');
  const result = await ctx.clients.marketplace.call(ops.offersRemoveAttachment, { uuid, media });
  return remember(ctx, result);
}
