/**
 * One marketplace's mutable state: every collection, the seeded PRNG that
 * keeps new identifiers deterministic, a virtual clock, and `emit`, the one
 * place a state change becomes a webhook event and a notification. A router
 * owns exactly one state, so a fresh router is a fresh marketplace.
 */
import { EPOCH, type Random } from '../seed.js';
import { describeEvent, type WebhookEventName } from './events.js';
import type * as R from './records.js';

export type Emit = (event: WebhookEventName, data: Record<string, unknown>) => void;

/** A version-4-shaped uuid drawn from the seeded PRNG. */
export function seededUuid(random: Random): string {
  const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`;
}

const byNewest = <T extends { created_at: string }>(a: T, b: T) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0);

export class MarketplaceState {
  readonly users = new Map<string, R.UserRecord>();
  /** Passwords of registered users; every seeded user has `DEMO_PASSWORD`. */
  readonly passwords = new Map<string, string>();
  /** Refresh token → username; a refresh token is spent when used. */
  readonly refreshTokens = new Map<string, string>();
  /** Insertion order is the seeded order: the first seller is `FIRST_SELLER_USERNAME`. */
  readonly sellers = new Map<string, R.SellerProfileRecord>();
  categories: R.CategoryRecord[] = [];
  /** Sorted by `created_at` desc, then slug (the order of `GET /gigs`). */
  gigs: R.GigRecord[] = [];
  readonly gigsBySlug = new Map<string, R.GigRecord>();
  /** gig slug → reviews, newest first. */
  readonly reviews = new Map<string, R.ReviewRecord[]>();
  readonly orders = new Map<string, R.OrderRecord>();
  readonly deliveries = new Map<string, R.DeliveryRecord[]>();
  readonly revisions = new Map<string, R.RevisionRecord[]>();
  readonly extensions = new Map<string, R.ExtensionRecord>();
  readonly cart: R.CartEntryRecord[] = [];
  readonly offers = new Map<string, R.OfferRecord>();
  readonly requests = new Map<string, R.BuyerRequestRecord>();
  readonly proposals = new Map<string, R.ProposalRecord>();
  readonly aiRequests = new Map<string, R.AiRequestRecord>();
  readonly campaigns = new Map<string, R.AdCampaignRecord>();
  readonly adWallets = new Map<string, R.AdWalletRecord>();
  readonly crmCustomers = new Map<string, R.CrmCustomerRecord>();
  readonly crmNotes: R.CrmNoteRecord[] = [];
  readonly retention = new Map<string, R.RetentionCampaignRecord>();
  readonly media = new Map<string, R.MediaRecord>();
  readonly conversations = new Map<string, R.ConversationRecord>();
  readonly messages = new Map<string, R.MessageRecord>();
  /** Newest first. */
  readonly notifications: R.NotificationRecord[] = [];
  readonly collections = new Map<string, R.CollectionRecord>();
  readonly savedSearches = new Map<string, R.SavedSearchRecord>();
  readonly portfolio = new Map<string, R.PortfolioProjectRecord[]>();
  readonly testimonials: R.TestimonialRecord[] = [];
  readonly wallets = new Map<string, R.WalletRecord>();
  /** username → gig slugs / seller usernames. */
  readonly favorites = new Map<string, Set<string>>();
  readonly savedStudios = new Map<string, Set<string>>();
  readonly follows = new Map<string, Set<string>>();
  /** username → recently viewed gig slugs, most recent first. */
  readonly recent = new Map<string, string[]>();

  nextReviewId = 1;
  nextDeliveryId = 1;
  nextRevisionId = 1;
  nextTestimonialId = 1;
  /** Virtual clock in minutes after `EPOCH`; each state change moves it one minute. */
  private clockMinutes = 0;

  constructor(
    readonly random: Random,
    private readonly sink: (event: WebhookEventName, data: Record<string, unknown>) => void,
  ) {}

  uuid(): string {
    return seededUuid(this.random);
  }

  /** The virtual "now" (starts at 2026-01-01T00:00:00Z). */
  now(): string {
    return new Date(EPOCH + this.clockMinutes * 60_000).toISOString();
  }

  /** Advances the virtual clock one minute and returns the new "now". */
  tick(): string {
    this.clockMinutes += 1;
    return this.now();
  }

  nowMs(): number {
    return EPOCH + this.clockMinutes * 60_000;
  }

  /** Publishes a state change: a signed webhook (if configured) and a notification for each user the data names. */
  readonly emit: Emit = (event, data) => {
    const named = new Set(
      ['username', 'buyer_username', 'seller_username']
        .map((key) => data[key])
        .filter((v): v is string => typeof v === 'string' && this.users.has(v)),
    );
    const at = this.now();
    for (const username of named) {
      this.notifications.unshift({
        uuid: this.uuid(),
        username,
        type: event,
        title: describeEvent(event),
        data,
        read_at: null,
        created_at: at,
      });
    }
    this.sink(event, data);
  };

  gigsOf(username: string): R.GigRecord[] {
    return this.gigs.filter((g) => g.seller_username === username);
  }

  /** The user's orders as buyer or seller, newest first. */
  ordersOf(username: string): R.OrderRecord[] {
    return [...this.orders.values()]
      .filter((o) => o.buyer_username === username || o.seller_username === username)
      .sort((a, b) => byNewest(a, b) || (a.uuid < b.uuid ? 1 : -1));
  }

  /** The order when the user is its buyer or seller. */
  orderFor(username: string, uuid: string): R.OrderRecord | undefined {
    const order = this.orders.get(uuid);
    return order && (order.buyer_username === username || order.seller_username === username) ? order : undefined;
  }

  reviewsOf(slug: string): R.ReviewRecord[] {
    return this.reviews.get(slug) ?? [];
  }

  /** Adds a review at the front of its gig's list (reviews are newest first). */
  addReview(review: R.ReviewRecord): void {
    const list = this.reviews.get(review.gig_slug) ?? [];
    list.unshift(review);
    this.reviews.set(review.gig_slug, list);
  }

  setOf(map: Map<string, Set<string>>, username: string): Set<string> {
    let set = map.get(username);
    if (!set) map.set(username, (set = new Set()));
    return set;
  }

  /** The CRM customer record of a seller–buyer pair, created (and announced) on first need. */
  crmCustomerFor(seller: string, buyer: string, createdAt: string, announce: boolean): R.CrmCustomerRecord {
    for (const c of this.crmCustomers.values()) if (c.seller_username === seller && c.username === buyer) return c;
    const customer: R.CrmCustomerRecord = { uuid: this.uuid(), seller_username: seller, username: buyer, tags: [], created_at: createdAt };
    this.crmCustomers.set(customer.uuid, customer);
    if (announce) this.emit('crm.customer.created', { uuid: customer.uuid, seller_username: seller, buyer_username: buyer });
    return customer;
  }
}

export const newestFirst = byNewest;
