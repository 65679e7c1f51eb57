/**
 * Records → wire objects. Everything derived (ratings, review and gig counts,
 * CRM totals, campaign analytics, urls) is computed here from the records at
 * the moment of the answer, so a new review or order shows up everywhere at once.
 */
import type * as R from './records.js';
import { newestFirst, type MarketplaceState } from './state.js';

const round1 = (n: number) => Math.round(n * 10) / 10;
const round2 = (n: number) => Math.round(n * 100) / 100;

/** Average rating (1 decimal, 0 without reviews) and count of a set of reviews. */
function ratingOf(reviews: readonly R.ReviewRecord[]): { rating: number; reviews_count: number } {
  if (reviews.length === 0) return { rating: 0, reviews_count: 0 };
  return { rating: round1(reviews.reduce((sum, r) => sum + r.rating, 0) / reviews.length), reviews_count: reviews.length };
}

export const presentUser = (u: R.UserRecord) => ({
  username: u.username,
  name: u.name,
  avatar_url: u.avatar_url,
  country: u.country,
  created_at: u.created_at,
  is_seller: u.is_seller,
});

export const presentMe = (u: R.UserRecord) => ({ ...presentUser(u), email: u.email });

export function presentSeller(state: MarketplaceState, username: string) {
  const user = state.users.get(username)!;
  const profile = state.sellers.get(username)!;
  const gigs = state.gigsOf(username);
  return {
    username,
    name: user.name,
    headline: profile.headline,
    ...ratingOf(gigs.flatMap((g) => state.reviewsOf(g.slug))),
    avatar_url: user.avatar_url,
    country: user.country,
    level: profile.level,
    languages: profile.languages,
    gigs_count: gigs.length,
    created_at: user.created_at,
  };
}

export function presentSellerProfile(state: MarketplaceState, username: string) {
  const profile = state.sellers.get(username)!;
  const orders = state.ordersOf(username).filter((o) => o.seller_username === username);
  const done = orders.filter((o) => o.status === 'completed');
  return {
    ...presentSeller(state, username),
    bio: profile.bio,
    skills: profile.skills,
    response_time_hours: profile.response_time_hours,
    completed_orders: done.length,
    on_time_rate: orders.length ? round2(done.length / orders.length) : 1,
    followers_count: [...state.follows.values()].filter((s) => s.has(username)).length,
    portfolio_count: state.portfolio.get(username)?.length ?? 0,
  };
}

export const presentGig = (state: MarketplaceState, g: R.GigRecord) => ({
  slug: g.slug,
  title: g.title,
  description: g.description,
  seller_username: g.seller_username,
  category_slug: g.category_slug,
  price_from: g.price_from,
  currency: g.currency,
  ...ratingOf(state.reviewsOf(g.slug)),
  delivery_days: g.delivery_days,
  created_at: g.created_at,
});

export const presentReview = (r: R.ReviewRecord) => ({
  id: r.id,
  gig_slug: r.gig_slug,
  order_uuid: r.order_uuid,
  rating: r.rating,
  comment: r.comment,
  reviewer_username: r.reviewer_username,
  created_at: r.created_at,
});

export const reviewOfOrder = (state: MarketplaceState, o: R.OrderRecord) =>
  state.reviewsOf(o.gig_slug).find((r) => r.order_uuid === o.uuid);

export const presentOrder = (state: MarketplaceState, o: R.OrderRecord) => ({
  uuid: o.uuid,
  status: o.status,
  gig_slug: o.gig_slug,
  buyer_username: o.buyer_username,
  seller_username: o.seller_username,
  package: o.package,
  quantity: o.quantity,
  requirements: o.requirements,
  total: o.total,
  currency: o.currency,
  due_at: o.due_at,
  created_at: o.created_at,
  updated_at: o.updated_at,
  offer_uuid: o.offer_uuid,
  deliveries_count: state.deliveries.get(o.uuid)?.length ?? 0,
  revisions_count: state.revisions.get(o.uuid)?.length ?? 0,
  review_id: reviewOfOrder(state, o)?.id ?? null,
});

/** Parent categories count the gigs of their children. */
export function presentCategories(state: MarketplaceState) {
  const counts = new Map<string, number>();
  for (const g of state.gigs) counts.set(g.category_slug, (counts.get(g.category_slug) ?? 0) + 1);
  return state.categories.map((c) => ({
    slug: c.slug,
    name: c.name,
    parent_slug: c.parent_slug,
    gigs_count: state.categories
      .filter((x) => x.slug === c.slug || x.parent_slug === c.slug)
      .reduce((sum, x) => sum + (counts.get(x.slug) ?? 0), 0),
  }));
}

