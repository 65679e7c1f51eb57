/**
 * Gigs and discovery: the gig search (`seller`, `search`, `category`
 * filters), pricing and quotes, reviews, favorites (a toggle), recently
 * viewed gigs (recorded when a signed-in user opens a gig), recommendations,
 * suggestions, collections and saved searches.
 */
import { ok } from '../../laravel.js';
import { notFound, page, type MarketplaceApi } from '../api.js';
import { PACKAGE_MULTIPLIER, PACKAGE_NAMES, priceOf } from '../pricing.js';
import { presentGig, presentReview } from '../present.js';
import type { CollectionRecord, GigRecord } from '../records.js';
import { newestFirst, type MarketplaceState } from '../state.js';
import { Checker } from '../validate.js';

const RECENT_LIMIT = 20;

/**
 * Gigs for a user: not their own, not already ordered, in the categories of
 * their orders and favorites (any category when they have none), best rated first.
 */
export function recommendedGigs(state: MarketplaceState, username: string, limit = 60): GigRecord[] {
  const mine = state.ordersOf(username);
  const seen = new Set(mine.map((o) => o.gig_slug));
  const liked = new Set<string>();
  for (const slug of [...seen, ...state.setOf(state.favorites, username)]) {
    const category = state.gigsBySlug.get(slug)?.category_slug;
    if (category) liked.add(category);
  }
  return state.gigs
    .filter((g) => g.seller_username !== username && !seen.has(g.slug) && (liked.size === 0 || liked.has(g.category_slug)))
    .map((g) => ({ g, stats: presentGig(state, g) }))
    .sort((a, b) => b.stats.rating - a.stats.rating || b.stats.reviews_count - a.stats.reviews_count || (a.g.slug < b.g.slug ? -1 : 1))
    .slice(0, limit)
    .map((x) => x.g);
}

