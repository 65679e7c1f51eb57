/**
 * Gig pricing and quotes, discovery, the order lifecycle, buyer requests and
 * proposals, custom offers and media. Field lists are the sandbox README's;
 * anything else the upstream sends stays in `attributes`.
 */
import { z } from 'zod';
import { id, text, num, int, bool, stamp, strings, optionalId, graphShape } from '../graph-shape.js';

export const gigPackageSchema = graphShape({ name: z.string(), price: num, delivery_days: int, revisions: int, features: strings });
export const gigPricingSchema = graphShape({
  gig_slug: z.string(),
  currency: text,
  packages: z
    .array(gigPackageSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type GigPricingShape = z.output<typeof gigPricingSchema>;

export const gigQuoteSchema = graphShape({
  gig_slug: z.string(),
  package: text,
  quantity: int,
  express: bool,
  unit_price: num,
  subtotal: num,
  service_fee: num,
  total: num,
  currency: text,
  delivery_days: int,
  expires_at: stamp,
});
export type GigQuoteShape = z.output<typeof gigQuoteSchema>;

export const gigFavoriteSchema = graphShape({ gig_slug: z.string(), favorited: z.boolean() });
export type GigFavoriteShape = z.output<typeof gigFavoriteSchema>;

export const searchSuggestionSchema = graphShape({ type: text, text: z.string(), value: text });
export type SearchSuggestionShape = z.output<typeof searchSuggestionSchema>;

export const gigCollectionSchema = graphShape({
  uuid: id,
  username: text,
  name: text,
  description: text,
  is_public: bool,
  gig_slugs: strings,
  gigs_count: int,
  created_at: stamp,
});
export type GigCollectionShape = z.output<typeof gigCollectionSchema>;

export const savedSearchSchema = graphShape({
  uuid: id,
  query: text,
  category_slug: text,
  max_price: num,
  notify: bool,
  created_at: stamp,
});
export type SavedSearchShape = z.output<typeof savedSearchSchema>;

export const orderCountdownSchema = graphShape({
  status: text,
  due_at: stamp,
  now: stamp,
  running: bool,
  seconds_remaining: int,
  overdue: bool,
});
export type OrderCountdownShape = z.output<typeof orderCountdownSchema>;

export const orderExtensionSchema = graphShape({
  uuid: id,
  order_uuid: text,
  status: text,
  days: int,
  reason: text,
  requested_by: text,
  responded_by: text,
  responded_at: stamp,
  created_at: stamp,
  order_due_at: stamp,
});
export type OrderExtensionShape = z.output<typeof orderExtensionSchema>;

export const orderTimelineEventSchema = graphShape({
  type: z.string(),
  actor_username: text,
  at: stamp,
  detail: z.unknown().transform((v) => v ?? null),
});
export type OrderTimelineEventShape = z.output<typeof orderTimelineEventSchema>;

export const orderFileSchema = graphShape({ name: z.string(), delivery_id: optionalId, url: text, created_at: stamp });
export type OrderFileShape = z.output<typeof orderFileSchema>;

export const cartEntrySchema = graphShape({
  uuid: id,
  order_uuid: text,
  gig_slug: text,
  package: text,
  quantity: int,
  price: num,
  currency: text,
  created_at: stamp,
});
export type CartEntryShape = z.output<typeof cartEntrySchema>;

export const buyerRequestSchema = graphShape({
  uuid: id,
  status: text,
  buyer_username: text,
  title: text,
  description: text,
  category_slug: text,
  budget: num,
  currency: text,
  delivery_days: int,
  proposals_count: int,
  created_at: stamp,
});
export type BuyerRequestShape = z.output<typeof buyerRequestSchema>;

export const proposalSchema = graphShape({
  uuid: id,
  status: text,
  request_uuid: text,
  request_title: text,
  seller_username: text,
  buyer_username: text,
  message: text,
  price: num,
  delivery_days: int,
  counter_price: num,
  counter_delivery_days: int,
  counter_message: text,
  currency: text,
  offer_uuid: text,
  created_at: stamp,
});
export type ProposalShape = z.output<typeof proposalSchema>;

export const mediaSchema = graphShape({
  uuid: id,
  owner_username: text,
  filename: text,
  content_type: text,
  kind: text,
  size: int,
  title: text,
  alt_text: text,
  url: text,
  created_at: stamp,
  updated_at: stamp,
});
export type MediaShape = z.output<typeof mediaSchema>;

/** An attachment is a whole media object, or (in a leaner deployment) only its id. */
const attachmentSchema = z.union([mediaSchema, id]);

export const offerSchema = graphShape({
  uuid: id,
  status: text,
  seller_username: text,
  buyer_username: text,
  sender_username: text,
  recipient_username: text,
  gig_slug: text,
  title: text,
  description: text,
  price: num,
  currency: text,
  delivery_days: int,
  attachments: z
    .array(attachmentSchema)
    .nullish()
    .transform((v) => v ?? []),
  parent_uuid: text,
  countered_by_uuid: text,
  proposal_uuid: text,
  order_uuid: text,
  expires_at: stamp,
  created_at: stamp,
  updated_at: stamp,
});
export type OfferShape = z.output<typeof offerSchema>;

/** `DELETE /media/{uuid}`: `{uuid, deleted}`. */
export const deletedSchema = z.looseObject({ deleted: z.boolean().optional() }).transform((d) => ({ deleted: d.deleted ?? true }));
