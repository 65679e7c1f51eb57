/** The keys of the gig reads (`gig(slug)`, `gigs(search)`, `Seller.gigs`), `Gig.category`, and links that end at a gig. */
import type { GatewayContext } from '../src/context.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type { GigShape } from '../src/upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { searchText } from './args.js';

/** `gig(slug)`: the slug, checked before any call. */
export const gigKey = (slug: string) => ({ slug: identifier(slug, 'slug') });

/** `gigs(search, seller, category)`: the filters given, trimmed and checked, in the upstream's query. */
export function gigSearch(args: { search?: string | null; seller?: string | null; category?: string | null }) {
  const query: { search?: string; seller?: string; category?: string } = {};
  const search = searchText(args.search, 'search');
  const seller = searchText(args.seller, 'seller');
  const category = searchText(args.category, 'category');
  if (search) query.search = search;
  if (seller) query.seller = seller;
  if (category) query.category = category;
  return { query };
}

/** `Seller.gigs` is GET /gigs?seller=<username>. */
export const gigsOfSeller = (username: string) => ({ query: { seller: username } });

export const gigCategory = async (parent: GigShape, _args: unknown, ctx: GatewayContext) => {
  if (!parent.categorySlug) return null;
  const categories = await ctx.reference.categories();
  return categories.find((c) => c.slug === parent.categorySlug) ?? null;
};

/**
 * A gig that arrived inside an answer the read cache does not keep (an AI search, a POST): `gig(slug)` later in the
 * request costs nothing. A read's nested gigs prime through its row's `primes` instead (a recommendation, a placement).
 */
export const primeGig = (ctx: GatewayContext, gig: GigShape) => ctx.clients.marketplace.prime(ops.gigsShow, { slug: gig.slug }, gig);

/** The key of a link to a gig (`Order.gig`): none, so a null field and no call, when the record names no gig. */
export const gigLink = (slug: string | null) => (slug ? { slug } : null);
