/**
 * Seller advertising through the gateway: public products and sponsored
 * placements, the seller's campaigns with analytics, the campaign machine
 * (active when the wallet covers a day, else paused) and the wallet deposit
 * that changes the balance, each with its scope and role outcome.
 */
import { describe, expect, it } from 'vitest';
import { errorAt, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { bearer, marketplaceCalls, marketplaceBody } from '../helpers/operations.js';

const gw = useTestGateway({}, ['marketplace']);

const as = bearer;
const seller = as(TOKENS.seller);
const calls = () => marketplaceCalls(gw);
const bodyOf = (index = 0) => marketplaceBody(gw, index);

interface Campaign {
  id: string;
  status: string;
  name: string;
  dailyBudget: number;
  gigSlug: string;
  analytics: { impressions: number; clicks: number; ctr: number; spend: number } | null;
}
interface Wallet {
  balance: number;
  transactions: Array<{ id: string; type: string; amount: number }>;
}

const walletOf = async () =>
  (
    await gw.query<{ advertisingWallet: Wallet }>('{ advertisingWallet { balance currency transactions { id type amount createdAt } } }', {
      headers: seller,
    })
  ).data!.advertisingWallet;

describe('public advertising data', () => {
  it('lists promotion products and sponsored placements without a token', async () => {
    const res = await gw.query<{
      promotionProducts: Array<{ slug: string; minDailyBudget: number }>;
      sponsoredPlacements: Array<{ placement: string; gig: { slug: string } }>;
    }>(
      '{ promotionProducts { slug name pricingModel minDailyBudget currency } sponsoredPlacements { campaignId placement gig { slug title } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.promotionProducts.map((p) => p.slug)).toEqual(['promoted-gig', 'featured-studio', 'category-spotlight']);
    expect(res.data!.sponsoredPlacements.length).toBeGreaterThan(0);
    for (const p of res.data!.sponsoredPlacements) expect(['search', 'home']).toContain(p.placement);
    expect(calls().sort()).toEqual(['GET /api/v1/promotion-products', 'GET /api/v1/sponsored']);
  });

  it('reads products and placements once per GraphQL request, however many aliases ask', async () => {
    const res = await gw.query(
      '{ p1: promotionProducts { slug } p2: promotionProducts { name } s1: sponsoredPlacements { campaignId } s2: sponsoredPlacements { gig { slug } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(calls().sort()).toEqual(['GET /api/v1/promotion-products', 'GET /api/v1/sponsored']);
  });

  it('filters placements by category', async () => {
    const all = await gw.query<{ sponsoredPlacements: Array<{ gig: { category: { slug: string } } }> }>(
      '{ sponsoredPlacements { gig { category { slug } } } }',
    );
    expect(all.errors).toBeUndefined();
    const category = all.data!.sponsoredPlacements[0]!.gig.category.slug;
    gw.resetCalls();
    const filtered = await gw.query<{ sponsoredPlacements: Array<{ gig: { category: { slug: string } } }> }>(
      `{ sponsoredPlacements(category: "${category}") { gig { category { slug } } } }`,
    );
    expect(filtered.data!.sponsoredPlacements.length).toBeGreaterThan(0);
    expect(filtered.data!.sponsoredPlacements.length).toBeLessThan(all.data!.sponsoredPlacements.length);
    expect(filtered.data!.sponsoredPlacements.every((p) => p.gig.category.slug === category)).toBe(true);
    expect(gw.calls('marketplace').find((c) => c.path === '/api/v1/sponsored')?.query).toEqual({ category });
  });
});

describe('campaigns', () => {
  it("lists the seller's campaigns; analytics of a listed campaign come from its single read", async () => {
    const res = await gw.query<{ advertisingCampaigns: { totalCount: number; nodes: Campaign[] } }>(
      '{ advertisingCampaigns(first: 2) { totalCount nodes { id status name dailyBudget gigSlug gig { slug sellerUsername } analytics { impressions clicks ctr spend } } } }',
      { headers: seller },
    );
    expect(res.errors).toBeUndefined();
    const { nodes } = res.data!.advertisingCampaigns;
    expect(nodes.length).toBeGreaterThan(0);
    for (const c of nodes) {
      expect(['active', 'paused', 'ended']).toContain(c.status);
      expect(c.analytics?.impressions).toBeGreaterThanOrEqual(0);
      expect(calls()).toContain(`GET /api/v1/seller/advertising/${c.id}`);
    }
    expect(gw.calls('marketplace')[0]).toMatchObject({
      method: 'GET',
      path: '/api/v1/seller/advertising',
      query: { page: '1', per_page: '2' },
    });
  });

  it('reads one campaign with analytics in one call, however many aliases ask', async () => {
    const list = await gw.query<{ advertisingCampaigns: { nodes: Array<{ id: string }> } }>(
      '{ advertisingCampaigns(first: 1) { nodes { id } } }',
      { headers: seller },
    );
    const id = list.data!.advertisingCampaigns.nodes[0]!.id;
    gw.resetCalls();
    const res = await gw.query<{ a: Campaign; b: Campaign }>(
      `{ a: advertisingCampaign(id: "${id}") { id analytics { clicks } } b: advertisingCampaign(id: "${id}") { name analytics { ctr } } }`,
      {
        headers: seller,
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.a.id).toBe(id);
    expect(calls()).toEqual([`GET /api/v1/seller/advertising/${id}`]);
  });

  it('creates a campaign paused when the wallet cannot cover a day, active once it can', async () => {
    const gigs = await gw.query<{ seller: { gigs: { nodes: Array<{ slug: string }> } } }>(
      '{ seller(username: "pixelcraft") { gigs(first: 1) { nodes { slug } } } }',
    );
    const gigSlug = gigs.data!.seller.gigs.nodes[0]!.slug;
    const balance = (await walletOf()).balance;
    const create = (dailyBudget: number) =>
      gw.query<{ createAdvertisingCampaign: { campaign: Campaign } }>(
        `mutation($input: CreateAdvertisingCampaignInput!) { createAdvertisingCampaign(input: $input) { campaign { id status name dailyBudget gigSlug analytics { impressions } } } }`,
        { headers: seller, variables: { input: { name: 'Spring push', gigSlug, dailyBudget } } },
      );
    gw.resetCalls();
    const paused = await create(balance + 100);
    expect(paused.errors).toBeUndefined();
    expect(paused.data!.createAdvertisingCampaign.campaign).toMatchObject({
      status: 'paused',
      name: 'Spring push',
      gigSlug,
      dailyBudget: balance + 100,
    });
    expect(paused.data!.createAdvertisingCampaign.campaign.analytics).not.toBeNull();
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/seller/advertising' });
    expect(bodyOf()).toEqual({ name: 'Spring push', gig_slug: gigSlug, daily_budget: balance + 100 });

    await gw.query('mutation { depositAdvertisingFunds(input: { amount: 500 }) { wallet { balance } } }', { headers: seller });
    const active = await create(5);
    expect(active.data!.createAdvertisingCampaign.campaign.status).toBe('active');
    // Depositing does not resume the paused one.
    const again = await gw.query<{ advertisingCampaign: Campaign }>(
      `{ advertisingCampaign(id: "${paused.data!.createAdvertisingCampaign.campaign.id}") { status } }`,
      { headers: seller },
    );
    expect(again.data!.advertisingCampaign.status).toBe('paused');
  });

  it('refuses a non-positive budget before any call, and a gig that is not the seller as BAD_USER_INPUT', async () => {
    const zero = await gw.query(
      'mutation { createAdvertisingCampaign(input: { name: "Nope", gigSlug: "x", dailyBudget: 0 }) { campaign { id } } }',
      { headers: seller },
    );
    expect(errorAt(zero, 'createAdvertisingCampaign')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.dailyBudget' });
    expect(gw.calls('marketplace')).toHaveLength(0);
    const foreign = await gw.query(
      'mutation { createAdvertisingCampaign(input: { name: "Not mine", gigSlug: "someone-elses-gig", dailyBudget: 10 }) { campaign { id } } }',
      { headers: seller },
    );
    // The upstream says `gig_slug`; the caller wrote `gigSlug`, so that is the name the error uses.
    const rejected = errorAt(foreign, 'createAdvertisingCampaign')?.extensions;
    expect(rejected).toMatchObject({ code: 'BAD_USER_INPUT', status: 422, fieldErrors: { gigSlug: expect.any(Array) } });
    expect(Object.keys(rejected?.fieldErrors as object)).toEqual(['gigSlug']);
  });

  it('needs advertising.read / advertising.write, and a seller', async () => {
    const readonly = as(TOKENS.readonly);
    const denied = await gw.query('{ advertisingCampaigns(first: 1) { totalCount } advertisingWallet { balance } }', { headers: readonly });
    expect(errorAt(denied, 'advertisingCampaigns')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'advertising.read' });
    expect(errorAt(denied, 'advertisingWallet')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'advertising.read' });
    const show = await gw.query('{ advertisingCampaign(id: "any") { id } }', { headers: readonly });
    expect(errorAt(show, 'advertisingCampaign')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'advertising.read' });
    const write = await gw.query(
      'mutation { createAdvertisingCampaign(input: { name: "Nope", gigSlug: "x", dailyBudget: 10 }) { campaign { id } } }',
      { headers: as('sandbox:pixelcraft:advertising.read') },
    );
    expect(errorAt(write, 'createAdvertisingCampaign')?.extensions).toMatchObject({
      code: 'FORBIDDEN',
      requiredScope: 'advertising.write',
    });
    const buyer = await gw.query('{ advertisingCampaigns(first: 1) { totalCount } }', { headers: as(TOKENS.buyer) });
    expect(errorAt(buyer, 'advertisingCampaigns')?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
  });
});

describe('advertising wallet', () => {
  it('a deposit raises the balance and is the newest transaction', async () => {
    const before = await walletOf();
    gw.resetCalls();
    const res = await gw.query<{ depositAdvertisingFunds: { wallet: Wallet } }>(
      'mutation { depositAdvertisingFunds(input: { amount: 25.5 }) { wallet { balance transactions { type amount } } } }',
      { headers: seller },
    );
    expect(res.errors).toBeUndefined();
    const wallet = res.data!.depositAdvertisingFunds.wallet;
    expect(wallet.balance).toBeCloseTo(before.balance + 25.5, 2);
    expect(wallet.transactions[0]).toEqual({ type: 'deposit', amount: 25.5 });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/seller/advertising/wallet' });
    expect(bodyOf()).toEqual({ amount: 25.5 });
    gw.resetCalls();
    expect((await walletOf()).balance).toBeCloseTo(before.balance + 25.5, 2);
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/seller/advertising/wallet' });
  });

  it('reads the wallet once per GraphQL request, however many aliases ask', async () => {
    const res = await gw.query('{ a: advertisingWallet { balance } b: advertisingWallet { currency } }', { headers: seller });
    expect(res.errors).toBeUndefined();
    expect(calls()).toEqual(['GET /api/v1/seller/advertising/wallet']);
  });

  it('refuses a zero or negative amount before any call, and needs advertising.write', async () => {
    for (const amount of [0, -5]) {
      const res = await gw.query(`mutation { depositAdvertisingFunds(input: { amount: ${amount} }) { wallet { balance } } }`, {
        headers: seller,
      });
      expect(errorAt(res, 'depositAdvertisingFunds')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.amount' });
    }
    expect(gw.calls('marketplace')).toHaveLength(0);
    const denied = await gw.query('mutation { depositAdvertisingFunds(input: { amount: 5 }) { wallet { balance } } }', {
      headers: as('sandbox:pixelcraft:advertising.read'),
    });
    expect(errorAt(denied, 'depositAdvertisingFunds')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'advertising.write' });
  });
});
