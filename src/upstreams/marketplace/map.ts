/**
 * Marketplace payloads (snake_case) → graph shapes (camelCase). The document
 * shows no fields; the contract (section 4) names the ones relied on and
 * `docs/upstream-contract.md` lists the rest. Adapting to a real deployment
 * whose field names differ is a change to this file only.
 *
 * Every record goes through `graphShape`: the listed snake_case keys become
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
export type GraphShape<S extends z.ZodRawShape> = { [K in keyof S as CamelKey<K>]: z.output<S[K]> } & { attributes: Record<string, unknown> };

const camelKey = (key: string) =>
  key === 'uuid' ? 'id' : key.replace(/_uuid$/, '_id').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * An upstream body key in the caller's terms, by the same renames as the records
 * (`gig_slug` → `gigSlug`, `media_uuid` → `mediaId`, `gig_slugs.0` → `gigSlugs.0`):
 * a 422's field errors then name the GraphQL input field the caller wrote.
 */
export const graphFieldName = (upstreamKey: string): string => upstreamKey.split('.').map(camelKey).join('.');

export function graphShape<S extends z.ZodRawShape>(shape: S) {
  const keys = Object.keys(shape).map((key) => [key, camelKey(key)] as const);
  return z.looseObject(shape).transform((raw) => {
    const out: Record<string, unknown> = { attributes: raw as Record<string, unknown> };
    for (const [key, name] of keys) out[name] = (raw as Record<string, unknown>)[key];
    return out as GraphShape<S>;
  });
}

export const userSchema = graphShape({ username: z.string(), name: text, avatar_url: text, country: text, created_at: stamp });
export type UserShape = z.output<typeof userSchema>;

