/**
 * Marketplace payloads (snake_case) → graph shapes (camelCase). The document
 * shows no fields; the contract (section 4) names the ones relied on and
 * `docs/upstream-contract.md` lists the rest. Adapting to a real deployment
 * whose field names differ is a change to this file only. Unknown fields are
 * kept in `attributes`, so nothing the upstream sends is lost.
 */
import { z } from 'zod';

const id = z.union([z.string(), z.number()]).transform(String);
const text = z.string().nullish().transform((v) => v ?? null);
const num = z.coerce.number().nullish().transform((v) => (v === undefined || Number.isNaN(v) ? null : v));
const stamp = z.string().nullish().transform((v) => v ?? null);
const strings = z.array(z.string()).nullish().transform((v) => v ?? []);

export const userSchema = z.looseObject({ username: z.string(), name: text, avatar_url: text, country: text, created_at: stamp }).transform((u) => ({
  username: u.username,
  name: u.name,
  avatarUrl: u.avatar_url,
  country: u.country,
  createdAt: u.created_at,
  attributes: u as Record<string, unknown>,
}));
export type UserRecord = z.output<typeof userSchema>;

export const sellerSchema = z
  .looseObject({
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
  })
  .transform((s) => ({
    username: s.username,
    name: s.name,
    headline: s.headline,
    rating: s.rating,
    reviewsCount: s.reviews_count,
    avatarUrl: s.avatar_url,
    country: s.country,
    level: s.level,
    languages: s.languages,
    createdAt: s.created_at,
    attributes: s as Record<string, unknown>,
  }));
export type SellerRecord = z.output<typeof sellerSchema>;

export const gigSchema = z
  .looseObject({
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
  })
  .transform((g) => ({
    slug: g.slug,
    title: g.title,
    description: g.description,
    sellerUsername: g.seller_username,
    categorySlug: g.category_slug,
    priceFrom: g.price_from,
    currency: g.currency,
    rating: g.rating,
    reviewsCount: g.reviews_count,
    deliveryDays: g.delivery_days,
    createdAt: g.created_at,
    attributes: g as Record<string, unknown>,
  }));
export type GigRecord = z.output<typeof gigSchema>;

export const reviewSchema = z
  .looseObject({ id, gig_slug: text, rating: num, comment: text, reviewer_username: text, created_at: stamp })
  .transform((r) => ({
    id: r.id,
    gigSlug: r.gig_slug,
    rating: r.rating,
    comment: r.comment,
    reviewerUsername: r.reviewer_username,
    createdAt: r.created_at,
    attributes: r as Record<string, unknown>,
  }));
export type ReviewRecord = z.output<typeof reviewSchema>;

export const orderSchema = z
  .looseObject({
    uuid: z.string(),
    status: text,
    gig_slug: text,
    buyer_username: text,
    seller_username: text,
    total: num,
    currency: text,
    due_at: stamp,
    created_at: stamp,
  })
  .transform((o) => ({
    id: o.uuid,
    status: o.status,
    gigSlug: o.gig_slug,
    buyerUsername: o.buyer_username,
    sellerUsername: o.seller_username,
    total: o.total,
    currency: o.currency,
    dueAt: o.due_at,
    createdAt: o.created_at,
    attributes: o as Record<string, unknown>,
  }));
export type OrderRecord = z.output<typeof orderSchema>;

export const deliverySchema = z
  .looseObject({ id, order_uuid: text, message: text, files: strings, created_at: stamp })
  .transform((d) => ({ id: d.id, orderId: d.order_uuid, message: d.message, files: d.files, createdAt: d.created_at, attributes: d as Record<string, unknown> }));
export type DeliveryRecord = z.output<typeof deliverySchema>;

export const revisionSchema = z
  .looseObject({ id, order_uuid: text, reason: text, created_at: stamp })
  .transform((r) => ({ id: r.id, orderId: r.order_uuid, reason: r.reason, createdAt: r.created_at, attributes: r as Record<string, unknown> }));
export type RevisionRecord = z.output<typeof revisionSchema>;

export const categorySchema = z
  .looseObject({ slug: z.string(), name: text, parent_slug: text, gigs_count: num })
  .transform((c) => ({ slug: c.slug, name: c.name, parentSlug: c.parent_slug, gigsCount: c.gigs_count, attributes: c as Record<string, unknown> }));
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

/**
 * Resources the document shows no fields for (offers, proposals, campaigns,
 * media, ...): the contract (section 4) types only the identifier, the status
 * and what links need, and keeps the whole object as `attributes`. `extra`
 * maps the few snake_case fields a link or a typed field relies on.
 */
export function resourceSchema<E extends z.ZodRawShape>(extra: E, idField: 'uuid' | 'id' | 'slug' = 'uuid') {
  return z
    .looseObject({ [idField]: id, status: text, ...extra } as { [k: string]: z.ZodType } & E)
    .transform((raw) => ({ ...(raw as Record<string, unknown>), id: String(raw[idField]), status: (raw.status as string | null) ?? null, attributes: raw as Record<string, unknown> }));
}

