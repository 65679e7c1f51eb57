/**
 * Seeds a marketplace state deterministically from one number: users and
 * seller studios, categories, gigs and their reviews, orders with deliveries,
 * revisions and extensions, and the smaller worlds around them (offers,
 * requests, media, CRM, messaging, wallets: data-social.ts and
 * data-commerce.ts). Same seed, same marketplace; timestamps come from the
 * fixed clock of `../seed.ts`, all before its epoch.
 */
import { between, isoAt, pick } from '../seed.js';
import { seedCommerce } from './data-commerce.js';
import { seedSocial } from './data-social.js';
import { addDays, DAY, daysAgo, within } from './dates.js';
import { BUYERS, DEMO_BUYER_USERNAME, FIRST_SELLER_USERNAME, SECOND_BUYER_USERNAME, SELLERS } from './demo-users.js';
import { PACKAGE_NAMES, priceOf } from './pricing.js';
import type * as R from './records.js';
import {
  CATEGORIES,
  COUNTRIES,
  DELIVERY_MESSAGES,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_OPENERS,
  FILE_NAMES,
  GIG_CORES,
  GIG_SUFFIXES,
  HEADLINES,
  LANGUAGES,
  REVIEW_COMMENTS,
  REVISION_REASONS,
  shuffle,
  slugify,
  weightedRating,
} from './seed-words.js';
import type { MarketplaceState } from './state.js';

