/**
 * `createLoaders(clients, options)`: the loaders of one request, fresh for it
 * (DataLoader README, "Creating a new DataLoader per request"), so no cache
 * is ever shared between two callers.
 *
 * Built lazily, one group at a time: a request touches a few of the ~55
 * loaders, and constructing all of them cost about a fifth of the CPU of a
 * small request (docs/benchmarks.md, "Execution speed"). A group (one
 * `create*Loaders` factory in loaders/<group>.ts) is built whole on first
 * access to any of its loaders, so loaders that prime each other (a list
 * priming its per-key loader) always share one instance. A request pays for
 * one small object; its groups are built as its resolvers reach them.
 *
 * To add a loader: return it from its group's factory and add its getter
 * below (the type check at the end fails until you do).
 */
import type { Clients } from '../src/upstreams/index.js';
import { createItemLoaders, type ItemLoaderOptions } from './items.js';
import { createOrderLoaders } from './orders.js';
import { createSeoLoaders } from './seo.js';
import { createDiscoveryLoaders } from './discovery.js';
import { createOrderLifecycleLoaders } from './order-lifecycle.js';
import { createRequestLoaders } from './requests.js';
import { createOfferLoaders } from './offers.js';
import { createMediaLoaders } from './media.js';
import { createSellerExtraLoaders } from './seller-extras.js';
import { createMobileLoaders } from './mobile.js';

type Group<F extends (...args: never[]) => object> = ReturnType<F>;

export class Loaders {
  constructor(
    private readonly clients: Clients,
    private readonly options: ItemLoaderOptions,
  ) {}

  #items?: Group<typeof createItemLoaders>;
  private get items() { return (this.#items ??= createItemLoaders(this.clients, this.options)); }
  get allItems() { return this.items.allItems; }
  get itemById() { return this.items.itemById; }
  get purchaseByCode() { return this.items.purchaseByCode; }
  get account() { return this.items.account; }

  #orders?: Group<typeof createOrderLoaders>;
  private get orders() { return (this.#orders ??= createOrderLoaders(this.clients)); }
  get orderById() { return this.orders.orderById; }
  get orderPages() { return this.orders.orderPages; }
  get deliveriesByOrder() { return this.orders.deliveriesByOrder; }
  get revisionsByOrder() { return this.orders.revisionsByOrder; }

  #seo?: Group<typeof createSeoLoaders>;
  private get seo() { return (this.#seo ??= createSeoLoaders(this.clients)); }
  get seoReportById() { return this.seo.seoReportById; }
  get seoReportPages() { return this.seo.seoReportPages; }
  get seoProjectPages() { return this.seo.seoProjectPages; }

  #discovery?: Group<typeof createDiscoveryLoaders>;
  private get discovery() { return (this.#discovery ??= createDiscoveryLoaders(this.clients)); }
  get pricingByGig() { return this.discovery.pricingByGig; }
  get favoriteGigPages() { return this.discovery.favoriteGigPages; }
  get recommendedGigPages() { return this.discovery.recommendedGigPages; }
  get recentGigs() { return this.discovery.recentGigs; }
  get collectionPages() { return this.discovery.collectionPages; }
  get savedSearchPages() { return this.discovery.savedSearchPages; }

  #orderLifecycle?: Group<typeof createOrderLifecycleLoaders>;
  private get orderLifecycle() { return (this.#orderLifecycle ??= createOrderLifecycleLoaders(this.clients)); }
  get countdownByOrder() { return this.orderLifecycle.countdownByOrder; }
  get extensionsByOrder() { return this.orderLifecycle.extensionsByOrder; }
  get timelineByOrder() { return this.orderLifecycle.timelineByOrder; }
  get filesByOrder() { return this.orderLifecycle.filesByOrder; }
  get reorderPages() { return this.orderLifecycle.reorderPages; }

  #requests?: Group<typeof createRequestLoaders>;
  private get requests() { return (this.#requests ??= createRequestLoaders(this.clients)); }
  get buyerRequestPages() { return this.requests.buyerRequestPages; }
  get requestBoardPages() { return this.requests.requestBoardPages; }
  get proposalPages() { return this.requests.proposalPages; }

  #offers?: Group<typeof createOfferLoaders>;
  private get offers() { return (this.#offers ??= createOfferLoaders(this.clients)); }
  get offerById() { return this.offers.offerById; }
  get offerPages() { return this.offers.offerPages; }

  #media?: Group<typeof createMediaLoaders>;
  private get media() { return (this.#media ??= createMediaLoaders(this.clients)); }
  get mediaById() { return this.media.mediaById; }
  get mediaPages() { return this.media.mediaPages; }

  #sellerExtras?: Group<typeof createSellerExtraLoaders>;
  private get sellerExtras() { return (this.#sellerExtras ??= createSellerExtraLoaders(this.clients)); }
  get sellerProfileByUsername() { return this.sellerExtras.sellerProfileByUsername; }
  get portfolioBySeller() { return this.sellerExtras.portfolioBySeller; }
  get portfolioProjectByKey() { return this.sellerExtras.portfolioProjectByKey; }
  get availabilityBySeller() { return this.sellerExtras.availabilityBySeller; }
  get testimonialsBySeller() { return this.sellerExtras.testimonialsBySeller; }
  get savedStudioPages() { return this.sellerExtras.savedStudioPages; }
  get sellerLeadPages() { return this.sellerExtras.sellerLeadPages; }
  get followedSellerPages() { return this.sellerExtras.followedSellerPages; }

  #mobile?: Group<typeof createMobileLoaders>;
  private get mobile() { return (this.#mobile ??= createMobileLoaders(this.clients)); }
  get mobileOrderById() { return this.mobile.mobileOrderById; }
  get mobileOrderPages() { return this.mobile.mobileOrderPages; }
}

export const createLoaders = (clients: Clients, options: ItemLoaderOptions): Loaders => new Loaders(clients, options);

/** Every loader a factory returns has its getter above: a name listed here is one that is missing. */
type Unexposed = Exclude<
  | keyof Group<typeof createItemLoaders>
  | keyof Group<typeof createOrderLoaders>
  | keyof Group<typeof createSeoLoaders>
  | keyof Group<typeof createDiscoveryLoaders>
  | keyof Group<typeof createOrderLifecycleLoaders>
  | keyof Group<typeof createRequestLoaders>
  | keyof Group<typeof createOfferLoaders>
  | keyof Group<typeof createMediaLoaders>
  | keyof Group<typeof createSellerExtraLoaders>
  | keyof Group<typeof createMobileLoaders>,
  keyof Loaders
>;
const everyLoaderExposed: [Unexposed] extends [never] ? true : Unexposed = true;
void everyLoaderExposed;