const kindOf = (contentType: string) =>
  contentType.startsWith('image/')
    ? 'image'
    : contentType.startsWith('video/')
      ? 'video'
      : contentType.startsWith('audio/')
        ? 'audio'
        : 'document';

export const presentMedia = (m: R.MediaRecord) => ({
  uuid: m.uuid,
  owner_username: m.owner_username,
  filename: m.filename,
  content_type: m.content_type,
  kind: kindOf(m.content_type),
  size: m.size,
  title: m.title,
  alt_text: m.alt_text,
  url: `https://media.sandbox.example/${m.uuid}/${encodeURIComponent(m.filename)}`,
  created_at: m.created_at,
  updated_at: m.updated_at,
});

export const presentOffer = (state: MarketplaceState, o: R.OfferRecord) => ({
  ...o,
  attachments: o.attachments.flatMap((uuid) => {
    const m = state.media.get(uuid);
    return m ? [presentMedia(m)] : [];
  }),
});

export const presentRequest = (state: MarketplaceState, r: R.BuyerRequestRecord) => ({
  ...r,
  proposals_count: [...state.proposals.values()].filter((p) => p.request_uuid === r.uuid).length,
});

export const presentAiRequest = (a: R.AiRequestRecord) => ({
  uuid: a.uuid,
  username: a.username,
  kind: a.kind,
  prompt: a.prompt,
  status: a.status,
  result: a.result,
  error: a.error,
  credits_used: a.credits_used,
  feedback: a.feedback_rating === null ? null : { rating: a.feedback_rating, comment: a.feedback_comment },
  created_at: a.created_at,
  updated_at: a.updated_at,
});

/** A stable number from a string, for simulated analytics. */
function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function presentCampaign(state: MarketplaceState, c: R.AdCampaignRecord, withAnalytics: boolean) {
  const base = { ...c };
  if (!withAnalytics) return base;
  const days = Math.max(0, Math.floor((state.nowMs() - Date.parse(c.starts_at)) / 86_400_000));
  const activeDays = c.status === 'active' ? days : Math.floor(days / 2);
  const impressions = activeDays * (200 + (hash(c.uuid) % 500));
  const clicks = Math.floor(impressions * (0.01 + (hash(c.uuid + 'c') % 40) / 1000));
  const orders = Math.floor(clicks * 0.04);
  const spend = round2(Math.min(activeDays * c.daily_budget, clicks * 0.35));
  return {
    ...base,
    analytics: {
      days_running: days,
      impressions,
      clicks,
      ctr: impressions ? round2((clicks / impressions) * 100) : 0,
      orders,
      conversion_rate: clicks ? round2((orders / clicks) * 100) : 0,
      spend,
      currency: c.currency,
    },
  };
}

export function presentCrmCustomer(state: MarketplaceState, c: R.CrmCustomerRecord, withNotes: boolean) {
  const user = state.users.get(c.username)!;
  const orders = state.ordersOf(c.username).filter((o) => o.seller_username === c.seller_username && o.status !== 'cancelled');
  const last = orders[0]?.created_at ?? null;
  const inactive = last === null || state.nowMs() - Date.parse(last) > 90 * 86_400_000;
  const base = {
    uuid: c.uuid,
    seller_username: c.seller_username,
    username: c.username,
    name: user.name,
    avatar_url: user.avatar_url,
    country: user.country,
    status: inactive ? 'inactive' : 'active',
    orders_count: orders.length,
    total_spent: round2(orders.reduce((sum, o) => sum + o.total, 0)),
    currency: 'USD',
    last_order_at: last,
    tags: c.tags,
    notes_count: state.crmNotes.filter((n) => n.customer_uuid === c.uuid).length,
    created_at: c.created_at,
  };
  if (!withNotes) return base;
  return { ...base, notes: state.crmNotes.filter((n) => n.customer_uuid === c.uuid).sort(newestFirst) };
}

export function presentConversation(state: MarketplaceState, c: R.ConversationRecord, viewer: string) {
  const messages = [...state.messages.values()].filter((m) => m.conversation_uuid === c.uuid).sort(newestFirst);
  const last = messages[0];
  return {
    uuid: c.uuid,
    participants: c.participants,
    subject: c.subject,
    order_uuid: c.order_uuid,
    messages_count: messages.length,
    last_message: last ? presentMessage(last) : null,
    with_username: c.participants.find((p) => p !== viewer) ?? viewer,
    created_at: c.created_at,
    updated_at: last?.created_at ?? c.created_at,
  };
}

export const presentMessage = (m: R.MessageRecord) => ({
  uuid: m.uuid,
  conversation_uuid: m.conversation_uuid,
  sender_username: m.sender_username,
  body: m.body,
  reactions: Object.entries(m.reactions).map(([emoji, usernames]) => ({ emoji, count: usernames.length, usernames })),
  created_at: m.created_at,
});
