/**
 * What a marketplace event changes, as cache tags (see keys.ts): evicted
 * when a signed webhook is accepted, before the event is published, so a
 * subscriber who reads again at once sees the new data.
 */
import { resourceTag } from './keys.js';

const tag = (kind: string, id: string, part?: string) => resourceTag('marketplace', kind, id, part);
const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : undefined);
/**
 * The public lists that show gigs (whole, or their titles): the gig list, the sponsored placements (each embeds its
 * gig) and the search suggestions. Lists have no parameter in their path, so each has one tag (keys.ts).
 */
const GIG_LISTS = ['marketplace:gigs', 'marketplace:sponsored', 'marketplace:search/suggestions'];
/** The public lists that show sellers (their names): the seller list and the search suggestions. */
const SELLER_LISTS = ['marketplace:sellers', 'marketplace:search/suggestions'];

/** The seller an event names, and lists showing sellers: their gig count and rating cover every gig of theirs. */
const sellerOf = (data: Record<string, unknown>) => {
  const seller = text(data.seller_username);
  return seller ? [tag('seller', seller), ...SELLER_LISTS] : [];
};

/** The tags an event makes stale; none for an event that changes no public read. */
export function tagsForEvent(event: string, data: Record<string, unknown>): string[] {
  const family = event.split('.')[0];
  const gig = text(data.slug) ?? text(data.gig_slug);
  const username = text(data.username);
  switch (family) {
    case 'gig':
      // The gig with its pricing and reviews (every path under /gigs/{slug}), lists showing gigs, and its seller.
      return [...new Set([...(gig ? [tag('gig', gig)] : []), ...GIG_LISTS, ...sellerOf(data)])];
    case 'seller':
    case 'user':
    case 'profile': {
      // A seller is a user too: both profiles of everyone named (seller.favorited names the buyer
      // as username and the studio as seller_username), and lists showing sellers. A profile event
      // (a new avatar or cover) changes the `avatar_url` those public reads show.
      const named = [...new Set([username, text(data.seller_username)].filter((name) => name !== undefined))];
      return [...named.flatMap((name) => [tag('seller', name), tag('user', name)]), ...SELLER_LISTS];
    }
    case 'review': {
      if (event !== 'review.created') return [];
      // A review changes the gig's rating and count as well as its review list, wherever the gig is shown (gig
      // lists, and the gigs they prime), and its seller's.
      return [...new Set([...(gig ? [tag('gig', gig, 'reviews'), tag('gig', gig)] : []), ...GIG_LISTS, ...sellerOf(data)])];
    }
    case 'portfolio':
    case 'testimonial': {
      // The seller's portfolio and testimonials, and the profile that counts the portfolio's projects.
      const seller = text(data.seller_username) ?? username;
      return seller ? [tag('seller', seller, 'portfolio'), tag('seller', seller, 'testimonials'), tag('seller', seller, 'profile')] : [];
    }
    default:
      return [];
  }
}