export const sellerSchema = graphShape({
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
export type SellerShape = z.output<typeof sellerSchema>;

export const gigSchema = graphShape({
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
export type GigShape = z.output<typeof gigSchema>;

export const reviewSchema = graphShape({ id, gig_slug: text, rating: num, comment: text, reviewer_username: text, created_at: stamp });
export type ReviewShape = z.output<typeof reviewSchema>;

export const orderSchema = graphShape({
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
export type OrderShape = z.output<typeof orderSchema>;

export const deliverySchema = graphShape({ id, order_uuid: text, message: text, files: strings, created_at: stamp });
export type DeliveryShape = z.output<typeof deliverySchema>;

export const revisionSchema = graphShape({ id, order_uuid: text, reason: text, created_at: stamp });
export type RevisionShape = z.output<typeof revisionSchema>;

export const categorySchema = graphShape({ slug: z.string(), name: text, parent_slug: text, gigs_count: num });
export type CategoryShape = z.output<typeof categorySchema>;

export const apiScopeSchema = z.object({
  slug: z.string(),
  label: z.string(),
  restricted: z.boolean(),
  source: z.string(),
  enabled: z.boolean(),
});
export type ApiScopeShape = z.output<typeof apiScopeSchema>;

export const webhookEventTypeSchema = z.object({ name: z.string(), description: text, source: text });
export type WebhookEventTypeShape = z.output<typeof webhookEventTypeSchema>;

/** `GET /openapi.json`: only the two extension lists are read. */
export const openapiSchema = z.looseObject({
  'x-scopes': z.array(apiScopeSchema),
  'x-webhook-events': z.array(webhookEventTypeSchema),
});

// Section A: gig pricing and quotes, discovery, the order lifecycle, buyer
// requests and proposals, custom offers and media. Field lists are the
// sandbox README's; anything else the upstream sends stays in `attributes`.

export const gigPackageSchema = graphShape({ name: z.string(), price: num, delivery_days: int, revisions: int, features: strings });
export const gigPricingSchema = graphShape({ gig_slug: z.string(), currency: text, packages: z.array(gigPackageSchema).nullish().transform((v) => v ?? []) });
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

export const savedSearchSchema = graphShape({ uuid: id, query: text, category_slug: text, max_price: num, notify: bool, created_at: stamp });
export type SavedSearchShape = z.output<typeof savedSearchSchema>;

export const orderCountdownSchema = graphShape({ status: text, due_at: stamp, now: stamp, running: bool, seconds_remaining: int, overdue: bool });
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

export const orderTimelineEventSchema = graphShape({ type: z.string(), actor_username: text, at: stamp, detail: z.unknown().transform((v) => v ?? null) });
export type OrderTimelineEventShape = z.output<typeof orderTimelineEventSchema>;

export const orderFileSchema = graphShape({ name: z.string(), delivery_id: optionalId, url: text, created_at: stamp });
export type OrderFileShape = z.output<typeof orderFileSchema>;

export const cartEntrySchema = graphShape({ uuid: id, order_uuid: text, gig_slug: text, package: text, quantity: int, price: num, currency: text, created_at: stamp });
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
  attachments: z.array(attachmentSchema).nullish().transform((v) => v ?? []),
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

// Section B: platform reference data, mobile, seller extras, messaging, AI, advertising, CRM.
const flag = bool;

// Platform reference data (GET /theme, /locale, /languages, /currencies, /countries).
export const themeSchema = graphShape({ name: text, mode: text, font_family: text, logo_url: text });
export type ThemeShape = z.output<typeof themeSchema>;
export const localeSchema = graphShape({ locale: z.string(), currency: text, country: text, timezone: text, direction: text, available_locales: strings });
export type LocaleShape = z.output<typeof localeSchema>;
export const languageSchema = graphShape({ code: z.string(), name: text, native_name: text });
export type LanguageShape = z.output<typeof languageSchema>;
export const currencySchema = graphShape({ code: z.string(), name: text, symbol: text, rate: num });
export type CurrencyShape = z.output<typeof currencySchema>;
export const countrySchema = graphShape({ code: z.string(), name: text });
export type CountryShape = z.output<typeof countrySchema>;

// Mobile: home feed, compact order views (an order plus its mobile extras), token pairs.
export const mobileHomeSchema = graphShape({
  greeting: text,
  categories: z.array(categorySchema).nullish().transform((v) => v ?? []),
  featured_gigs: z.array(gigSchema).nullish().transform((v) => v ?? []),
  new_gigs: z.array(gigSchema).nullish().transform((v) => v ?? []),
  recent_gigs: z.array(gigSchema).nullish().transform((v) => v ?? []),
  active_orders: num,
});
export type MobileHomeShape = z.output<typeof mobileHomeSchema>;
const mobileOrderExtras = graphShape({
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
export type MobileOrderShape = z.output<typeof mobileOrderSchema>;
export const tokenPairSchema = graphShape({ access_token: z.string(), refresh_token: text, token_type: text, expires_in: num, user: userSchema.nullish().transform((v) => v ?? null) });
export type TokenPairShape = z.output<typeof tokenPairSchema>;
export const passwordResetSchema = graphShape({ sent: flag, message: text });
export type PasswordResetShape = z.output<typeof passwordResetSchema>;

// Seller extras: profile, portfolio, availability, testimonials, saved studios, analytics.
export const sellerProfileSchema = graphShape({
  bio: text,
  skills: strings,
  response_time_hours: num,
  completed_orders: num,
  on_time_rate: num,
  followers_count: num,
  portfolio_count: num,
});
export type SellerProfileShape = z.output<typeof sellerProfileSchema>;
export const portfolioProjectSchema = graphShape({ slug: z.string(), seller_username: text, title: text, description: text, cover_url: text, gig_slug: text, tags: strings, created_at: stamp });
export type PortfolioProjectShape = z.output<typeof portfolioProjectSchema>;
export const sellerAvailabilitySchema = graphShape({ status: text, accepting_orders: flag, response_time_hours: num, active_orders: num, next_available_at: stamp });
export type SellerAvailabilityShape = z.output<typeof sellerAvailabilitySchema>;
export const testimonialSchema = graphShape({ id, author_name: text, company: text, quote: text, status: text, created_at: stamp });
export type TestimonialShape = z.output<typeof testimonialSchema>;
export const savedStudioSchema = graphShape({ seller_username: z.string(), favorited: z.boolean() });
export type SavedStudioShape = z.output<typeof savedStudioSchema>;
export const sellerGrowthSchema = graphShape({
  period_days: num,
  orders: num,
  revenue: num,
  currency: text,
  repeat_buyers: num,
  series: z.array(graphShape({ week_start: stamp, orders: num, revenue: num })).nullish().transform((v) => v ?? []),
});
export type SellerGrowthShape = z.output<typeof sellerGrowthSchema>;
export const conversionSchema = graphShape({
  views: num,
  orders: num,
  conversion_rate: num,
  gigs: z.array(graphShape({ gig_slug: z.string(), views: num, orders: num, conversion_rate: num })).nullish().transform((v) => v ?? []),
});
export type ConversionShape = z.output<typeof conversionSchema>;

// Messaging, notifications, wallet.
export const messageSchema = graphShape({
  uuid,
  conversation_uuid: text,
  sender_username: text,
  body: text,
  reactions: z.array(graphShape({ emoji: z.string(), count: num, usernames: strings })).nullish().transform((v) => v ?? []),
  created_at: stamp,
});
export type MessageShape = z.output<typeof messageSchema>;
export const conversationSchema = graphShape({
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
export type ConversationShape = z.output<typeof conversationSchema>;
export const typingSchema = graphShape({ conversation_uuid: z.string(), typing: z.boolean(), expires_in: num });
export type TypingShape = z.output<typeof typingSchema>;
export const presenceSchema = graphShape({
  conversation_uuid: z.string(),
  participants: z.array(graphShape({ username: z.string(), online: flag, typing: flag, last_seen_at: stamp })),
});
export type PresenceShape = z.output<typeof presenceSchema>;
export const notificationSchema = graphShape({ uuid, type: text, title: text, data: z.unknown(), read_at: stamp, created_at: stamp });
export type NotificationShape = z.output<typeof notificationSchema>;
const transactionSchema = graphShape({ uuid, type: text, amount: num, description: text, created_at: stamp });
export const walletSchema = graphShape({ balance: num, pending: num, currency: text, transactions: z.array(transactionSchema).nullish().transform((v) => v ?? []) });
export type WalletShape = z.output<typeof walletSchema>;

// AI helpers.
export const aiSummarySchema = graphShape({
  credits_total: num,
  credits_used: num,
  credits_remaining: num,
  features: z.array(graphShape({ kind: z.string(), name: text, credits: num })).nullish().transform((v) => v ?? []),
});
export type AiSummaryShape = z.output<typeof aiSummarySchema>;
export const aiRequestSchema = graphShape({
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
export type AiRequestShape = z.output<typeof aiRequestSchema>;
/** A recommended gig: the gig itself plus the upstream's `reason`. */
export const aiRecommendationSchema = z
  .preprocess((raw) => ({ gig: raw, extras: raw }), z.object({ gig: gigSchema, extras: z.looseObject({ reason: text }) }))
  .transform(({ gig, extras }) => ({ gig, reason: extras.reason }));
export type AiRecommendationShape = z.output<typeof aiRecommendationSchema>;
export const aiSearchSchema = graphShape({
  query: text,
  interpretation: graphShape({ search: text, category_slug: text, max_price: num, delivery_days: num }).nullish().transform((v) => v ?? null),
  total: num,
  gigs: z.array(gigSchema).nullish().transform((v) => v ?? []),
});
export type AiSearchShape = z.output<typeof aiSearchSchema>;
export const aiMessageDraftSchema = graphShape({ tone: text, draft: z.string() });
export type AiMessageDraftShape = z.output<typeof aiMessageDraftSchema>;

// Advertising.
export const promotionProductSchema = graphShape({ slug: z.string(), name: text, description: text, pricing_model: text, min_daily_budget: num, currency: text });
export type PromotionProductShape = z.output<typeof promotionProductSchema>;
export const sponsoredPlacementSchema = graphShape({ campaign_uuid: text, placement: text, gig: gigSchema.nullish().transform((v) => v ?? null) });
export type SponsoredPlacementShape = z.output<typeof sponsoredPlacementSchema>;
export const adCampaignSchema = graphShape({
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
  analytics: graphShape({ days_running: num, impressions: num, clicks: num, ctr: num, orders: num, conversion_rate: num, spend: num, currency: text })
    .nullish()
    .transform((v) => v ?? null),
});
export type AdCampaignShape = z.output<typeof adCampaignSchema>;
export const adWalletSchema = graphShape({
  balance: num,
  currency: text,
  transactions: z.array(graphShape({ uuid, type: text, amount: num, created_at: stamp })).nullish().transform((v) => v ?? []),
});
export type AdWalletShape = z.output<typeof adWalletSchema>;

// CRM and following.
export const crmNoteSchema = graphShape({ uuid, customer_uuid: text, author_username: text, body: text, created_at: stamp });
export type CrmNoteShape = z.output<typeof crmNoteSchema>;
export const crmCustomerSchema = graphShape({
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
export type CrmCustomerShape = z.output<typeof crmCustomerSchema>;
export const crmStatsSchema = graphShape({
  customers_count: num,
  active_customers: num,
  inactive_customers: num,
  repeat_customers: num,
  total_revenue: num,
  average_order_value: num,
  followers_count: num,
  currency: text,
});
export type CrmStatsShape = z.output<typeof crmStatsSchema>;
export const retentionCampaignSchema = graphShape({
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
export type RetentionCampaignShape = z.output<typeof retentionCampaignSchema>;
export const followSchema = graphShape({ seller_username: z.string(), following: z.boolean(), followers_count: num });
export type FollowShape = z.output<typeof followSchema>;