export function seedMarketplace(state: MarketplaceState): void {
  const random = state.random;
  const user = (username: string, name: string, isSeller: boolean, minDays: number, maxDays: number): R.UserRecord => ({
    username,
    name,
    email: `${username}@example.com`,
    avatar_url: `https://avatars.sandbox.example/${username}.png`,
    country: pick(random, COUNTRIES),
    created_at: isoAt(daysAgo(random, minDays, maxDays)),
    is_seller: isSeller,
  });

  for (const [username, name] of BUYERS) state.users.set(username, user(username, name, false, 400, 900));

  const parents = CATEGORIES.filter((c) => c.parent_slug === null);
  const leaves = CATEGORIES.filter((c) => c.parent_slug !== null);
  state.categories = [...CATEGORIES];

  // Sellers and their gigs.
  const drafts: Omit<R.ReviewRecord, 'id'>[] = [];
  const gigs: R.GigRecord[] = [];
  const slugs = new Set<string>();
  SELLERS.forEach(([username, name], index) => {
    const seller = user(username, name, true, 500, 1200);
    state.users.set(username, seller);
    const home = index === 0 ? parents[0]! : pick(random, parents);
    state.sellers.set(username, {
      username,
      headline: pick(random, HEADLINES[home.slug]!),
      level: index === 0 ? 'top_rated' : pick(random, ['new', 'level_one', 'level_one', 'level_two', 'top_rated'] as const),
      languages: [...new Set(['English', pick(random, LANGUAGES), pick(random, LANGUAGES)])],
      bio: `${name} is a ${home.name.toLowerCase()} studio based in ${seller.country}.`,
      skills: leaves.filter((l) => l.parent_slug === home.slug).map((l) => l.name),
      response_time_hours: between(random, 1, 24),
      availability: pick(random, ['available', 'available', 'busy', 'away'] as const),
    });
    const homeLeaves = leaves.filter((l) => l.parent_slug === home.slug);
    const count = index === 0 ? 28 : between(random, 5, 13);
    for (let g = 0; g < count; g++) {
      const leaf = index === 0 || random() < 0.85 ? pick(random, homeLeaves) : pick(random, leaves);
      const core = pick(random, GIG_CORES[leaf.slug]!);
      const suffix = pick(random, GIG_SUFFIXES);
      const base = slugify(`${username} ${core} ${suffix}`);
      let slug = base;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      slugs.add(slug);
      const createdAt = isoAt(daysAgo(random, 30, 700));
      gigs.push({
        slug,
        title: `I will ${core}${suffix ? ` ${suffix}` : ''}`,
        description: `${pick(random, DESCRIPTION_OPENERS)} I will ${core} in the ${leaf.name.toLowerCase()} style that fits you. ${pick(random, DESCRIPTION_CLOSERS)}`,
        seller_username: username,
        category_slug: leaf.slug,
        price_from: between(random, 1, 60) * 5,
        currency: 'USD',
        delivery_days: between(random, 1, 14),
        created_at: createdAt,
      });
    }
  });
  const buyerNames = BUYERS.map(([u]) => u);
  gigs.forEach((gig, k) => {
    const n = k % 20 === 0 ? between(random, 20, 30) : between(random, 0, 12);
    for (let i = 0; i < n; i++) {
      drafts.push({
        gig_slug: gig.slug,
        order_uuid: null,
        rating: weightedRating(random),
        comment: pick(random, REVIEW_COMMENTS),
        reviewer_username: pick(random, buyerNames),
        created_at: within(random, gig.created_at, isoAt(-DAY)),
      });
    }
  });
  state.gigs = gigs.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : a.slug < b.slug ? -1 : 1));
  for (const gig of state.gigs) state.gigsBySlug.set(gig.slug, gig);

  // Orders.
  const firstSellerGigs = gigs.filter((g) => g.seller_username === FIRST_SELLER_USERNAME);
  const makeOrder = (buyer: string, gig: R.GigRecord, status: R.OrderStatus): R.OrderRecord => {
    const active = status !== 'completed' && status !== 'cancelled';
    const createdAt = isoAt(active ? daysAgo(random, 1, 10) : daysAgo(random, 20, 365));
    const pkg = pick(random, PACKAGE_NAMES);
    const quantity = random() < 0.85 ? 1 : 2;
    const order: R.OrderRecord = {
      uuid: state.uuid(),
      status,
      gig_slug: gig.slug,
      buyer_username: buyer,
      seller_username: gig.seller_username,
      package: pkg,
      quantity,
      requirements: random() < 0.7 ? 'Brand name, colours and two examples I like are attached.' : null,
      total: priceOf(gig, pkg, quantity),
      currency: 'USD',
      due_at: addDays(createdAt, gig.delivery_days),
      created_at: createdAt,
      updated_at: createdAt,
      offer_uuid: null,
    };
    state.orders.set(order.uuid, order);
    seedOrderHistory(state, order, drafts);
    state.crmCustomerFor(order.seller_username, buyer, order.created_at, false);
    return order;
  };
  const statusesFor = (counts: Partial<Record<R.OrderStatus, number>>) =>
    shuffle(
      random,
      Object.entries(counts).flatMap(([status, n]) => Array<R.OrderStatus>(n).fill(status as R.OrderStatus)),
    );
  const otherGigs = (buyer: string) => gigs.filter((g) => g.seller_username !== buyer);

  const aliceOrders = statusesFor({ completed: 16, delivered: 6, in_progress: 8, pending: 4, revision_requested: 4, cancelled: 6 }).map(
    (status, i) =>
      makeOrder(DEMO_BUYER_USERNAME, i % 3 === 0 ? pick(random, firstSellerGigs) : pick(random, otherGigs(DEMO_BUYER_USERNAME)), status),
  );
  statusesFor({ completed: 3, delivered: 2, in_progress: 2, pending: 1, revision_requested: 1, cancelled: 1 }).forEach((status, i) =>
    makeOrder(SECOND_BUYER_USERNAME, i % 4 === 0 ? pick(random, firstSellerGigs) : pick(random, gigs), status),
  );
  const statuses: R.OrderStatus[] = [
    'completed',
    'completed',
    'completed',
    'delivered',
    'in_progress',
    'pending',
    'revision_requested',
    'cancelled',
  ];
  for (const buyer of buyerNames.slice(2)) {
    const n = between(random, 1, 5);
    for (let i = 0; i < n; i++)
      makeOrder(buyer, random() < 0.3 ? pick(random, firstSellerGigs) : pick(random, gigs), pick(random, statuses));
  }

  // Every review gets its id in chronological order, so newest first is also highest id first.
  drafts.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  for (const draft of drafts) state.addReview({ id: state.nextReviewId++, ...draft });

  // Deadline extensions: one pending (requested by the seller) and one approved.
  const inProgress = aliceOrders.filter((o) => o.status === 'in_progress');
  const [pendingExt, approvedExt] = inProgress;
  if (pendingExt) {
    const ext: R.ExtensionRecord = {
      uuid: state.uuid(),
      order_uuid: pendingExt.uuid,
      days: 3,
      reason: 'Waiting for your brand assets.',
      status: 'pending',
      requested_by: pendingExt.seller_username,
      responded_by: null,
      responded_at: null,
      created_at: within(random, pendingExt.created_at, isoAt(-60)),
    };
    state.extensions.set(ext.uuid, ext);
  }
  if (approvedExt) {
    const at = within(random, approvedExt.created_at, isoAt(-60));
    const ext: R.ExtensionRecord = {
      uuid: state.uuid(),
      order_uuid: approvedExt.uuid,
      days: 2,
      reason: 'Extra round of sketches.',
      status: 'approved',
      requested_by: approvedExt.seller_username,
      responded_by: approvedExt.buyer_username,
      responded_at: at,
      created_at: at,
    };
    state.extensions.set(ext.uuid, ext);
    approvedExt.due_at = addDays(approvedExt.due_at, ext.days);
  }

  seedSocial(state, aliceOrders);
  seedCommerce(state, aliceOrders);
}