export function registerGigRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const gig = (slug: string | undefined) => (slug === undefined ? undefined : state.gigsBySlug.get(slug));
  const present = (g: GigRecord) => presentGig(state, g);
  const packages = (g: GigRecord) =>
    PACKAGE_NAMES.map((name, i) => ({
      name,
      price: priceOf(g, name),
      delivery_days: Math.max(1, g.delivery_days - i),
      revisions: [1, 3, null][i],
      features: ['Source files', 'Commercial use', 'Priority support'].slice(0, i + 1),
    }));
  const presentCollection = (c: CollectionRecord) => ({ ...c, gigs_count: c.gig_slugs.length });

  api
    .handle('gigsIndex', (req) => {
      const seller = req.query.get('seller');
      const search = req.query.get('search')?.trim().toLowerCase();
      const category = req.query.get('category');
      const categories = category
        ? new Set(state.categories.filter((c) => c.slug === category || c.parent_slug === category).map((c) => c.slug))
        : undefined;
      const gigs = state.gigs.filter(
        (g) =>
          (!seller || g.seller_username === seller) &&
          (!categories || categories.has(g.category_slug)) &&
          (!search || g.title.toLowerCase().includes(search) || g.description.toLowerCase().includes(search)),
      );
      return page(req, gigs, present);
    })
    .handle('gigsShow', (req, viewer) => {
      const found = gig(req.params.slug);
      if (!found) return notFound('Gig');
      if (viewer) {
        const recent = (state.recent.get(viewer.username) ?? []).filter((s) => s !== found.slug);
        state.recent.set(viewer.username, [found.slug, ...recent].slice(0, RECENT_LIMIT));
      }
      return ok(present(found));
    })
    .handle('gigsPricing', (req) => {
      const found = gig(req.params.slug);
      return found ? ok({ gig_slug: found.slug, currency: found.currency, packages: packages(found) }) : notFound('Gig');
    })
    .handle('gigsQuote', (req) => {
      const found = gig(req.params.slug);
      if (!found) return notFound('Gig');
      const check = new Checker(req.body);
      const pkg = check.oneOf('package', PACKAGE_NAMES) ?? 'basic';
      const quantity = check.number('quantity', { integer: true, min: 1, max: 20 }) ?? 1;
      const express = check.boolean('express') ?? false;
      const invalid = check.failed();
      if (invalid) return invalid;
      const unit = priceOf(found, pkg);
      const subtotal = Math.round((unit * quantity + (express ? found.price_from : 0)) * 100) / 100;
      const fee = Math.round(subtotal * 0.055 * 100) / 100;
      const delivery = Math.max(1, found.delivery_days - PACKAGE_NAMES.indexOf(pkg));
      return ok({
        gig_slug: found.slug,
        package: pkg,
        quantity,
        express,
        unit_price: unit,
        subtotal,
        service_fee: fee,
        total: Math.round((subtotal + fee) * 100) / 100,
        currency: found.currency,
        delivery_days: express ? Math.max(1, Math.ceil(delivery / 2)) : delivery,
        multiplier: PACKAGE_MULTIPLIER[pkg],
        expires_at: new Date(state.nowMs() + 86_400_000).toISOString(),
      });
    })
    .handle('favoritesIndex', (req, viewer) => {
      const slugs = [...state.setOf(state.favorites, viewer.username)].reverse();
      return page(
        req,
        slugs.flatMap((s) => gig(s) ?? []),
        present,
      );
    })
    .handle('favoritesToggle', (req, viewer) => {
      const found = gig(req.params.slug);
      if (!found) return notFound('Gig');
      const favorites = state.setOf(state.favorites, viewer.username);
      const favorited = !favorites.delete(found.slug);
      if (favorited) favorites.add(found.slug);
      return ok({ gig_slug: found.slug, favorited });
    })
    .handle('reviewsGig', (req) => {
      const found = gig(req.params.slug);
      return found ? page(req, state.reviewsOf(found.slug), presentReview) : notFound('Gig');
    })
    .handle('recommendations', (req, viewer) => page(req, recommendedGigs(state, viewer.username), present))
    .handle('recentViews', (_req, viewer) => ok((state.recent.get(viewer.username) ?? []).flatMap((s) => gig(s) ?? []).map(present)))
    .handle('searchSuggestions', (req) => {
      const q = (req.query.get('q') ?? req.query.get('search') ?? '').trim().toLowerCase();
      const categories = state.categories
        .filter((c) => !q || c.name.toLowerCase().includes(q) || c.slug.includes(q))
        .map((c) => ({ type: 'category', text: c.name, value: c.slug }));
      const sellers = q
        ? [...state.sellers.keys()].filter((u) => u.includes(q)).map((u) => ({ type: 'seller', text: state.users.get(u)!.name, value: u }))
        : [];
      const gigs = q
        ? state.gigs.filter((g) => g.title.toLowerCase().includes(q)).map((g) => ({ type: 'gig', text: g.title, value: g.slug }))
        : [];
      const seen = new Set<string>();
      const unique = [...categories, ...sellers, ...gigs].filter((s) => !seen.has(s.text) && seen.add(s.text));
      return ok(unique.slice(0, 8));
    })
    .handle('collectionsIndex', (req, viewer) => {
      const mine = [...state.collections.values()].filter((c) => c.username === viewer.username).sort(newestFirst);
      return page(req, mine, presentCollection);
    })
    .handle('collectionsStore', (req, viewer) => {
      const check = new Checker(req.body);
      const name = check.string('name', { required: true, max: 100, min: 1 });
      const description = check.string('description', { max: 500 }) ?? null;
      const isPublic = check.boolean('is_public') ?? false;
      const slugs = check.strings('gig_slugs') ?? [];
      const unknown = slugs.filter((s) => !state.gigsBySlug.has(s));
      if (unknown.length) check.reject('gig_slugs', `Unknown gig: ${unknown.join(', ')}.`);
      const invalid = check.failed();
      if (invalid) return invalid;
      const collection: CollectionRecord = {
        uuid: state.uuid(),
        username: viewer.username,
        name: name!,
        description,
        is_public: isPublic,
        gig_slugs: [...new Set(slugs)],
        created_at: state.tick(),
      };
      state.collections.set(collection.uuid, collection);
      return ok(presentCollection(collection), 201);
    })
    .handle('savedSearchesIndex', (req, viewer) =>
      page(req, [...state.savedSearches.values()].filter((s) => s.username === viewer.username).sort(newestFirst)),
    );
}
