/**
 * Seeds a marketplace state deterministically from one number: users and
 * seller studios, categories, gigs and their reviews, orders with deliveries,
 * revisions and extensions, and the smaller worlds around them (offers,
 * requests, media, CRM, messaging, wallets). Same seed, same marketplace;
 * timestamps come from the fixed clock of `../seed.ts`, all before its epoch.
 */
import { between, isoAt, pick, type Random } from '../seed.js';
import type * as R from './records.js';
import type { MarketplaceState } from './state.js';

export const FIRST_SELLER_USERNAME = 'pixelcraft';
export const DEMO_BUYER_USERNAME = 'alice';
export const SECOND_BUYER_USERNAME = 'bob';
/** The password of every seeded user (mobile login). */
export const DEMO_PASSWORD = 'password';

const DAY = 24 * 60;

const SELLERS: readonly [string, string][] = [
  [FIRST_SELLER_USERNAME, 'Pixel Craft Studio'],
  ['codeforge', 'Code Forge'],
  ['wordsmithy', 'The Wordsmithy'],
  ['motionlab', 'Motion Lab'],
  ['growthpilot', 'Growth Pilot'],
  ['brandbakery', 'Brand Bakery'],
  ['devnest', 'Dev Nest'],
  ['inkwell', 'Inkwell Writing'],
  ['framecut', 'Frame Cut Films'],
  ['rankriver', 'Rank River SEO'],
  ['logoloft', 'Logo Loft'],
  ['appyard', 'App Yard'],
  ['linguaflow', 'Lingua Flow'],
  ['storyreel', 'Story Reel'],
  ['socialspark', 'Social Spark'],
  ['vectorvilla', 'Vector Villa'],
  ['stackhouse', 'Stack House'],
  ['copycove', 'Copy Cove'],
  ['animatic', 'Animatic'],
  ['clickcraft', 'Click Craft'],
  ['palettepress', 'Palette Press'],
  ['byteworks', 'Byte Works'],
  ['quillquarter', 'Quill Quarter'],
  ['reelrocket', 'Reel Rocket'],
  ['trendtide', 'Trend Tide'],
  ['drawdeck', 'Draw Deck'],
  ['pluginpros', 'Plugin Pros'],
  ['transcribe', 'Transcribe & Co'],
  ['loopmotion', 'Loop Motion'],
  ['metricmint', 'Metric Mint'],
  ['glyphgarden', 'Glyph Garden'],
  ['shipfast', 'Ship Fast Dev'],
  ['prosepoint', 'Prose Point'],
  ['cutcraft', 'Cut Craft Video'],
  ['adalchemy', 'Ad Alchemy'],
  ['sketchsmith', 'Sketch Smith'],
  ['cloudkite', 'Cloud Kite'],
  ['verbatim', 'Verbatim Translations'],
  ['kinetica', 'Kinetica'],
  ['funnelfox', 'Funnel Fox'],
];

const BUYERS: readonly [string, string][] = [
  [DEMO_BUYER_USERNAME, 'Alice Andersen'],
  [SECOND_BUYER_USERNAME, 'Bob Brennan'],
  ['carol', 'Carol Castillo'],
  ['dave', 'Dave Dimitrov'],
  ['erin', 'Erin Eriksen'],
  ['frank', 'Frank Fischer'],
  ['grace', 'Grace Gallagher'],
  ['heidi', 'Heidi Hoffmann'],
  ['ivan', 'Ivan Ivanov'],
  ['judy', 'Judy Jensen'],
  ['mallory', 'Mallory Moreau'],
  ['niaj', 'Niaj Nasser'],
  ['olivia', 'Olivia Ortega'],
  ['peggy', 'Peggy Park'],
  ['rupert', 'Rupert Reyes'],
  ['sybil', 'Sybil Santos'],
  ['trent', 'Trent Tanaka'],
  ['victor', 'Victor Volkov'],
  ['walter', 'Walter Weber'],
  ['yasmin', 'Yasmin Yilmaz'],
];

