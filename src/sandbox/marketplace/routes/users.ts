/**
 * Users and sellers: profiles, portfolio, availability, testimonials, saved
 * studios (idempotent favorite/unfavorite) and the seller's own analytics
 * (growth, leads, conversion), all derived from the orders and gigs in state.
 */
import { ok } from '../../laravel.js';
import { notFound, page, sellersOnly, type MarketplaceApi } from '../api.js';
import { presentGig, presentMe, presentRequest, presentSeller, presentSellerProfile, presentUser } from '../present.js';

const DAY_MS = 86_400_000;

export function registerUserRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const seller = (username: string) => (state.sellers.has(username) ? username : undefined);

  api
    .handle('me', (_req, viewer) => ok(presentMe(viewer.user)))
    .handle('usersShow', (req) => {
      const user = state.users.get(req.params.username!);
      return user ? ok(presentUser(user)) : notFound('User');
    })
    .handle('sellersIndex', (req) => page(req, [...state.sellers.keys()].sort(), (u) => presentSeller(state, u)))
    .handle('sellersShow', (req) => {
      const username = seller(req.params.username!);
      return username ? ok(presentSeller(state, username)) : notFound('Seller');
    })
    .handle('sellersProfile', (req) => {
      const username = seller(req.params.username!);
      return username ? ok(presentSellerProfile(state, username)) : notFound('Seller');
    })
    .handle('sellersPortfolio', (req) => {
      const username = seller(req.params.username!);
      return username ? ok(state.portfolio.get(username) ?? []) : notFound('Seller');
    })
    .handle('sellersPortfolioShow', (req) => {
      const username = seller(req.params.username!);
      const project = username && state.portfolio.get(username)?.find((p) => p.slug === req.params.project);
      return project ? ok(project) : notFound('Portfolio project');
    })
    .handle('sellersAvailability', (req) => {
      const username = seller(req.params.username!);
      if (!username) return notFound('Seller');
      const profile = state.sellers.get(username)!;
      const active = state
        .ordersOf(username)
        .filter((o) => o.seller_username === username && ['pending', 'in_progress', 'revision_requested'].includes(o.status));
      const nextDue = active.map((o) => o.due_at).sort()[0] ?? null;
      return ok({
        username,
        status: profile.availability,
        accepting_orders: profile.availability !== 'away',
        response_time_hours: profile.response_time_hours,
        active_orders: active.length,
        next_available_at: profile.availability === 'available' ? state.now() : nextDue,
      });
    })
    .handle('sellersTestimonials', (req) => {
      const username = seller(req.params.username!);
      if (!username) return notFound('Seller');
      return ok(state.testimonials.filter((t) => t.seller_username === username && t.status === 'approved'));
    })
    .handle('savedStudios', (req, viewer) =>
      page(req, [...state.setOf(state.savedStudios, viewer.username)].sort(), (u) => presentSeller(state, u)),
    )
    .handle('sellerFavorite', (req, viewer) => {
      const username = seller(req.params.username!);
      if (!username) return notFound('Seller');
      const saved = state.setOf(state.savedStudios, viewer.username);
      if (!saved.has(username)) {
        saved.add(username);
        state.tick();
        state.emit('seller.favorited', { username: viewer.username, seller_username: username });
      }
      return ok({ seller_username: username, favorited: true });
    })
    .handle('sellerUnfavorite', (req, viewer) => {
      const username = seller(req.params.username!);
      if (!username) return notFound('Seller');
      state.setOf(state.savedStudios, viewer.username).delete(username);
      return ok({ seller_username: username, favorited: false });
    })
    .handle('sellerGrowth', (req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const days = Number(req.query.get('days') ?? 30);
      const period = Number.isInteger(days) && days >= 7 && days <= 365 ? days : 30;
      const since = state.nowMs() - period * DAY_MS;
      const orders = state.ordersOf(viewer.username).filter((o) => o.seller_username === viewer.username && o.status !== 'cancelled');
      const inPeriod = orders.filter((o) => Date.parse(o.created_at) >= since);
      const buyerCounts = new Map<string, number>();
      for (const o of orders) buyerCounts.set(o.buyer_username, (buyerCounts.get(o.buyer_username) ?? 0) + 1);
      const weeks = Array.from({ length: Math.ceil(period / 7) }, (_, i) => {
        const from = since + i * 7 * DAY_MS;
        const slice = inPeriod.filter((o) => Date.parse(o.created_at) >= from && Date.parse(o.created_at) < from + 7 * DAY_MS);
        return {
          week_start: new Date(from).toISOString(),
          orders: slice.length,
          revenue: Math.round(slice.reduce((s, o) => s + o.total, 0) * 100) / 100,
        };
      });
      return ok({
        username: viewer.username,
        period_days: period,
        orders: inPeriod.length,
        revenue: Math.round(inPeriod.reduce((s, o) => s + o.total, 0) * 100) / 100,
        currency: 'USD',
        repeat_buyers: [...buyerCounts.values()].filter((n) => n > 1).length,
        series: weeks,
      });
    })
    .handle('sellerLeads', (req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const categories = new Set(state.gigsOf(viewer.username).map((g) => g.category_slug));
      const proposed = new Set(
        [...state.proposals.values()].filter((p) => p.seller_username === viewer.username).map((p) => p.request_uuid),
      );
      const leads = [...state.requests.values()]
        .filter(
          (r) =>
            r.status === 'open' &&
            r.buyer_username !== viewer.username &&
            !proposed.has(r.uuid) &&
            (r.category_slug === null || categories.has(r.category_slug)),
        )
        .sort((a, b) => (a.created_at < b.created_at ? 1 : -1));
      return page(req, leads, (r) => presentRequest(state, r));
    })
    .handle('analyticsConversion', (_req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const orders = state.ordersOf(viewer.username).filter((o) => o.seller_username === viewer.username);
      const byGig = state.gigsOf(viewer.username).map((g) => {
        const gigOrders = orders.filter((o) => o.gig_slug === g.slug).length;
        const views = 40 + gigOrders * 25 + presentGig(state, g).reviews_count * 12;
        return { gig_slug: g.slug, views, orders: gigOrders, conversion_rate: Math.round((gigOrders / views) * 10_000) / 100 };
      });
      const views = byGig.reduce((s, g) => s + g.views, 0);
      return ok({
        username: viewer.username,
        views,
        orders: orders.length,
        conversion_rate: views ? Math.round((orders.length / views) * 10_000) / 100 : 0,
        gigs: byGig,
      });
    });
}