/** Deliveries, revisions and (for some completed orders) the buyer's review, consistent with the status. */
function seedOrderHistory(state: MarketplaceState, order: R.OrderRecord, reviews: Omit<R.ReviewRecord, 'id'>[]): void {
  const random = state.random;
  const deliveryCount = {
    pending: 0,
    in_progress: 0,
    cancelled: 0,
    delivered: between(random, 1, 3),
    revision_requested: between(random, 1, 2),
    completed: between(random, 1, 3),
  }[order.status];
  const revisionCount = order.status === 'revision_requested' ? deliveryCount : Math.max(0, Math.min(2, deliveryCount - 1));
  const end = order.status === 'completed' || order.status === 'cancelled' ? addDays(order.created_at, 18) : isoAt(-30);
  let at = order.created_at;
  const deliveries: R.DeliveryRecord[] = [];
  const revisions: R.RevisionRecord[] = [];
  for (let i = 0; i < deliveryCount; i++) {
    at = within(random, at, end);
    deliveries.push({
      id: state.nextDeliveryId++,
      order_uuid: order.uuid,
      message: DELIVERY_MESSAGES[Math.min(i, 2)]!,
      files: [pick(random, FILE_NAMES), pick(random, FILE_NAMES)].filter((f, j, all) => all.indexOf(f) === j),
      created_at: at,
    });
    if (revisions.length < revisionCount) {
      at = within(random, at, end);
      revisions.push({ id: state.nextRevisionId++, order_uuid: order.uuid, reason: pick(random, REVISION_REASONS), created_at: at });
    }
  }
  if (deliveries.length) state.deliveries.set(order.uuid, deliveries);
  if (revisions.length) state.revisions.set(order.uuid, revisions);
  order.updated_at = at;
  if (order.status === 'completed' && random() < 0.5) {
    reviews.push({
      gig_slug: order.gig_slug,
      order_uuid: order.uuid,
      rating: weightedRating(random),
      comment: pick(random, REVIEW_COMMENTS),
      reviewer_username: order.buyer_username,
      created_at: within(random, at, addDays(at, 2)),
    });
  }
}