const COUNTRIES = ['US', 'GB', 'DE', 'FR', 'IN', 'PK', 'BR', 'CA', 'NL', 'ES', 'PL', 'UA', 'NG', 'PH', 'AU'];
const LANGUAGES = ['English', 'Spanish', 'German', 'French', 'Hindi', 'Urdu', 'Portuguese', 'Polish', 'Ukrainian', 'Dutch'];

/** Parent categories first, then their children; gigs belong to children only. */
const CATEGORIES: readonly R.CategoryRecord[] = [
  { slug: 'graphics-design', name: 'Graphics & Design', parent_slug: null },
  { slug: 'programming-tech', name: 'Programming & Tech', parent_slug: null },
  { slug: 'writing-translation', name: 'Writing & Translation', parent_slug: null },
  { slug: 'video-animation', name: 'Video & Animation', parent_slug: null },
  { slug: 'digital-marketing', name: 'Digital Marketing', parent_slug: null },
  { slug: 'logo-design', name: 'Logo Design', parent_slug: 'graphics-design' },
  { slug: 'illustration', name: 'Illustration', parent_slug: 'graphics-design' },
  { slug: 'web-development', name: 'Website Development', parent_slug: 'programming-tech' },
  { slug: 'mobile-apps', name: 'Mobile Apps', parent_slug: 'programming-tech' },
  { slug: 'wordpress', name: 'WordPress', parent_slug: 'programming-tech' },
  { slug: 'copywriting', name: 'Copywriting', parent_slug: 'writing-translation' },
  { slug: 'translation', name: 'Translation', parent_slug: 'writing-translation' },
  { slug: 'explainer-videos', name: 'Explainer Videos', parent_slug: 'video-animation' },
  { slug: 'seo', name: 'SEO', parent_slug: 'digital-marketing' },
  { slug: 'social-media', name: 'Social Media Marketing', parent_slug: 'digital-marketing' },
];

const GIG_CORES: Record<string, string[]> = {
  'logo-design': ['design a minimalist logo', 'create a modern brand identity', 'draw a hand-lettered logo', 'redesign your existing logo'],
  illustration: ['paint a digital portrait', 'illustrate a children book', 'draw custom vector icons', 'create a flat illustration'],
  'web-development': ['build a responsive landing page', 'fix bugs in your react app', 'develop a node api', 'convert figma to html'],
  'mobile-apps': ['build a flutter app', 'publish your app to the stores', 'develop an ios app', 'fix crashes in your android app'],
  wordpress: ['build a wordpress website', 'speed up your wordpress site', 'customize your woocommerce store', 'migrate your site to wordpress'],
  copywriting: ['write sales page copy', 'write product descriptions', 'write email sequences', 'write a compelling about page'],
  translation: ['translate english to spanish', 'translate english to german', 'proofread your translation', 'localize your app strings'],
  'explainer-videos': ['animate a 2d explainer video', 'create a whiteboard animation', 'produce a product demo video', 'animate your logo intro'],
  seo: ['audit your website seo', 'research keywords for your niche', 'build quality backlinks', 'optimize your on-page seo'],
  'social-media': ['manage your instagram account', 'create social media posts', 'run facebook ad campaigns', 'grow your tiktok audience'],
};
const GIG_SUFFIXES = ['for your brand', 'for your startup', 'in 24 hours', 'with unlimited revisions', 'for your business', 'for your website', ''];
const DESCRIPTION_OPENERS = [
  'Looking for a reliable partner?',
  'Hi there, thanks for stopping by.',
  'Quality work, delivered on time.',
  'You will get a result you are proud to share.',
];
const DESCRIPTION_CLOSERS = [
  'Message me before ordering so we can agree on the scope.',
  'Every package includes source files and a satisfaction guarantee.',
  'I have completed hundreds of similar projects for happy clients.',
  'Fast communication and clear milestones are included.',
];
const HEADLINES: Record<string, string[]> = {
  'graphics-design': ['Brand identity and illustration studio', 'Logos that people remember', 'Design for ambitious small brands'],
  'programming-tech': ['Full-stack web and mobile development', 'Clean code, shipped on time', 'Your remote engineering team'],
  'writing-translation': ['Copy that converts, in five languages', 'Writing and localization studio', 'Words for brands that care'],
  'video-animation': ['Explainer videos and motion design', 'Stories told in motion', 'Animation studio for startups'],
  'digital-marketing': ['Growth marketing for online shops', 'SEO and social media that pays off', 'Performance marketing studio'],
};
const REVIEW_COMMENTS = [
  'Great communication and fast delivery.',
  'Exactly what I asked for, will order again.',
  'Good work, needed one revision but it turned out well.',
  'Outstanding quality, exceeded my expectations.',
  'Professional and friendly, highly recommended.',
  'Delivered on time and very responsive.',
  'Decent result but took longer than expected.',
  'Not quite what I had in mind.',
];
const DELIVERY_MESSAGES = ['Here is the first version, let me know what you think.', 'Final files attached.', 'Updated version with your feedback applied.'];
const REVISION_REASONS = ['Please adjust the colours to match our palette.', 'Could you make the text larger?', 'The second section needs a different tone.'];
const FILE_NAMES = ['final.zip', 'preview.png', 'source.fig', 'draft.pdf', 'video.mp4', 'notes.txt'];
const PROJECT_TITLES = ['Brand refresh for a coffee roaster', 'Launch campaign for a fintech app', 'Storefront for a ceramics shop', 'Onboarding flow for a SaaS', 'Menu and signage for a bistro'];
const TESTIMONIAL_QUOTES = ['They understood our brief in minutes.', 'A pleasure to work with, twice now.', 'Our conversion rate doubled after the relaunch.', 'Reliable, creative and on budget.'];

