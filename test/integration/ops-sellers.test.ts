/**
 * Seller extras through the gateway: the links on Seller (profile,
 * portfolio, availability, testimonials), saved studios with the idempotent
 * favorite toggle, and the seller-only analytics (growth, leads, conversion)
 * with their scope and role outcomes.
 */
import { describe, expect, it } from 'vitest';
import { errorAt, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { bearer, marketplaceCalls } from '../helpers/operations.js';

const gw = useTestGateway({}, ['marketplace']);

const as = bearer;
const calls = () => marketplaceCalls(gw);

describe('links on Seller', () => {
  it('reads profile, portfolio, availability and testimonials, one GET each', async () => {
    const res = await gw.query<{
      seller: {
        profile: { bio: string; skills: string[]; onTimeRate: number; portfolioCount: number };
        portfolio: Array<{ slug: string; title: string; gig: { slug: string } | null }>;
        availability: { status: string; acceptingOrders: boolean; activeOrders: number };
        testimonials: Array<{ id: string; quote: string; status: string }>;
      };
    }>(`{ seller(username: "pixelcraft") {
      profile { bio skills onTimeRate portfolioCount followersCount completedOrders }
      portfolio { slug title tags gig { slug sellerUsername } }
      availability { status acceptingOrders activeOrders nextAvailableAt }
      testimonials { id authorName quote status }
    } }`);
    expect(res.errors).toBeUndefined();
    const seller = res.data!.seller;
    expect(seller.profile.skills.length).toBeGreaterThan(0);
    expect(seller.profile.onTimeRate).toBeGreaterThanOrEqual(0);
    expect(seller.portfolio).toHaveLength(seller.profile.portfolioCount);
    expect(['available', 'busy', 'away']).toContain(seller.availability.status);
    expect(seller.testimonials.every((t) => t.status === 'approved')).toBe(true);
    expect(calls()).toEqual(
      expect.arrayContaining([
        'GET /api/v1/sellers/pixelcraft',
        'GET /api/v1/sellers/pixelcraft/profile',
        'GET /api/v1/sellers/pixelcraft/portfolio',
        'GET /api/v1/sellers/pixelcraft/availability',
        'GET /api/v1/sellers/pixelcraft/testimonials',
      ]),
    );
    // Unscoped operations need no token and none was sent.
    expect(gw.calls('marketplace').every((c) => c.headers.authorization === undefined)).toBe(true);
  });

  it('reads one portfolio project by slug, and NOT_FOUND for an unknown one', async () => {
    const list = await gw.query<{ seller: { portfolio: Array<{ slug: string; title: string }> } }>(
      '{ seller(username: "pixelcraft") { portfolio { slug title } } }',
    );
    const project = list.data!.seller.portfolio[0]!;
    gw.resetCalls();
    const res = await gw.query<{ seller: { portfolioProject: { slug: string; title: string } } }>(
      `{ seller(username: "pixelcraft") { portfolioProject(slug: "${project.slug}") { slug title coverUrl } } }`,
    );
    expect(res.data?.seller.portfolioProject).toMatchObject(project);
    expect(calls()).toContain(`GET /api/v1/sellers/pixelcraft/portfolio/${project.slug}`);
    const missing = await gw.query('{ seller(username: "pixelcraft") { portfolioProject(slug: "no-such-project") { slug } } }');
    expect(errorAt(missing, 'seller.portfolioProject')?.extensions).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('asks once per seller even when two aliases read the same link', async () => {
    const res = await gw.query(
      '{ a: seller(username: "codeforge") { profile { bio } } b: seller(username: "codeforge") { profile { skills } } }',
    );
    expect(res.errors).toBeUndefined();
    expect(calls().filter((c) => c === 'GET /api/v1/sellers/codeforge/profile')).toHaveLength(1);
  });
});

describe('saved studios', () => {
  const favorite = (token: string, op: 'favoriteSeller' | 'unfavoriteSeller' = 'favoriteSeller') =>
    gw.query<Record<string, { favorited: boolean; sellerUsername: string; seller: { username: string } | null }>>(
      `mutation { ${op}(input: { username: "motionlab" }) { favorited sellerUsername seller { username } } }`,
      { headers: as(token) },
    );
  const saved = async () => {
    const res = await gw.query<{ savedStudios: { totalCount: number; nodes: Array<{ username: string }> } }>(
      '{ savedStudios(first: 50) { totalCount nodes { username } } }',
      {
        headers: as(TOKENS.buyer),
      },
    );
    return res.data!.savedStudios.nodes.map((n) => n.username);
  };

  it('favorite and unfavorite are idempotent toggles', async () => {
    const first = await favorite(TOKENS.buyer);
    expect(first.data?.favoriteSeller).toEqual({ favorited: true, sellerUsername: 'motionlab', seller: { username: 'motionlab' } });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/sellers/motionlab/favorite' });
    const again = await favorite(TOKENS.buyer);
    expect(again.data?.favoriteSeller?.favorited).toBe(true);
    expect((await saved()).filter((u) => u === 'motionlab')).toHaveLength(1);

    gw.resetCalls();
    const removed = await favorite(TOKENS.buyer, 'unfavoriteSeller');
    expect(removed.data?.unfavoriteSeller?.favorited).toBe(false);
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'DELETE', path: '/api/v1/sellers/motionlab/favorite' });
    expect((await favorite(TOKENS.buyer, 'unfavoriteSeller')).data?.unfavoriteSeller?.favorited).toBe(false);
    expect(await saved()).not.toContain('motionlab');
  });

  it('a saved studio is not read again by a link to it later in the request', async () => {
    await favorite(TOKENS.buyer);
    gw.resetCalls();
    // Each studio's gigs arrive after the list, and each gig's seller is that studio.
    const res = await gw.query<{
      savedStudios: { nodes: Array<{ username: string; gigs: { nodes: Array<{ seller: { username: string } }> } }> };
    }>('{ savedStudios(first: 50) { nodes { username gigs(first: 1) { nodes { seller { username } } } } } }', {
      headers: as(TOKENS.buyer),
    });
    expect(res.errors).toBeUndefined();
    const studio = res.data!.savedStudios.nodes.find((n) => n.username === 'motionlab')!;
    expect(studio.gigs.nodes[0]?.seller).toEqual({ username: 'motionlab' });
    expect(calls().filter((c) => c.startsWith('GET /api/v1/sellers/'))).toEqual([]);
    await favorite(TOKENS.buyer, 'unfavoriteSeller');
  });

  it('needs sellers.write to toggle and sellers.read to list', async () => {
    const denied = await favorite(TOKENS.readonly);
    expect(errorAt(denied, 'favoriteSeller')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'sellers.write' });
    const list = await gw.query('{ savedStudios(first: 5) { totalCount } }', { headers: as('sandbox:alice:sellers.write') });
    expect(errorAt(list, 'savedStudios')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'sellers.read' });
    expect(gw.calls('marketplace')[1]).toMatchObject({ method: 'GET', path: '/api/v1/saved-studios' });
  });

  it('refuses a bad username before any call', async () => {
    const res = await gw.query('mutation { favoriteSeller(input: { username: ".." }) { favorited } }', { headers: as(TOKENS.buyer) });
    expect(errorAt(res, 'favoriteSeller')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.username' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('seller analytics', () => {
  it('reads growth over a period, by week', async () => {
    const res = await gw.query<{
      sellerGrowth: { periodDays: number; orders: number; currency: string; series: Array<{ weekStart: string; orders: number }> };
    }>('{ sellerGrowth(days: 28) { periodDays orders revenue currency repeatBuyers series { weekStart orders revenue } } }', {
      headers: as(TOKENS.seller),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.sellerGrowth).toMatchObject({ periodDays: 28, currency: 'USD' });
    expect(res.data?.sellerGrowth.series).toHaveLength(4);
    expect(res.data?.sellerGrowth.series.reduce((sum, w) => sum + w.orders, 0)).toBe(res.data?.sellerGrowth.orders);
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/seller/growth', query: { days: '28' } });
  });

  it('reads growth and conversion once per request however often they are asked', async () => {
    const res = await gw.query(
      '{ a: sellerGrowth(days: 28) { orders } b: sellerGrowth(days: 28) { revenue } c: conversionAnalytics { views } d: conversionAnalytics { orders } }',
      { headers: as(TOKENS.seller) },
    );
    expect(res.errors).toBeUndefined();
    expect(calls().sort()).toEqual(['GET /api/v1/analytics/conversion', 'GET /api/v1/seller/growth']);
  });

  it('refuses a period outside 7..365 days before any call', async () => {
    const res = await gw.query('{ sellerGrowth(days: 3) { periodDays } }', { headers: as(TOKENS.seller) });
    expect(errorAt(res, 'sellerGrowth')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'days' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('lists leads as buyer requests, and reads conversion per gig', async () => {
    const res = await gw.query<{
      sellerLeads: { totalCount: number; nodes: Array<{ id: string; status: string }> };
      conversionAnalytics: { views: number; orders: number; gigs: Array<{ gigSlug: string; views: number }> };
    }>(
      '{ sellerLeads(first: 3) { totalCount nodes { id status title } } conversionAnalytics { views orders conversionRate gigs { gigSlug views orders conversionRate } } }',
      {
        headers: as(TOKENS.seller),
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data!.sellerLeads.nodes.every((r) => r.status === 'open')).toBe(true);
    expect(res.data!.conversionAnalytics.gigs.length).toBe(28);
    expect(res.data!.conversionAnalytics.views).toBe(res.data!.conversionAnalytics.gigs.reduce((sum, g) => sum + g.views, 0));
    expect(calls()).toEqual(expect.arrayContaining(['GET /api/v1/seller/leads', 'GET /api/v1/analytics/conversion']));
  });

  it('is FORBIDDEN without analytics.read, and for a buyer (role, no scope named)', async () => {
    const query = '{ sellerGrowth { orders } sellerLeads(first: 1) { totalCount } conversionAnalytics { views } }';
    const noScope = await gw.query(query, { headers: as('sandbox:pixelcraft:sellers.read') });
    for (const field of ['sellerGrowth', 'sellerLeads', 'conversionAnalytics']) {
      expect(errorAt(noScope, field)?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'analytics.read' });
    }
    const buyer = await gw.query('{ sellerGrowth { orders } }', { headers: as(TOKENS.buyer) });
    expect(errorAt(buyer, 'sellerGrowth')?.extensions).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(errorAt(buyer, 'sellerGrowth')?.extensions?.requiredScope).toBeUndefined();
  });
});
