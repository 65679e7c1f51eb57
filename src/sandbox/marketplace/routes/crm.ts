/**
 * Seller CRM and following: customers (one per buyer who ordered from the
 * seller; totals derived from orders), private notes, stats, retention
 * campaigns (created `scheduled`), and idempotent follow/unfollow of sellers.
 */
import { ok } from '../../laravel.js';
import { notFound, page, sellersOnly, type MarketplaceApi } from '../api.js';
import { presentCrmCustomer, presentSeller } from '../present.js';
import type { CrmNoteRecord, RetentionCampaignRecord } from '../records.js';
import { newestFirst } from '../state.js';
import { Checker } from '../validate.js';

const round2 = (n: number) => Math.round(n * 100) / 100;

export function registerCrmRoutes(api: MarketplaceApi): void {
  const { state } = api;
  const customersOf = (seller: string) =>
    [...state.crmCustomers.values()]
      .filter((c) => c.seller_username === seller)
      .map((c) => presentCrmCustomer(state, c, false))
      .sort((a, b) => ((a.last_order_at ?? '') < (b.last_order_at ?? '') ? 1 : (a.last_order_at ?? '') > (b.last_order_at ?? '') ? -1 : 0));
  const followersOf = (seller: string) => [...state.follows.values()].filter((s) => s.has(seller)).length;

  api
    .handle('sellerCrmIndex', (req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const status = req.query.get('status');
      return page(
        req,
        customersOf(viewer.username).filter((c) => !status || c.status === status),
      );
    })
    .handle('sellerCrmStats', (_req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const customers = customersOf(viewer.username);
      const revenue = customers.reduce((s, c) => s + c.total_spent, 0);
      const orders = customers.reduce((s, c) => s + c.orders_count, 0);
      return ok({
        customers_count: customers.length,
        active_customers: customers.filter((c) => c.status === 'active').length,
        inactive_customers: customers.filter((c) => c.status === 'inactive').length,
        repeat_customers: customers.filter((c) => c.orders_count > 1).length,
        total_revenue: round2(revenue),
        average_order_value: orders ? round2(revenue / orders) : 0,
        followers_count: followersOf(viewer.username),
        currency: 'USD',
      });
    })
    .handle('sellerCrmShow', (req, viewer) => {
      const customer = state.crmCustomers.get(req.params.uuid!);
      return customer && customer.seller_username === viewer.username
        ? ok(presentCrmCustomer(state, customer, true))
        : notFound('Customer');
    })
    .handle('sellerCrmNote', (req, viewer) => {
      const customer = state.crmCustomers.get(req.params.uuid!);
      if (!customer || customer.seller_username !== viewer.username) return notFound('Customer');
      const check = new Checker(req.body);
      const body = check.string('body', { required: true, max: 5000, min: 1 });
      const invalid = check.failed();
      if (invalid) return invalid;
      const note: CrmNoteRecord = {
        uuid: state.uuid(),
        customer_uuid: customer.uuid,
        author_username: viewer.username,
        body: body!,
        created_at: state.tick(),
      };
      state.crmNotes.push(note);
      return ok(note, 201);
    })
    .handle('sellerCrmCampaigns', (req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      return page(req, [...state.retention.values()].filter((r) => r.seller_username === viewer.username).sort(newestFirst), (r) => ({
        ...r,
        audience_count: audience(viewer.username, r.segment),
      }));
    })
    .handle('sellerCrmCampaignStore', (req, viewer) => {
      if (!viewer.isSeller) return sellersOnly();
      const check = new Checker(req.body);
      const name = check.string('name', { required: true, max: 120, min: 3 });
      const segment = check.oneOf('segment', ['all', 'repeat', 'inactive'] as const) ?? 'all';
      const message = check.string('message', { required: true, max: 2000, min: 5 });
      const discount = check.number('discount_percent', { integer: true, min: 0, max: 90 }) ?? 0;
      const invalid = check.failed();
      if (invalid) return invalid;
      const at = state.tick();
      const campaign: RetentionCampaignRecord = {
        uuid: state.uuid(),
        seller_username: viewer.username,
        name: name!,
        segment,
        message: message!,
        discount_percent: discount,
        coupon_code: discount ? `${viewer.username.slice(0, 6).toUpperCase()}${discount}` : '',
        status: 'scheduled',
        send_at: new Date(state.nowMs() + 3_600_000).toISOString(),
        created_at: at,
      };
      state.retention.set(campaign.uuid, campaign);
      return ok({ ...campaign, audience_count: audience(viewer.username, segment) }, 201);
    })
    .handle('sellerFollowIndex', (req, viewer) =>
      page(req, [...state.setOf(state.follows, viewer.username)].sort(), (u) => presentSeller(state, u)),
    )
    .handle('sellerFollow', (req, viewer) => {
      const seller = req.params.username!;
      if (!state.sellers.has(seller)) return notFound('Seller');
      const follows = state.setOf(state.follows, viewer.username);
      if (!follows.has(seller)) {
        follows.add(seller);
        state.tick();
        state.emit('crm.seller.followed', { username: viewer.username, seller_username: seller });
      }
      return ok({ seller_username: seller, following: true, followers_count: followersOf(seller) });
    })
    .handle('sellerUnfollow', (req, viewer) => {
      const seller = req.params.username!;
      if (!state.sellers.has(seller)) return notFound('Seller');
      state.setOf(state.follows, viewer.username).delete(seller);
      return ok({ seller_username: seller, following: false, followers_count: followersOf(seller) });
    });

  function audience(seller: string, segment: RetentionCampaignRecord['segment']): number {
    const customers = customersOf(seller);
    if (segment === 'repeat') return customers.filter((c) => c.orders_count > 1).length;
    if (segment === 'inactive') return customers.filter((c) => c.status === 'inactive').length;
    return customers.length;
  }
}