const slugify = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const round2 = (n: number) => Math.round(n * 100) / 100;

export const PACKAGE_MULTIPLIER: Record<R.PackageName, number> = { basic: 1, standard: 2, premium: 3.5 };
export const PACKAGE_NAMES = Object.keys(PACKAGE_MULTIPLIER) as R.PackageName[];
export const priceOf = (gig: R.GigRecord, pkg: R.PackageName, quantity = 1): number => round2(gig.price_from * PACKAGE_MULTIPLIER[pkg] * quantity);
export const addDays = (iso: string, days: number): string => new Date(Date.parse(iso) + days * DAY * 60_000).toISOString();

function weightedRating(random: Random): number {
  const r = random();
  return r < 0.55 ? 5 : r < 0.85 ? 4 : r < 0.95 ? 3 : r < 0.98 ? 2 : 1;
}

function shuffle<T>(random: Random, values: T[]): T[] {
  for (let i = values.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [values[i], values[j]] = [values[j]!, values[i]!];
  }
  return values;
}

/** A minute offset before the epoch, `minDays`..`maxDays` days ago. */
const daysAgo = (random: Random, minDays: number, maxDays: number) => -(between(random, minDays * DAY, maxDays * DAY));
const minutesOf = (iso: string) => (Date.parse(iso) - Date.parse(isoAt(0))) / 60_000;
/** A timestamp between two others (both as ISO strings). */
const within = (random: Random, from: string, to: string) => isoAt(between(random, Math.ceil(minutesOf(from)), Math.floor(Math.max(minutesOf(from), minutesOf(to)))));

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
    shuffle(random, Object.entries(counts).flatMap(([status, n]) => Array<R.OrderStatus>(n).fill(status as R.OrderStatus)));
  const otherGigs = (buyer: string) => gigs.filter((g) => g.seller_username !== buyer);

  const aliceOrders = statusesFor({ completed: 16, delivered: 6, in_progress: 8, pending: 4, revision_requested: 4, cancelled: 6 }).map((status, i) =>
    makeOrder(DEMO_BUYER_USERNAME, i % 3 === 0 ? pick(random, firstSellerGigs) : pick(random, otherGigs(DEMO_BUYER_USERNAME)), status),
  );
  statusesFor({ completed: 3, delivered: 2, in_progress: 2, pending: 1, revision_requested: 1, cancelled: 1 }).forEach((status, i) =>
    makeOrder(SECOND_BUYER_USERNAME, i % 4 === 0 ? pick(random, firstSellerGigs) : pick(random, gigs), status),
  );
  const statuses: R.OrderStatus[] = ['completed', 'completed', 'completed', 'delivered', 'in_progress', 'pending', 'revision_requested', 'cancelled'];
  for (const buyer of buyerNames.slice(2)) {
    const n = between(random, 1, 5);
    for (let i = 0; i < n; i++) makeOrder(buyer, random() < 0.3 ? pick(random, firstSellerGigs) : pick(random, gigs), pick(random, statuses));
  }

  // Every review gets its id in chronological order, so newest first is also highest id first.
  drafts.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  for (const draft of drafts) state.addReview({ id: state.nextReviewId++, ...draft });

  // Deadline extensions: one pending (requested by the seller) and one approved.
  const inProgress = aliceOrders.filter((o) => o.status === 'in_progress');
  const [pendingExt, approvedExt] = inProgress;
  if (pendingExt) {
    const ext: R.ExtensionRecord = { uuid: state.uuid(), order_uuid: pendingExt.uuid, days: 3, reason: 'Waiting for your brand assets.', status: 'pending', requested_by: pendingExt.seller_username, responded_by: null, responded_at: null, created_at: within(random, pendingExt.created_at, isoAt(-60)) };
    state.extensions.set(ext.uuid, ext);
  }
  if (approvedExt) {
    const at = within(random, approvedExt.created_at, isoAt(-60));
    const ext: R.ExtensionRecord = { uuid: state.uuid(), order_uuid: approvedExt.uuid, days: 2, reason: 'Extra round of sketches.', status: 'approved', requested_by: approvedExt.seller_username, responded_by: approvedExt.buyer_username, responded_at: at, created_at: at };
    state.extensions.set(ext.uuid, ext);
    approvedExt.due_at = addDays(approvedExt.due_at, ext.days);
  }

  seedSocial(state, aliceOrders);
  seedCommerce(state, aliceOrders);
}