/** An object payload with no identifier (wallet, summaries, stats): kept whole as `attributes`. */
export const objectSchema = z.looseObject({}).transform((raw) => ({ attributes: raw as Record<string, unknown> }));
export type ObjectRecord = z.output<typeof objectSchema>;

// Section A, helper A: gig pricing and quotes, discovery, the order lifecycle,
// buyer requests and proposals, custom offers and media. Field lists are the
// sandbox README's; anything else the upstream sends stays in `attributes`.
const int = z.coerce.number().int().nullish().transform((v) => v ?? null);
const bool = z.boolean().nullish().transform((v) => v ?? null);
const whole = <T extends Record<string, unknown>>(raw: T) => raw as Record<string, unknown>;

export const gigPackageSchema = z
  .looseObject({ name: z.string(), price: num, delivery_days: int, revisions: int, features: strings })
  .transform((p) => ({ name: p.name, price: p.price, deliveryDays: p.delivery_days, revisions: p.revisions, features: p.features, attributes: whole(p) }));
export const gigPricingSchema = z
  .looseObject({ gig_slug: z.string(), currency: text, packages: z.array(gigPackageSchema).nullish().transform((v) => v ?? []) })
  .transform((p) => ({ gigSlug: p.gig_slug, currency: p.currency, packages: p.packages, attributes: whole(p) }));
export type GigPricingRecord = z.output<typeof gigPricingSchema>;

export const gigQuoteSchema = z
  .looseObject({
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
  })
  .transform((q) => ({
    gigSlug: q.gig_slug,
    package: q.package,
    quantity: q.quantity,
    express: q.express,
    unitPrice: q.unit_price,
    subtotal: q.subtotal,
    serviceFee: q.service_fee,
    total: q.total,
    currency: q.currency,
    deliveryDays: q.delivery_days,
    expiresAt: q.expires_at,
    attributes: whole(q),
  }));
export type GigQuoteRecord = z.output<typeof gigQuoteSchema>;

export const gigFavoriteSchema = z
  .looseObject({ gig_slug: z.string(), favorited: z.boolean() })
  .transform((f) => ({ gigSlug: f.gig_slug, favorited: f.favorited, attributes: whole(f) }));
export type GigFavoriteRecord = z.output<typeof gigFavoriteSchema>;

export const searchSuggestionSchema = z
  .looseObject({ type: text, text: z.string(), value: text })
  .transform((s) => ({ type: s.type, text: s.text, value: s.value, attributes: whole(s) }));
export type SearchSuggestionRecord = z.output<typeof searchSuggestionSchema>;

export const gigCollectionSchema = z
  .looseObject({ uuid: id, username: text, name: text, description: text, is_public: bool, gig_slugs: strings, gigs_count: int, created_at: stamp })
  .transform((c) => ({
    id: c.uuid,
    username: c.username,
    name: c.name,
    description: c.description,
    isPublic: c.is_public,
    gigSlugs: c.gig_slugs,
    gigsCount: c.gigs_count,
    createdAt: c.created_at,
    attributes: whole(c),
  }));
export type GigCollectionRecord = z.output<typeof gigCollectionSchema>;

export const savedSearchSchema = z
  .looseObject({ uuid: id, query: text, category_slug: text, max_price: num, notify: bool, created_at: stamp })
  .transform((s) => ({ id: s.uuid, query: s.query, categorySlug: s.category_slug, maxPrice: s.max_price, notify: s.notify, createdAt: s.created_at, attributes: whole(s) }));
export type SavedSearchRecord = z.output<typeof savedSearchSchema>;

export const orderCountdownSchema = z
  .looseObject({ status: text, due_at: stamp, now: stamp, running: bool, seconds_remaining: int, overdue: bool })
  .transform((c) => ({
    status: c.status,
    dueAt: c.due_at,
    now: c.now,
    running: c.running,
    secondsRemaining: c.seconds_remaining,
    overdue: c.overdue,
    attributes: whole(c),
  }));
export type OrderCountdownRecord = z.output<typeof orderCountdownSchema>;

export const orderExtensionSchema = z
  .looseObject({
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
  })
  .transform((e) => ({
    id: e.uuid,
    orderId: e.order_uuid,
    status: e.status,
    days: e.days,
    reason: e.reason,
    requestedBy: e.requested_by,
    respondedBy: e.responded_by,
    respondedAt: e.responded_at,
    createdAt: e.created_at,
    orderDueAt: e.order_due_at,
    attributes: whole(e),
  }));
export type OrderExtensionRecord = z.output<typeof orderExtensionSchema>;

export const orderTimelineEventSchema = z
  .looseObject({ type: z.string(), actor_username: text, at: stamp, detail: z.unknown() })
  .transform((e) => ({ type: e.type, actorUsername: e.actor_username, at: e.at, detail: e.detail ?? null, attributes: whole(e) }));
export type OrderTimelineEventRecord = z.output<typeof orderTimelineEventSchema>;

