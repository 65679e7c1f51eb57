/**
 * Seller CRM and following through the gateway: customers (status filter,
 * notes from the single read), private notes that the same customer then
 * shows, stats, retention campaigns (created scheduled), and follow/unfollow
 * as idempotent toggles, each with its scope and role outcome.
 */
import { describe, expect, it } from 'vitest';
import { errorAt, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { bearer, marketplaceCalls, marketplaceBody } from '../helpers/operations.js';

const gw = useTestGateway({}, ['marketplace']);

const as = bearer;
const seller = as(TOKENS.seller);
const calls = () => marketplaceCalls(gw);
const bodyOf = (index = 0) => marketplaceBody(gw, index);

interface Customer {
  id: string;
  status: string;
  username: string;
  notesCount: number;
  notes: Array<{ id: string; body: string }>;
}

describe('CRM customers', () => {
  it('lists customers by status; notes of a listed customer come from its single read', async () => {
    const res = await gw.query<{ crmCustomers: { totalCount: number; nodes: Customer[] } }>(
      '{ crmCustomers(status: ACTIVE, first: 2) { totalCount nodes { id status username ordersCount totalSpent notesCount notes { id body } user { username } } } }',
      { headers: seller },
    );
    expect(res.errors).toBeUndefined();
    const { nodes } = res.data!.crmCustomers;
    expect(nodes.length).toBeGreaterThan(0);
    for (const c of nodes) {
      expect(c.status).toBe('active');
      expect(c.notes).toHaveLength(c.notesCount);
      expect(calls()).toContain(`GET /api/v1/seller/crm/${c.id}`);
    }
    expect(gw.calls('marketplace')[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/seller/crm',
      query: { status: 'active', page: '1', per_page: '2' },
    });
  });

  it('adds a private note that the customer then shows, in the same request', async () => {
    const list = await gw.query<{ crmCustomers: { nodes: Customer[] } }>('{ crmCustomers(first: 1) { nodes { id notesCount } } }', {
      headers: seller,
    });
    const customer = list.data!.crmCustomers.nodes[0]!;
    gw.resetCalls();
    const res = await gw.query<{ addCrmNote: { note: { id: string; body: string; authorUsername: string }; customer: Customer } }>(
      `mutation { addCrmNote(input: { customerId: "${customer.id}", body: "Wants a rush option next time." }) { note { id body authorUsername } customer { notesCount notes { id body } } } }`,
      { headers: seller },
    );
    expect(res.errors).toBeUndefined();
    const { note, customer: after } = res.data!.addCrmNote;
    expect(note).toMatchObject({ body: 'Wants a rush option next time.', authorUsername: 'pixelcraft' });
    expect(after.notesCount).toBe(customer.notesCount + 1);
    expect(after.notes.map((n) => n.id)).toContain(note.id);
    expect(calls()).toEqual([`POST /api/v1/seller/crm/${customer.id}/notes`, `GET /api/v1/seller/crm/${customer.id}`]);
    expect(bodyOf()).toEqual({ body: 'Wants a rush option next time.' });
  });

  it('refuses an empty note before any call, and NOT_FOUND for a customer of another seller', async () => {
    const empty = await gw.query('mutation { addCrmNote(input: { customerId: "abc", body: "  " }) { note { id } } }', { headers: seller });
    expect(errorAt(empty, 'addCrmNote')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.body' });
    expect(gw.calls('marketplace')).toHaveLength(0);
    const missing = await gw.query('{ crmCustomer(id: "not-a-customer") { id } }', { headers: seller });
    expect(errorAt(missing, 'crmCustomer')?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('reads stats consistent with the customer list', async () => {
    const res = await gw.query<{
      crmStats: { customersCount: number; activeCustomers: number; inactiveCustomers: number; currency: string };
      crmCustomers: { totalCount: number };
    }>(
      '{ crmStats { customersCount activeCustomers inactiveCustomers repeatCustomers totalRevenue averageOrderValue followersCount currency } crmCustomers(first: 1) { totalCount } }',
      { headers: seller },
    );
    expect(res.errors).toBeUndefined();
    const stats = res.data!.crmStats;
    expect(stats.customersCount).toBe(res.data!.crmCustomers.totalCount);
    expect(stats.activeCustomers + stats.inactiveCustomers).toBe(stats.customersCount);
    expect(calls()).toContain('GET /api/v1/seller/crm/stats');
  });

  it('reads stats once per GraphQL request, however many aliases ask', async () => {
    const res = await gw.query('{ a: crmStats { customersCount } b: crmStats { totalRevenue } }', { headers: seller });
    expect(res.errors).toBeUndefined();
    expect(calls()).toEqual(['GET /api/v1/seller/crm/stats']);
  });

  it('needs crm.read / crm.write, and a seller', async () => {
    const noRead = await gw.query(
      '{ crmCustomers(first: 1) { totalCount } crmStats { customersCount } retentionCampaigns(first: 1) { totalCount } crmCustomer(id: "x") { id } }',
      {
        headers: as('sandbox:pixelcraft:orders.read'),
      },
    );
    for (const field of ['crmCustomers', 'crmStats', 'retentionCampaigns', 'crmCustomer']) {
      expect(errorAt(noRead, field)?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'crm.read' });
    }
    const noWrite = await gw.query('mutation { addCrmNote(input: { customerId: "x", body: "hello" }) { note { id } } }', {
      headers: as('sandbox:pixelcraft:crm.read'),
    });
    expect(errorAt(noWrite, 'addCrmNote')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'crm.write' });
    const buyer = await gw.query('{ crmStats { customersCount } }', { headers: as(TOKENS.buyer) });
    expect(errorAt(buyer, 'crmStats')?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });
});

describe('retention campaigns', () => {
  it('creates a scheduled campaign with a coupon, listed first afterwards', async () => {
    const res = await gw.query<{
      createRetentionCampaign: {
        campaign: { id: string; status: string; segment: string; couponCode: string; discountPercent: number; audienceCount: number };
      };
    }>(
      'mutation { createRetentionCampaign(input: { name: "Come back", message: "Ten percent off your next order.", segment: REPEAT, discountPercent: 10 }) { campaign { id status segment couponCode discountPercent audienceCount sendAt } } }',
      { headers: seller },
    );
    expect(res.errors).toBeUndefined();
    const campaign = res.data!.createRetentionCampaign.campaign;
    expect(campaign).toMatchObject({ status: 'scheduled', segment: 'repeat', discountPercent: 10, couponCode: 'PIXELC10' });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/seller/crm/campaigns' });
    expect(bodyOf()).toEqual({ name: 'Come back', message: 'Ten percent off your next order.', segment: 'repeat', discount_percent: 10 });

    gw.resetCalls();
    const list = await gw.query<{ retentionCampaigns: { nodes: Array<{ id: string; status: string }> } }>(
      '{ retentionCampaigns(first: 5) { totalCount nodes { id status } } }',
      { headers: seller },
    );
    expect(list.data!.retentionCampaigns.nodes[0]).toEqual({ id: campaign.id, status: 'scheduled' });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/seller/crm/campaigns' });
  });

  it('refuses a discount over 90 percent before any call, and needs crm.write', async () => {
    const res = await gw.query(
      'mutation { createRetentionCampaign(input: { name: "Too much", message: "Almost free!", discountPercent: 95 }) { campaign { id } } }',
      { headers: seller },
    );
    expect(errorAt(res, 'createRetentionCampaign')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.discountPercent' });
    expect(gw.calls('marketplace')).toHaveLength(0);
    const denied = await gw.query(
      'mutation { createRetentionCampaign(input: { name: "Hello", message: "Hello there" }) { campaign { id } } }',
      { headers: as(TOKENS.readonly) },
    );
    expect(errorAt(denied, 'createRetentionCampaign')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'crm.write' });
  });
});

describe('following sellers', () => {
  const toggle = (op: 'followSeller' | 'unfollowSeller', token: string = TOKENS.buyer) =>
    gw.query<Record<string, { following: boolean; followersCount: number; seller: { username: string } }>>(
      `mutation { ${op}(input: { username: "wordsmithy" }) { following followersCount sellerUsername seller { username } } }`,
      { headers: as(token) },
    );
  const followed = async () =>
    (
      await gw.query<{ followedSellers: { nodes: Array<{ username: string }> } }>(
        '{ followedSellers(first: 50) { totalCount nodes { username } } }',
        { headers: as(TOKENS.buyer) },
      )
    ).data!.followedSellers.nodes.map((n) => n.username);

  it('follow and unfollow are idempotent toggles', async () => {
    const first = await toggle('followSeller');
    expect(first.errors).toBeUndefined();
    expect(first.data!.followSeller).toMatchObject({ following: true, seller: { username: 'wordsmithy' } });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/sellers/wordsmithy/follow' });
    const count = first.data!.followSeller!.followersCount;
    const again = await toggle('followSeller');
    expect(again.data!.followSeller).toMatchObject({ following: true, followersCount: count });
    expect((await followed()).filter((u) => u === 'wordsmithy')).toHaveLength(1);

    gw.resetCalls();
    const off = await toggle('unfollowSeller');
    expect(off.data!.unfollowSeller).toMatchObject({ following: false, followersCount: count - 1 });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/sellers/wordsmithy/follow' });
    const offAgain = await toggle('unfollowSeller');
    expect(offAgain.data!.unfollowSeller).toMatchObject({ following: false, followersCount: count - 1 });
    expect(await followed()).not.toContain('wordsmithy');
    expect(gw.calls('marketplace').at(-1)).toMatchObject({ method: 'GET', path: '/api/v1/following' });
  });

  it('needs crm.write to toggle and crm.read to list; NOT_FOUND for an unknown seller', async () => {
    const denied = await toggle('followSeller', TOKENS.readonly);
    expect(errorAt(denied, 'followSeller')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'crm.write' });
    const list = await gw.query('{ followedSellers(first: 1) { totalCount } }', { headers: as(TOKENS.readonly) });
    expect(errorAt(list, 'followedSellers')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'crm.read' });
    const unknown = await gw.query('mutation { followSeller(input: { username: "nobody-here" }) { following } }', {
      headers: as(TOKENS.buyer),
    });
    expect(errorAt(unknown, 'followSeller')?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });
});