/** Deliveries, revisions and (for some completed orders) the buyer's review, consistent with the status. */
function seedOrderHistory(state: MarketplaceState, order: R.OrderRecord, reviews: Omit<R.ReviewRecord, 'id'>[]): void {
  const random = state.random;
  const deliveryCount = { pending: 0, in_progress: 0, cancelled: 0, delivered: between(random, 1, 3), revision_requested: between(random, 1, 2), completed: between(random, 1, 3) }[order.status];
  const revisionCount = order.status === 'revision_requested' ? deliveryCount : Math.max(0, Math.min(2, deliveryCount - 1));
  const end = order.status === 'completed' || order.status === 'cancelled' ? addDays(order.created_at, 18) : isoAt(-30);
  let at = order.created_at;
  const deliveries: R.DeliveryRecord[] = [];
  const revisions: R.RevisionRecord[] = [];
  for (let i = 0; i < deliveryCount; i++) {
    at = within(random, at, end);
    deliveries.push({ id: state.nextDeliveryId++, order_uuid: order.uuid, message: DELIVERY_MESSAGES[Math.min(i, 2)]!, files: [pick(random, FILE_NAMES), pick(random, FILE_NAMES)].filter((f, j, all) => all.indexOf(f) === j), created_at: at });
    if (revisions.length < revisionCount) {
      at = within(random, at, end);
      revisions.push({ id: state.nextRevisionId++, order_uuid: order.uuid, reason: pick(random, REVISION_REASONS), created_at: at });
    }
  }
  if (deliveries.length) state.deliveries.set(order.uuid, deliveries);
  if (revisions.length) state.revisions.set(order.uuid, revisions);
  order.updated_at = at;
  if (order.status === 'completed' && random() < 0.5) {
    reviews.push({ gig_slug: order.gig_slug, order_uuid: order.uuid, rating: weightedRating(random), comment: pick(random, REVIEW_COMMENTS), reviewer_username: order.buyer_username, created_at: within(random, at, addDays(at, 2)) });
  }
}

