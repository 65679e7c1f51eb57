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

// ── Section A (orders, reviews, requests, proposals, offers, media, user/seller/gig extras): add schemas above this line.

// ── Section B (platform, mobile, messaging, notifications, wallet, AI, advertising, CRM): add schemas above this line.
