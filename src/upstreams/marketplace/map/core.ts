/** The core graph: users, sellers, gigs, reviews, orders with deliveries and revisions, categories, and the API description. */
import { z } from 'zod';
import { id, text, num, stamp, strings, uuid, graphShape } from '../graph-shape.js';

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