/** Conversations, notifications, favorites, follows, collections, saved searches, portfolio and testimonials. */
function seedSocial(state: MarketplaceState, aliceOrders: R.OrderRecord[]): void {
  const random = state.random;
  const pairs = new Map<string, R.OrderRecord>();
  for (const order of [...aliceOrders, ...state.ordersOf(FIRST_SELLER_USERNAME)]) {
    const key = `${order.buyer_username}|${order.seller_username}`;
    if (!pairs.has(key) && pairs.size < 14) pairs.set(key, order);
  }
  for (const order of pairs.values()) {
    const gig = state.gigsBySlug.get(order.gig_slug)!;
    const conversation: R.ConversationRecord = { uuid: state.uuid(), participants: [order.buyer_username, order.seller_username], subject: gig.title, order_uuid: order.uuid, created_at: order.created_at };
    state.conversations.set(conversation.uuid, conversation);
    let at = order.created_at;
    const lines = ['Hi! Quick question before we start.', 'Sure, happy to help.', 'Can you include the source files?', 'Yes, they are part of every package.', 'Perfect, thank you!'];
    const n = between(random, 2, 5);
    for (let i = 0; i < n; i++) {
      at = within(random, at, isoAt(-10));
      const message: R.MessageRecord = { uuid: state.uuid(), conversation_uuid: conversation.uuid, sender_username: conversation.participants[i % 2]!, body: lines[i]!, reactions: i === 1 ? { '👍': [order.buyer_username] } : {}, created_at: at };
      state.messages.set(message.uuid, message);
    }
  }

  const notes: R.NotificationRecord[] = [];
  for (const order of [...aliceOrders, ...state.ordersOf(FIRST_SELLER_USERNAME)]) {
    const type = { pending: 'order.created', in_progress: 'order.started', delivered: 'order.delivered', revision_requested: 'order.revision.requested', completed: 'order.completed', cancelled: 'order.cancelled' }[order.status];
    for (const username of [order.buyer_username, order.seller_username]) {
      if (username !== DEMO_BUYER_USERNAME && username !== FIRST_SELLER_USERNAME) continue;
      if (notes.some((n) => n.username === username && n.data.uuid === order.uuid)) continue;
      const old = order.status === 'completed' || order.status === 'cancelled';
      notes.push({ uuid: state.uuid(), username, type, title: `Order ${order.status.replace('_', ' ')}`, data: { uuid: order.uuid, buyer_username: order.buyer_username, seller_username: order.seller_username }, read_at: old ? order.updated_at : null, created_at: order.updated_at });
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
  state.recent.set(DEMO_BUYER_USERNAME, Array.from({ length: 5 }, () => pick(random, gigs).slug).filter((s, i, all) => all.indexOf(s) === i));

  const favoriteList = [...favorites];
  for (const [name, slice] of [['Logo inspiration', favoriteList.slice(0, 3)], ['For the relaunch', favoriteList.slice(3)]] as const) {
    const c: R.CollectionRecord = { uuid: state.uuid(), username: DEMO_BUYER_USERNAME, name, description: null, is_public: name === 'Logo inspiration', gig_slugs: [...slice], created_at: isoAt(daysAgo(random, 5, 60)) };
    state.collections.set(c.uuid, c);
  }
  for (const [query, category, maxPrice] of [['logo', 'logo-design', 100], ['landing page', 'web-development', null], ['spanish translation', 'translation', 50]] as const) {
    const s: R.SavedSearchRecord = { uuid: state.uuid(), username: DEMO_BUYER_USERNAME, query, category_slug: category, max_price: maxPrice, notify: maxPrice !== null, created_at: isoAt(daysAgo(random, 5, 90)) };
    state.savedSearches.set(s.uuid, s);
  }

  for (const username of sellerNames) {
    const own = state.gigsOf(username);
    const projects: R.PortfolioProjectRecord[] = [];
    const titles = shuffle(random, [...PROJECT_TITLES]).slice(0, between(random, 2, 4));
    for (const title of titles) {
      projects.push({ slug: slugify(title), seller_username: username, title, description: `${title}: research, concepts and the final delivery.`, cover_url: `https://media.sandbox.example/portfolio/${username}/${slugify(title)}.jpg`, gig_slug: own.length ? pick(random, own).slug : null, tags: [pick(random, ['branding', 'web', 'mobile', 'campaign', 'print'])], created_at: isoAt(daysAgo(random, 10, 400)) });
    }
    state.portfolio.set(username, projects);
    const n = between(random, 1, 4);
    for (let i = 0; i < n; i++) {
      state.testimonials.push({ id: state.nextTestimonialId++, seller_username: username, author_name: pick(random, BUYERS)[1], company: pick(random, ['Roast & Co', 'Fintrack', 'Clayworks', 'Nimbus SaaS', 'Bistro Nine']), quote: pick(random, TESTIMONIAL_QUOTES), status: i === 0 ? 'approved' : pick(random, ['approved', 'approved', 'pending', 'rejected'] as const), created_at: isoAt(daysAgo(random, 10, 400)) });
    }
  }
}

/** Offers, buyer requests with proposals, media, wallets, advertising and CRM extras. */
function seedCommerce(state: MarketplaceState, aliceOrders: R.OrderRecord[]): void {
  const random = state.random;
  const pixelGigs = state.gigsOf(FIRST_SELLER_USERNAME);
  const offer = (status: R.OfferStatus, seller: string, buyer: string, gig: R.GigRecord | undefined, orderUuid: string | null): R.OfferRecord => {
    const createdAt = isoAt(daysAgo(random, 1, 20));
    const o: R.OfferRecord = { uuid: state.uuid(), status, seller_username: seller, buyer_username: buyer, sender_username: seller, recipient_username: buyer, gig_slug: gig?.slug ?? null, title: gig ? `Custom: ${gig.title}` : 'Custom project', description: 'A tailored package with the extras we discussed.', price: between(random, 10, 120) * 5, currency: 'USD', delivery_days: between(random, 2, 10), attachments: [], parent_uuid: null, countered_by_uuid: null, proposal_uuid: null, order_uuid: orderUuid, expires_at: addDays(createdAt, 14), created_at: createdAt, updated_at: createdAt };
    state.offers.set(o.uuid, o);
    return o;
  };
  const fromPixel = aliceOrders.find((o) => o.seller_username === FIRST_SELLER_USERNAME);
  offer('pending', FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME, pixelGigs[0], null);
  const accepted = offer('accepted', FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME, fromPixel ? state.gigsBySlug.get(fromPixel.gig_slug) : pixelGigs[1], fromPixel?.uuid ?? null);
  if (fromPixel) fromPixel.offer_uuid = accepted.uuid;
  offer('declined', FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME, pixelGigs[2], null);
  const other = state.gigs.find((g) => g.seller_username === 'codeforge');
  offer('pending', 'codeforge', SECOND_BUYER_USERNAME, other, null);

  const sellerNames = [...state.sellers.keys()];
  const requesters = [DEMO_BUYER_USERNAME, DEMO_BUYER_USERNAME, SECOND_BUYER_USERNAME, 'carol', 'dave', 'erin', 'frank', 'grace', 'heidi', 'ivan', 'judy', 'olivia'];
  const leaves = state.categories.filter((c) => c.parent_slug !== null);
  requesters.forEach((buyer, i) => {
    const category = pick(random, leaves);
    const createdAt = isoAt(daysAgo(random, 1, 30));
    const request: R.BuyerRequestRecord = { uuid: state.uuid(), status: i === 10 ? 'closed' : 'open', buyer_username: buyer, title: `Need help with ${category.name.toLowerCase()}`, description: `Looking for an experienced ${category.name.toLowerCase()} freelancer for a small project.`, category_slug: category.slug, budget: between(random, 4, 100) * 5, currency: 'USD', delivery_days: between(random, 3, 21), created_at: createdAt, updated_at: createdAt };
    state.requests.set(request.uuid, request);
    const proposers = shuffle(random, [...sellerNames]).slice(0, between(random, 0, 3));
    if (i === 0 && !proposers.includes(FIRST_SELLER_USERNAME)) proposers.push(FIRST_SELLER_USERNAME);
    for (const seller of proposers) {
      const at = within(random, createdAt, isoAt(-5));
      const p: R.ProposalRecord = { uuid: state.uuid(), status: random() < 0.3 ? 'shortlisted' : 'submitted', request_uuid: request.uuid, seller_username: seller, buyer_username: buyer, message: 'I have done this many times and can start today.', price: Math.max(5, request.budget + between(random, -4, 4) * 5), delivery_days: request.delivery_days, counter_price: null, counter_delivery_days: null, counter_message: null, currency: 'USD', offer_uuid: null, created_at: at, updated_at: at };
      state.proposals.set(p.uuid, p);
    }
  });

  const mediaFor = (owner: string, files: readonly [string, string, number][]) => {
    for (const [filename, contentType, size] of files) {
      const at = isoAt(daysAgo(random, 1, 120));
      const m: R.MediaRecord = { uuid: state.uuid(), owner_username: owner, filename, content_type: contentType, size, title: filename.replace(/\.[^.]+$/, '').replace(/-/g, ' '), alt_text: null, created_at: at, updated_at: at };
      state.media.set(m.uuid, m);
    }
  };
  mediaFor(DEMO_BUYER_USERNAME, [['brand-brief.pdf', 'application/pdf', 182_044], ['moodboard.png', 'image/png', 1_204_332], ['old-logo.svg', 'image/svg+xml', 8_911]]);
  mediaFor(FIRST_SELLER_USERNAME, [['portfolio-cover.jpg', 'image/jpeg', 845_120], ['logo-pack.zip', 'application/zip', 5_420_881], ['process-video.mp4', 'video/mp4', 18_220_004], ['style-guide.pdf', 'application/pdf', 2_004_118], ['icon-set.png', 'image/png', 402_551], ['brand-sheet.png', 'image/png', 733_006]]);

  for (const username of state.users.keys()) {
    const balance = between(random, 0, 80_000) / 100;
    state.wallets.set(username, { username, balance, pending: between(random, 0, 20_000) / 100, transactions: [{ uuid: state.uuid(), type: 'payment', amount: -between(random, 5, 300), description: 'Order payment', created_at: isoAt(daysAgo(random, 1, 60)) }] });
  }
  for (const username of state.sellers.keys()) {
    const deposit = username === FIRST_SELLER_USERNAME ? 50 : between(random, 0, 20) * 10;
    state.adWallets.set(username, { username, balance: deposit, transactions: deposit ? [{ uuid: state.uuid(), type: 'deposit', amount: deposit, created_at: isoAt(daysAgo(random, 5, 90)) }] : [] });
  }
  const campaign = (seller: string, status: R.CampaignStatus, name: string) => {
    const gig = pick(random, state.gigsOf(seller));
    const createdAt = isoAt(daysAgo(random, 3, 60));
    const c: R.AdCampaignRecord = { uuid: state.uuid(), seller_username: seller, name, gig_slug: gig.slug, product_slug: 'promoted-gig', status, daily_budget: between(random, 1, 10) * 5, currency: 'USD', starts_at: createdAt, ends_at: null, created_at: createdAt };
    state.campaigns.set(c.uuid, c);
  };
  campaign(FIRST_SELLER_USERNAME, 'active', 'Logo season push');
  campaign(FIRST_SELLER_USERNAME, 'paused', 'Illustration spotlight');
  for (const seller of sellerNames.slice(1, 7)) campaign(seller, 'active', 'Always-on promotion');

  const customers = [...state.crmCustomers.values()].filter((c) => c.seller_username === FIRST_SELLER_USERNAME);
  const first = customers[0];
  if (first) {
    first.tags.push('vip');
    for (const body of ['Prefers calls on Tuesdays.', 'Asked about a monthly retainer.']) {
      state.crmNotes.push({ uuid: state.uuid(), customer_uuid: first.uuid, author_username: FIRST_SELLER_USERNAME, body, created_at: isoAt(daysAgo(random, 1, 30)) });
    }
  }
  const sentAt = isoAt(daysAgo(random, 10, 40));
  const r: R.RetentionCampaignRecord = { uuid: state.uuid(), seller_username: FIRST_SELLER_USERNAME, name: 'Come back for spring', segment: 'inactive', message: 'We miss you! Here is 15% off your next order.', discount_percent: 15, coupon_code: 'SPRING15', status: 'sent', send_at: sentAt, created_at: sentAt };
  state.retention.set(r.uuid, r);
}
