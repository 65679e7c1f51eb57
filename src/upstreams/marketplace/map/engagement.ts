/** Messaging, notifications and wallet; AI helpers; advertising; CRM and following. */
import { z } from 'zod';
import { bool, text, num, stamp, strings, uuid, graphShape } from '../graph-shape.js';
import { gigSchema } from './core.js';

// Messaging, notifications, wallet.
export const messageSchema = graphShape({
  uuid,
  conversation_uuid: text,
  sender_username: text,
  body: text,
  reactions: z
    .array(graphShape({ emoji: z.string(), count: num, usernames: strings }))
    .nullish()
    .transform((v) => v ?? []),
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
  participants: z.array(graphShape({ username: z.string(), online: bool, typing: bool, last_seen_at: stamp })),
});
export type PresenceShape = z.output<typeof presenceSchema>;
export const notificationSchema = graphShape({ uuid, type: text, title: text, data: z.unknown(), read_at: stamp, created_at: stamp });
export type NotificationShape = z.output<typeof notificationSchema>;
const transactionSchema = graphShape({ uuid, type: text, amount: num, description: text, created_at: stamp });
export const walletSchema = graphShape({
  balance: num,
  pending: num,
  currency: text,
  transactions: z
    .array(transactionSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type WalletShape = z.output<typeof walletSchema>;

// AI helpers.
export const aiSummarySchema = graphShape({
  credits_total: num,
  credits_used: num,
  credits_remaining: num,
  features: z
    .array(graphShape({ kind: z.string(), name: text, credits: num }))
    .nullish()
    .transform((v) => v ?? []),
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
  feedback: z
    .looseObject({ rating: num, comment: text })
    .nullish()
    .transform((v) => v ?? null),
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
  interpretation: graphShape({ search: text, category_slug: text, max_price: num, delivery_days: num })
    .nullish()
    .transform((v) => v ?? null),
  total: num,
  gigs: z
    .array(gigSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type AiSearchShape = z.output<typeof aiSearchSchema>;
export const aiMessageDraftSchema = graphShape({ tone: text, draft: z.string() });
export type AiMessageDraftShape = z.output<typeof aiMessageDraftSchema>;

// Advertising.
export const promotionProductSchema = graphShape({
  slug: z.string(),
  name: text,
  description: text,
  pricing_model: text,
  min_daily_budget: num,
  currency: text,
});
export type PromotionProductShape = z.output<typeof promotionProductSchema>;
export const sponsoredPlacementSchema = graphShape({
  campaign_uuid: text,
  placement: text,
  gig: gigSchema.nullish().transform((v) => v ?? null),
});
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
  analytics: graphShape({
    days_running: num,
    impressions: num,
    clicks: num,
    ctr: num,
    orders: num,
    conversion_rate: num,
    spend: num,
    currency: text,
  })
    .nullish()
    .transform((v) => v ?? null),
});
export type AdCampaignShape = z.output<typeof adCampaignSchema>;
export const adWalletSchema = graphShape({
  balance: num,
  currency: text,
  transactions: z
    .array(graphShape({ uuid, type: text, amount: num, created_at: stamp }))
    .nullish()
    .transform((v) => v ?? []),
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
  notes: z
    .array(crmNoteSchema)
    .nullish()
    .transform((v) => v ?? null),
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