export const orderFileSchema = z
  .looseObject({ name: z.string(), delivery_id: id.nullish(), url: text, created_at: stamp })
  .transform((f) => ({ name: f.name, deliveryId: f.delivery_id ?? null, url: f.url, createdAt: f.created_at, attributes: whole(f) }));
export type OrderFileRecord = z.output<typeof orderFileSchema>;

export const cartEntrySchema = z
  .looseObject({ uuid: id, order_uuid: text, gig_slug: text, package: text, quantity: int, price: num, currency: text, created_at: stamp })
  .transform((c) => ({
    id: c.uuid,
    orderId: c.order_uuid,
    gigSlug: c.gig_slug,
    package: c.package,
    quantity: c.quantity,
    price: c.price,
    currency: c.currency,
    createdAt: c.created_at,
    attributes: whole(c),
  }));
export type CartEntryRecord = z.output<typeof cartEntrySchema>;

export const buyerRequestSchema = z
  .looseObject({
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
  })
  .transform((r) => ({
    id: r.uuid,
    status: r.status,
    buyerUsername: r.buyer_username,
    title: r.title,
    description: r.description,
    categorySlug: r.category_slug,
    budget: r.budget,
    currency: r.currency,
    deliveryDays: r.delivery_days,
    proposalsCount: r.proposals_count,
    createdAt: r.created_at,
    attributes: whole(r),
  }));
export type BuyerRequestRecord = z.output<typeof buyerRequestSchema>;

export const proposalSchema = z
  .looseObject({
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
  })
  .transform((p) => ({
    id: p.uuid,
    status: p.status,
    requestId: p.request_uuid,
    requestTitle: p.request_title,
    sellerUsername: p.seller_username,
    buyerUsername: p.buyer_username,
    message: p.message,
    price: p.price,
    deliveryDays: p.delivery_days,
    counterPrice: p.counter_price,
    counterDeliveryDays: p.counter_delivery_days,
    counterMessage: p.counter_message,
    currency: p.currency,
    offerId: p.offer_uuid,
    createdAt: p.created_at,
    attributes: whole(p),
  }));
export type ProposalRecord = z.output<typeof proposalSchema>;

export const mediaSchema = z
  .looseObject({
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
  })
  .transform((m) => ({
    id: m.uuid,
    ownerUsername: m.owner_username,
    filename: m.filename,
    contentType: m.content_type,
    kind: m.kind,
    size: m.size,
    title: m.title,
    altText: m.alt_text,
    url: m.url,
    createdAt: m.created_at,
    updatedAt: m.updated_at,
    attributes: whole(m),
  }));
export type MediaRecord = z.output<typeof mediaSchema>;

/** An attachment is a whole media object, or (in a leaner deployment) only its id. */
const attachmentSchema = z.union([mediaSchema, id]);

export const offerSchema = z
  .looseObject({
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
  })
  .transform((o) => ({
    id: o.uuid,
    status: o.status,
    sellerUsername: o.seller_username,
    buyerUsername: o.buyer_username,
    senderUsername: o.sender_username,
    recipientUsername: o.recipient_username,
    gigSlug: o.gig_slug,
    title: o.title,
    description: o.description,
    price: o.price,
    currency: o.currency,
    deliveryDays: o.delivery_days,
    attachments: o.attachments,
    parentId: o.parent_uuid,
    counteredById: o.countered_by_uuid,
    proposalId: o.proposal_uuid,
    orderId: o.order_uuid,
    expiresAt: o.expires_at,
    createdAt: o.created_at,
    updatedAt: o.updated_at,
    attributes: whole(o),
  }));
export type OfferRecord = z.output<typeof offerSchema>;

/** `DELETE /media/{uuid}`: `{uuid, deleted}`. */
export const deletedSchema = z.looseObject({ deleted: z.boolean().optional() }).transform((d) => ({ deleted: d.deleted ?? true }));

// ── Section A (orders, reviews, requests, proposals, offers, media, user/seller/gig extras): add schemas above this line.

/**
 * Section B records whose fields the sandbox README documents: the listed
 * snake_case keys become camelCase (`uuid` becomes `id`, as for orders), and
 * the whole object stays in `attributes`. One helper instead of a hand-written
 * transform per resource, so a renamed upstream field is a one-word change.
 */
type CamelCase<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelCase<T>>}` : S;
type CamelKey<K> = K extends 'uuid' ? 'id' : K extends string ? CamelCase<K> : never;
export type CamelRecord<S extends z.ZodRawShape> = { [K in keyof S as CamelKey<K>]: z.output<S[K]> } & { attributes: Record<string, unknown> };

const camelKey = (key: string) => (key === 'uuid' ? 'id' : key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()));

export function camelRecord<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject(shape).transform((raw) => {
    const out: Record<string, unknown> = { attributes: raw as Record<string, unknown> };
    for (const key of Object.keys(shape)) out[camelKey(key)] = (raw as Record<string, unknown>)[key];
    return out as CamelRecord<S>;
  });
}

const flag = z.boolean().nullish().transform((v) => v ?? null);
const uuid = z.string();

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

// ── Section B (platform, mobile, messaging, notifications, wallet, AI, advertising, CRM): add schemas above this line.
