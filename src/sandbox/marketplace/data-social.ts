import { between, isoAt, pick } from '../seed.js';
import { daysAgo, within } from './dates.js';
import { BUYERS, DEMO_BUYER_USERNAME, FIRST_SELLER_USERNAME } from './demo-users.js';
import type * as R from './records.js';
import { PROJECT_TITLES, shuffle, slugify, TESTIMONIAL_QUOTES } from './seed-words.js';
import type { MarketplaceState } from './state.js';

/** Conversations, notifications, favorites, follows, collections, saved searches, portfolio and testimonials. */
export function seedSocial(state: MarketplaceState, aliceOrders: R.OrderRecord[]): void {
  const random = state.random;
  const pairs = new Map<string, R.OrderRecord>();
  for (const order of [...aliceOrders, ...state.ordersOf(FIRST_SELLER_USERNAME)]) {
    const key = `${order.buyer_username}|${order.seller_username}`;
    if (!pairs.has(key) && pairs.size < 14) pairs.set(key, order);
  }
  for (const order of pairs.values()) {
    const gig = state.gigsBySlug.get(order.gig_slug)!;
    const conversation: R.ConversationRecord = {
      uuid: state.uuid(),
      participants: [order.buyer_username, order.seller_username],
      subject: gig.title,
      order_uuid: order.uuid,
      created_at: order.created_at,
    };
    state.conversations.set(conversation.uuid, conversation);
    let at = order.created_at;
    const lines = [
      'Hi! Quick question before we start.',
      'Sure, happy to help.',
      'Can you include the source files?',
      'Yes, they are part of every package.',
      'Perfect, thank you!',
    ];
    const n = between(random, 2, 5);
    for (let i = 0; i < n; i++) {
      at = within(random, at, isoAt(-10));
      const message: R.MessageRecord = {
        uuid: state.uuid(),
        conversation_uuid: conversation.uuid,
        sender_username: conversation.participants[i % 2]!,
        body: lines[i]!,
        reactions: i === 1 ? { '👍': [order.buyer_username] } : {},
        created_at: at,
      };
      state.messages.set(message.uuid, message);
    }
  }

  const notes: R.NotificationRecord[] = [];
  for (const order of [...aliceOrders, ...state.ordersOf(FIRST_SELLER_USERNAME)]) {
    const type = {
      pending: 'order.created',
      in_progress: 'order.started',
      delivered: 'order.delivered',
      revision_requested: 'order.revision.requested',
      completed: 'order.completed',
      cancelled: 'order.cancelled',
    }[order.status];
    for (const username of [order.buyer_username, order.seller_username]) {
      if (username !== DEMO_BUYER_USERNAME && username !== FIRST_SELLER_USERNAME) continue;
      if (notes.some((n) => n.username === username && n.data.uuid === order.uuid)) continue;
      const old = order.status === 'completed' || order.status === 'cancelled';
      notes.push({
        uuid: state.uuid(),
        username,
        type,
        title: `Order ${order.status.replace('_', ' ')}`,
        data: { uuid: order.uuid, buyer_username: order.buyer_username, seller_username: order.seller_username },
        read_at: old ? order.updated_at : null,
        created_at: order.updated_at,
      });
    }
  }
  state.notifications.push(...notes.sort((a, b) => (a.created_at < b.created_at ? 1 : -1)));

  const gigs = state.gigs.filter((g) => g.seller_username !== DEMO_BUYER_USERNAME);
  const favorites = state.setOf(state.favorites, DEMO_BUYER_USERNAME);
  while (favorites.size < 6) favorites.add(pick(random, gigs).slug);
  const sellerNames = [...state.sellers.keys()];
  const saved = state.setOf(state.savedStudios, DEMO_BUYER_USERNAME);
  saved.add(FIRST_SELLER_USERNAME).add(sellerNames[3]!);
  const follows = state.setOf(state.follows, DEMO_BUYER_USERNAME);
  follows.add(FIRST_SELLER_USERNAME).add(sellerNames[1]!).add(sellerNames[5]!);
  state.recent.set(
    DEMO_BUYER_USERNAME,
    Array.from({ length: 5 }, () => pick(random, gigs).slug).filter((s, i, all) => all.indexOf(s) === i),
  );

  const favoriteList = [...favorites];
  for (const [name, slice] of [
    ['Logo inspiration', favoriteList.slice(0, 3)],
    ['For the relaunch', favoriteList.slice(3)],
  ] as const) {
    const c: R.CollectionRecord = {
      uuid: state.uuid(),
      username: DEMO_BUYER_USERNAME,
      name,
      description: null,
      is_public: name === 'Logo inspiration',
      gig_slugs: [...slice],
      created_at: isoAt(daysAgo(random, 5, 60)),
    };
    state.collections.set(c.uuid, c);
  }
  for (const [query, category, maxPrice] of [
    ['logo', 'logo-design', 100],
    ['landing page', 'web-development', null],
    ['spanish translation', 'translation', 50],
  ] as const) {
    const s: R.SavedSearchRecord = {
      uuid: state.uuid(),
      username: DEMO_BUYER_USERNAME,
      query,
      category_slug: category,
      max_price: maxPrice,
      notify: maxPrice !== null,
      created_at: isoAt(daysAgo(random, 5, 90)),
    };
    state.savedSearches.set(s.uuid, s);
  }

  for (const username of sellerNames) {
    const own = state.gigsOf(username);
    const projects: R.PortfolioProjectRecord[] = [];
    const titles = shuffle(random, [...PROJECT_TITLES]).slice(0, between(random, 2, 4));
    for (const title of titles) {
      projects.push({
        slug: slugify(title),
        seller_username: username,
        title,
        description: `${title}: research, concepts and the final delivery.`,
        cover_url: `https://media.sandbox.example/portfolio/${username}/${slugify(title)}.jpg`,
        gig_slug: own.length ? pick(random, own).slug : null,
        tags: [pick(random, ['branding', 'web', 'mobile', 'campaign', 'print'])],
        created_at: isoAt(daysAgo(random, 10, 400)),
      });
    }
    state.portfolio.set(username, projects);
    const n = between(random, 1, 4);
    for (let i = 0; i < n; i++) {
      state.testimonials.push({
        id: state.nextTestimonialId++,
        seller_username: username,
        author_name: pick(random, BUYERS)[1],
        company: pick(random, ['Roast & Co', 'Fintrack', 'Clayworks', 'Nimbus SaaS', 'Bistro Nine']),
        quote: pick(random, TESTIMONIAL_QUOTES),
        status: i === 0 ? 'approved' : pick(random, ['approved', 'approved', 'pending', 'rejected'] as const),
        created_at: isoAt(daysAgo(random, 10, 400)),
      });
    }
  }
}
