/**
 * Marketplace payloads (snake_case) → graph shapes (camelCase). The document
 * shows no fields; `docs/upstream-contract.md` names the ones relied on and
 * lists the rest. Adapting to a real deployment
 * whose field names differ is a change to this file only.
 *
 * Every record goes through `camelRecord`: the listed snake_case keys become
 * camelCase (`uuid` becomes `id`, `order_uuid` becomes `orderId`), each value
 * is validated by its zod field, and the whole upstream object stays in
 * `attributes`, so nothing the upstream sends is lost and a renamed upstream
 * field is a one-word change.
 */
import { z } from 'zod';

const id = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish().transform((v) => v ?? null);
const num = z.coerce.number().nullish().transform((v) => (v === undefined || Number.isNaN(v) ? null : v));
const int = z.coerce.number().int().nullish().transform((v) => v ?? null);
const bool = z.boolean().nullish().transform((v) => v ?? null);
const stamp = z.string().nullish().transform((v) => v ?? null);
const strings = z.array(z.string()).nullish().transform((v) => v ?? []);
const optionalId = id.nullish().transform((v) => v ?? null);
const uuid = z.string();

type CamelCase<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
type CamelKey<K> = K extends 'uuid' ? 'id' : K extends `${infer P}_uuid` ? `${CamelCase<P>}Id` : K extends string ? CamelCase<K> : never;
export type CamelRecord<S extends z.ZodRawShape> = { [K in keyof S as CamelKey<K>]: z.output<S[K]> } & { attributes: Record<string, unknown> };

const camelKey = (key: string) =>
  key === 'uuid' ? 'id' : key.replace(/_uuid$/, '_id').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * An upstream body key in the caller's terms, by the same renames as the records
 * (`gig_slug` → `gigSlug`, `media_uuid` → `mediaId`, `gig_slugs.0` → `gigSlugs.0`):
 * a 422's field errors then name the GraphQL input field the caller wrote.
 */
export const graphFieldName = (upstreamKey: string): string => upstreamKey.split('.').map(camelKey).join('.');

export function camelRecord<S extends z.ZodRawShape>(shape: S) {
  const keys = Object.keys(shape).map((key) => [key, camelKey(key)] as const);
  return z.looseObject(shape).transform((raw) => {
    const out: Record<string, unknown> = { attributes: raw as Record<string, unknown> };
    for (const [key, name] of keys) out[name] = (raw as Record<string, unknown>)[key];
    return out as CamelRecord<S>;
  });
}

export const userSchema = camelRecord({ username: z.string(), name: text, avatar_url: text, country: text, created_at: stamp });
export type UserRecord = z.output<typeof userSchema>;

export const sellerSchema = camelRecord({
  username: z.string(),
  name: text,
  headline: text,
  rating: num,
  reviews_count: num,
  avatar_url: text,
  country: text,
  level: text,
  languages: strings,
  created_at: stamp,
});
export type SellerRecord = z.output<typeof sellerSchema>;

export const gigSchema = camelRecord({
  slug: z.string(),
  title: text,
  description: text,
  seller_username: z.string(),
  category_slug: text,
  price_from: num,
  currency: text,
  rating: num,
  reviews_count: num,
  delivery_days: num,
  created_at: stamp,
});
export type GigRecord = z.output<typeof gigSchema>;

export const reviewSchema = camelRecord({ id, gig_slug: text, rating: num, comment: text, reviewer_username: text, created_at: stamp });
export type ReviewRecord = z.output<typeof reviewSchema>;

export const orderSchema = camelRecord({
  uuid,
  status: text,
  gig_slug: text,
  buyer_username: text,
  seller_username: text,
  total: num,
  currency: text,
  due_at: stamp,
  created_at: stamp,
});
export type OrderRecord = z.output<typeof orderSchema>;

export const deliverySchema = camelRecord({ id, order_uuid: text, message: text, files: strings, created_at: stamp });
export type DeliveryRecord = z.output<typeof deliverySchema>;

