/**
 * The benchmark's queries, each beside its hand-written "direct REST"
 * equivalent: the minimal set of calls for the same data, each level started
 * as soon as what it needs is known, siblings in parallel (what a careful user
 * would write without a gateway).
 */
import { DEMO_PURCHASE_CODES } from '../src/sandbox/items/index.js';
import type { Credentials, DirectRequest } from './direct/rest.js';

export interface Fixtures {
  gigSlug: string;
  seller: string;
  itemId: string;
  purchaseCode: string;
  itemCode: string;
}

/** The demo data the benchmark and the load test run on: the newest gig, pixelcraft, item 1 and two purchase codes. */
export async function loadFixtures(req: DirectRequest): Promise<Fixtures> {
  const newest = await req.get<Envelope<Array<{ slug: string }>>>('marketplace', '/gigs', { page: 1, per_page: 1 });
  return {
    gigSlug: newest.data[0]!.slug,
    seller: 'pixelcraft',
    itemId: '1',
    itemCode: DEMO_PURCHASE_CODES.item1,
    purchaseCode: DEMO_PURCHASE_CODES.item2,
  };
}

export interface BenchQuery {
  name: string;
  document: string;
  variables: Record<string, unknown>;
  /** Credentials the caller holds: sent as gateway headers, or used by the direct client. */
  credentials: Credentials;
  direct(req: DirectRequest): Promise<unknown>;
}

interface Envelope<T> {
  data: T;
}
interface Gig {
  slug: string;
  title: string;
  seller_username: string;
}
interface Order {
  uuid: string;
  status: string;
  gig_slug: string | null;
}
interface Item {
  id: number;
  name: string;
  demo_link: string | null;
}
interface Report {
  url: string;
  score: number;
}

const BUYER = 'demo-buyer-token';
const SEO_KEY = 'seo-demo-key';
const ITEMS_KEY = 'items-demo-key';

/** Reports whose url equals `url` exactly, as Item.demoReports defines them (one page of 100 covers the demo data). */
async function reportsFor(req: DirectRequest, url: string, first: number): Promise<Report[]> {
  const page = await req.get<Envelope<Report[]>>('seo', '/reports', { search: url, search_by: 'url', per_page: 100, page: 1 });
  return page.data.filter((r) => r.url === url).slice(0, first);
}

export function benchQueries(f: Fixtures): BenchQuery[] {
  return [
    {
      name: 'public gig with its seller',
      document: 'query($slug: String!) { gig(slug: $slug) { slug title priceFrom seller { username name rating } } }',
      variables: { slug: f.gigSlug },
      credentials: {},
      async direct(req) {
        const gig = (await req.get<Envelope<Gig>>('marketplace', `/gigs/${encodeURIComponent(f.gigSlug)}`)).data;
        const seller = (await req.get<Envelope<unknown>>('marketplace', `/sellers/${encodeURIComponent(gig.seller_username)}`)).data;
        return { gig, seller };
      },
    },
    {
      name: 'seller → gigs(10) → reviews(5)',
      document: `query($seller: String!) { seller(username: $seller) { username name rating
        gigs(first: 10) { totalCount nodes { slug title priceFrom reviews(first: 5) { totalCount nodes { rating comment reviewerUsername } } } } } }`,
      variables: { seller: f.seller },
      credentials: {},
      async direct(req) {
        // The reviews need only the gig list: they leave as soon as it arrives, whether or not the seller has answered.
        const gigs = req.get<Envelope<Gig[]>>('marketplace', '/gigs', { seller: f.seller, page: 1, per_page: 10 });
        const [seller, reviews] = await Promise.all([
          req.get('marketplace', `/sellers/${encodeURIComponent(f.seller)}`),
          gigs.then((list) =>
            Promise.all(
              list.data.map((gig) => req.get('marketplace', `/gigs/${encodeURIComponent(gig.slug)}/reviews`, { page: 1, per_page: 5 })),
            ),
          ),
        ]);
        return { seller, gigs: await gigs, reviews };
      },
    },
    ordersWithChildren(20),
    {
      name: 'item + purchase(code) + demoReports',
      document: `query($id: ID!, $code: String!) { item(id: $id) { id name version demoLink price { regular }
        purchase(code: $code) { valid reason purchase { licenseType } } demoReports(first: 5) { url score } } }`,
      variables: { id: f.itemId, code: f.itemCode },
      credentials: { seoApiKey: SEO_KEY, itemsApiKey: ITEMS_KEY },
      async direct(req) {
        // The demo reports need only the item: they leave as soon as it arrives, whether or not the validation has answered.
        const item = req.get<{ item: Item }>('items', '/items/item', { item_id: f.itemId });
        const [purchase, reports] = await Promise.all([
          req.postForm('items', '/purchases/validation', { purchase_code: f.itemCode }),
          item.then((found) => (found.item.demo_link ? reportsFor(req, found.item.demo_link, 5) : [])),
        ]);
        return { item: await item, purchase, reports };
      },
    },
    {
      name: 'all three services in one request',
      document: `query($seller: String!, $code: String!) { me { username } seller(username: $seller) { name gigs(first: 3) { nodes { title } } }
        seoReports(first: 5) { totalCount nodes { url score } } itemsAccount { username } validatePurchase(code: $code) { valid } }`,
      variables: { seller: f.seller, code: f.purchaseCode },
      credentials: { marketplaceToken: BUYER, seoApiKey: SEO_KEY, itemsApiKey: ITEMS_KEY },
      async direct(req) {
        return Promise.all([
          req.get('marketplace', '/me'),
          req.get('marketplace', `/sellers/${encodeURIComponent(f.seller)}`),
          req.get('marketplace', '/gigs', { seller: f.seller, page: 1, per_page: 3 }),
          req.get('seo', '/reports', { per_page: 10, page: 1 }),
          req.get('items', '/account/details'),
          req.postForm('items', '/purchases/validation', { purchase_code: f.purchaseCode }),
        ]);
      },
    },
  ];
}

/** The caller's first `first` orders, each with its gig, deliveries and revisions: 1 + up to 3 calls per order. */
export function ordersWithChildren(first: number): BenchQuery {
  return {
    name: `orders(${first}) → gig, deliveries, revisions`,
    document: `{ orders(first: ${first}) { totalCount nodes { id status total gig { slug title } deliveries { id message } revisions { id reason } } } }`,
    variables: {},
    credentials: { marketplaceToken: BUYER },
    async direct(req) {
      const orders = await req.get<Envelope<Order[]>>('marketplace', '/orders', { page: 1, per_page: first });
      return Promise.all(
        orders.data.map((order) => {
          const id = encodeURIComponent(order.uuid);
          return Promise.all([
            order.gig_slug ? req.get('marketplace', `/gigs/${encodeURIComponent(order.gig_slug)}`) : null,
            req.get('marketplace', `/orders/${id}/deliveries`),
            req.get('marketplace', `/orders/${id}/revisions`),
          ]);
        }),
      );
    },
  };
}

/** Gateway request headers for a query's credentials (contract section 3). */
export function gatewayHeaders(credentials: Credentials): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.marketplaceToken) headers.authorization = `Bearer ${credentials.marketplaceToken}`;
  if (credentials.seoApiKey) headers['x-seo-api-key'] = credentials.seoApiKey;
  if (credentials.itemsApiKey) headers['x-items-api-key'] = credentials.itemsApiKey;
  return headers;
}