export const revisionSchema = camelRecord({ id, order_uuid: text, reason: text, created_at: stamp });
export type RevisionRecord = z.output<typeof revisionSchema>;

export const categorySchema = camelRecord({ slug: z.string(), name: text, parent_slug: text, gigs_count: num });
export type CategoryRecord = z.output<typeof categorySchema>;

export const apiScopeSchema = z.object({
  slug: z.string(),
  label: z.string(),
  restricted: z.boolean(),
  source: z.string(),
  enabled: z.boolean(),
});
export type ApiScopeRecord = z.output<typeof apiScopeSchema>;

export const webhookEventTypeSchema = z.object({ name: z.string(), description: text, source: text });
export type WebhookEventTypeRecord = z.output<typeof webhookEventTypeSchema>;

/** `GET /openapi.json`: only the two extension lists are read. */
export const openapiSchema = z.looseObject({
  'x-scopes': z.array(apiScopeSchema),
  'x-webhook-events': z.array(webhookEventTypeSchema),
});

// Section A: gig pricing and quotes, discovery, the order lifecycle, buyer
// requests and proposals, custom offers and media. Field lists are the
// sandbox README's; anything else the upstream sends stays in `attributes`.

export const gigPackageSchema = camelRecord({ name: z.string(), price: num, delivery_days: int, revisions: int, features: strings });
export const gigPricingSchema = camelRecord({ gig_slug: z.string(), currency: text, packages: z.array(gigPackageSchema).nullish().transform((v) => v ?? []) });
export type GigPricingRecord = z.output<typeof gigPricingSchema>;

export const gigQuoteSchema = camelRecord({
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
export type GigQuoteRecord = z.output<typeof gigQuoteSchema>;

export const gigFavoriteSchema = camelRecord({ gig_slug: z.string(), favorited: z.boolean() });
export type GigFavoriteRecord = z.output<typeof gigFavoriteSchema>;

export const searchSuggestionSchema = camelRecord({ type: text, text: z.string(), value: text });
export type SearchSuggestionRecord = z.output<typeof searchSuggestionSchema>;

export const gigCollectionSchema = camelRecord({
  uuid: id,
  username: text,
  name: text,
  description: text,
  is_public: bool,
  gig_slugs: strings,
  gigs_count: int,
  created_at: stamp,
});
export type GigCollectionRecord = z.output<typeof gigCollectionSchema>;

export const savedSearchSchema = camelRecord({ uuid: id, query: text, category_slug: text, max_price: num, notify: bool, created_at: stamp });
export type SavedSearchRecord = z.output<typeof savedSearchSchema>;

export const orderCountdownSchema = camelRecord({ status: text, due_at: stamp, now: stamp, running: bool, seconds_remaining: int, overdue: bool });
export type OrderCountdownRecord = z.output<typeof orderCountdownSchema>;

export const orderExtensionSchema = camelRecord({
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
export type OrderExtensionRecord = z.output<typeof orderExtensionSchema>;

export const orderTimelineEventSchema = camelRecord({ type: z.string(), actor_username: text, at: stamp, detail: z.unknown().transform((v) => v ?? null) });
export type OrderTimelineEventRecord = z.output<typeof orderTimelineEventSchema>;

export const orderFileSchema = camelRecord({ name: z.string(), delivery_id: optionalId, url: text, created_at: stamp });
export type OrderFileRecord = z.output<typeof orderFileSchema>;

export const cartEntrySchema = camelRecord({ uuid: id, order_uuid: text, gig_slug: text, package: text, quantity: int, price: num, currency: text, created_at: stamp });
export type CartEntryRecord = z.output<typeof cartEntrySchema>;

export const buyerRequestSchema = camelRecord({
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
export type BuyerRequestRecord = z.output<typeof buyerRequestSchema>;

export const proposalSchema = camelRecord({
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
export type ProposalRecord = z.output<typeof proposalSchema>;

export const mediaSchema = camelRecord({
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
export type MediaRecord = z.output<typeof mediaSchema>;

/** An attachment is a whole media object, or (in a leaner deployment) only its id. */
const attachmentSchema = z.union([mediaSchema, id]);

export const offerSchema = camelRecord({
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
  attachments: z.array(attachmentSchema).nullish().transform((v) => v ?? []),
  parent_uuid: text,
  countered_by_uuid: text,
  proposal_uuid: text,
  order_uuid: text,
  expires_at: stamp,
  created_at: stamp,
  updated_at: stamp,
});
export type OfferRecord = z.output<typeof offerSchema>;

/** `DELETE /media/{uuid}`: `{uuid, deleted}`. */
export const deletedSchema = z.looseObject({ deleted: z.boolean().optional() }).transform((d) => ({ deleted: d.deleted ?? true }));

// Section B: platform reference data, mobile, seller extras, messaging, AI, advertising, CRM.
const flag = bool;

// Platform reference data (GET /theme, /locale, /languages, /currencies, /countries).
export const themeSchema = camelRecord({ name: text, mode: text, font_family: text, logo_url: text });
export type ThemeRecord = z.output<typeof themeSchema>;
export const localeSchema = camelRecord({ locale: z.string(), currency: text, country: text, timezone: text, direction: text, available_locales: strings });
export type LocaleRecord = z.output<typeof localeSchema>;
export const languageSchema = camelRecord({ code: z.string(), name: text, native_name: text });
export type LanguageRecord = z.output<typeof languageSchema>;
export const currencySchema = camelRecord({ code: z.string(), name: text, symbol: text, rate: num });
export type CurrencyRecord = z.output<typeof currencySchema>;
export const countrySchema = camelRecord({ code: z.string(), name: text });
export type CountryRecord = z.output<typeof countrySchema>;

// Mobile: home feed, compact order views (an order plus its mobile extras), token pairs.
export const mobileHomeSchema = camelRecord({
  greeting: text,
  categories: z.array(categorySchema).nullish().transform((v) => v ?? []),
  featured_gigs: z.array(gigSchema).nullish().transform((v) => v ?? []),
  new_gigs: z.array(gigSchema).nullish().transform((v) => v ?? []),
  recent_gigs: z.array(gigSchema).nullish().transform((v) => v ?? []),
  active_orders: num,
});
export type MobileHomeRecord = z.output<typeof mobileHomeSchema>;
const mobileOrderExtras = camelRecord({
  gig_title: text,
  role: text,
  counterpart_username: text,
  deliveries: z.array(deliverySchema).nullish().transform((v) => v ?? null),
  revisions: z.array(revisionSchema).nullish().transform((v) => v ?? null),
});
/** The order fields of `orderSchema`, plus what the mobile views add. */
export const mobileOrderSchema = z
  .preprocess((raw) => ({ order: raw, extras: raw }), z.object({ order: orderSchema, extras: mobileOrderExtras }))
  .transform(({ order, extras }) => ({ ...extras, ...order }));
export type MobileOrderRecord = z.output<typeof mobileOrderSchema>;
export const tokenPairSchema = camelRecord({ access_token: z.string(), refresh_token: text, token_type: text, expires_in: num, user: userSchema.nullish().transform((v) => v ?? null) });
export type TokenPairRecord = z.output<typeof tokenPairSchema>;
export const passwordResetSchema = camelRecord({ sent: flag, message: text });
export type PasswordResetRecord = z.output<typeof passwordResetSchema>;

// Seller extras: profile, portfolio, availability, testimonials, saved studios, analytics.
export const sellerProfileSchema = camelRecord({
  bio: text,
  skills: strings,
  response_time_hours: num,
  completed_orders: num,
  on_time_rate: num,
  followers_count: num,
  portfolio_count: num,
});
export type SellerProfileRecord = z.output<typeof sellerProfileSchema>;
export const portfolioProjectSchema = camelRecord({ slug: z.string(), seller_username: text, title: text, description: text, cover_url: text, gig_slug: text, tags: strings, created_at: stamp });
export type PortfolioProjectRecord = z.output<typeof portfolioProjectSchema>;
export const sellerAvailabilitySchema = camelRecord({ status: text, accepting_orders: flag, response_time_hours: num, active_orders: num, next_available_at: stamp });
export type SellerAvailabilityRecord = z.output<typeof sellerAvailabilitySchema>;
export const testimonialSchema = camelRecord({ id, author_name: text, company: text, quote: text, status: text, created_at: stamp });
export type TestimonialRecord = z.output<typeof testimonialSchema>;
export const savedStudioSchema = camelRecord({ seller_username: z.string(), favorited: z.boolean() });
export type SavedStudioRecord = z.output<typeof savedStudioSchema>;
export const sellerGrowthSchema = camelRecord({
  period_days: num,
  orders: num,
  revenue: num,
  currency: text,
  repeat_buyers: num,
  series: z.array(camelRecord({ week_start: stamp, orders: num, revenue: num })).nullish().transform((v) => v ?? []),
});
export type SellerGrowthRecord = z.output<typeof sellerGrowthSchema>;
export const conversionSchema = camelRecord({
  views: num,
  orders: num,
  conversion_rate: num,
  gigs: z.array(camelRecord({ gig_slug: z.string(), views: num, orders: num, conversion_rate: num })).nullish().transform((v) => v ?? []),
});
export type ConversionRecord = z.output<typeof conversionSchema>;

// Messaging, notifications, wallet.
export const messageSchema = camelRecord({
  uuid,
  conversation_uuid: text,
  sender_username: text,
  body: text,
  reactions: z.array(camelRecord({ emoji: z.string(), count: num, usernames: strings })).nullish().transform((v) => v ?? []),
  created_at: stamp,
});
export type MessageRecord = z.output<typeof messageSchema>;
export const conversationSchema = camelRecord({
  uuid,
  participants: strings,
  subject: text,
  order_uuid: text,
  messages_count: num,
  last_message: messageSchema.nullish().transform((v) => v ?? null),
  with_username: text,
  created_at: stamp,
  updated_at: stamp,
});
export type ConversationRecord = z.output<typeof conversationSchema>;
export const typingSchema = camelRecord({ conversation_uuid: z.string(), typing: z.boolean(), expires_in: num });
export type TypingRecord = z.output<typeof typingSchema>;
export const presenceSchema = camelRecord({
  conversation_uuid: z.string(),
  participants: z.array(camelRecord({ username: z.string(), online: flag, typing: flag, last_seen_at: stamp })),
});
export type PresenceRecord = z.output<typeof presenceSchema>;
export const notificationSchema = camelRecord({ uuid, type: text, title: text, data: z.unknown(), read_at: stamp, created_at: stamp });
export type NotificationRecord = z.output<typeof notificationSchema>;
const transactionSchema = camelRecord({ uuid, type: text, amount: num, description: text, created_at: stamp });
export const walletSchema = camelRecord({ balance: num, pending: num, currency: text, transactions: z.array(transactionSchema).nullish().transform((v) => v ?? []) });
export type WalletRecord = z.output<typeof walletSchema>;

// AI helpers.
export const aiSummarySchema = camelRecord({
  credits_total: num,
  credits_used: num,
  credits_remaining: num,
  features: z.array(camelRecord({ kind: z.string(), name: text, credits: num })).nullish().transform((v) => v ?? []),
});
export type AiSummaryRecord = z.output<typeof aiSummarySchema>;
export const aiRequestSchema = camelRecord({
  uuid,
  status: text,
  kind: text,
  prompt: text,
  result: text,
  error: text,
  credits_used: num,
  feedback: z.looseObject({ rating: num, comment: text }).nullish().transform((v) => v ?? null),
  created_at: stamp,
  updated_at: stamp,
});
export type AiRequestRecord = z.output<typeof aiRequestSchema>;
/** A recommended gig: the gig itself plus the upstream's `reason`. */
export const aiRecommendationSchema = z
  .preprocess((raw) => ({ gig: raw, extras: raw }), z.object({ gig: gigSchema, extras: z.looseObject({ reason: text }) }))
  .transform(({ gig, extras }) => ({ gig, reason: extras.reason }));
export type AiRecommendationRecord = z.output<typeof aiRecommendationSchema>;
export const aiSearchSchema = camelRecord({
  query: text,
  interpretation: camelRecord({ search: text, category_slug: text, max_price: num, delivery_days: num }).nullish().transform((v) => v ?? null),
  total: num,
  gigs: z.array(gigSchema).nullish().transform((v) => v ?? []),
});
export type AiSearchRecord = z.output<typeof aiSearchSchema>;
export const aiMessageDraftSchema = camelRecord({ tone: text, draft: z.string() });
export type AiMessageDraftRecord = z.output<typeof aiMessageDraftSchema>;

// Advertising.
export const promotionProductSchema = camelRecord({ slug: z.string(), name: text, description: text, pricing_model: text, min_daily_budget: num, currency: text });
export type PromotionProductRecord = z.output<typeof promotionProductSchema>;
export const sponsoredPlacementSchema = camelRecord({ campaign_uuid: text, placement: text, gig: gigSchema.nullish().transform((v) => v ?? null) });
export type SponsoredPlacementRecord = z.output<typeof sponsoredPlacementSchema>;
export const adCampaignSchema = camelRecord({
  uuid,
  status: text,
  name: text,
  seller_username: text,
  gig_slug: text,
  product_slug: text,
  daily_budget: num,
  currency: text,
  starts_at: stamp,
  ends_at: stamp,
  created_at: stamp,
  analytics: camelRecord({ days_running: num, impressions: num, clicks: num, ctr: num, orders: num, conversion_rate: num, spend: num, currency: text })
    .nullish()
    .transform((v) => v ?? null),
});
export type AdCampaignRecord = z.output<typeof adCampaignSchema>;
export const adWalletSchema = camelRecord({
  balance: num,
  currency: text,
  transactions: z.array(camelRecord({ uuid, type: text, amount: num, created_at: stamp })).nullish().transform((v) => v ?? []),
});
export type AdWalletRecord = z.output<typeof adWalletSchema>;

// CRM and following.
export const crmNoteSchema = camelRecord({ uuid, customer_uuid: text, author_username: text, body: text, created_at: stamp });
export type CrmNoteRecord = z.output<typeof crmNoteSchema>;
export const crmCustomerSchema = camelRecord({
  uuid,
  status: text,
  username: text,
  name: text,
  avatar_url: text,
  country: text,
  orders_count: num,
  total_spent: num,
  currency: text,
  last_order_at: stamp,
  tags: strings,
  notes_count: num,
  created_at: stamp,
  /** Only the single-customer view carries notes; null means "not in this payload". */
  notes: z.array(crmNoteSchema).nullish().transform((v) => v ?? null),
});
export type CrmCustomerRecord = z.output<typeof crmCustomerSchema>;
export const crmStatsSchema = camelRecord({
  customers_count: num,
  active_customers: num,
  inactive_customers: num,
  repeat_customers: num,
  total_revenue: num,
  average_order_value: num,
  followers_count: num,
  currency: text,
});
export type CrmStatsRecord = z.output<typeof crmStatsSchema>;
export const retentionCampaignSchema = camelRecord({
  uuid,
  status: text,
  name: text,
  segment: text,
  message: text,
  discount_percent: num,
  coupon_code: text,
  send_at: stamp,
  audience_count: num,
  created_at: stamp,
});
export type RetentionCampaignRecord = z.output<typeof retentionCampaignSchema>;
export const followSchema = camelRecord({ seller_username: z.string(), following: z.boolean(), followers_count: num });
export type FollowRecord = z.output<typeof followSchema>;

