/**
 * Gigs, reviews and discovery through the gateway against the sandbox: gig
 * pricing and quotes, favorites, reviewing an order, recommendations, recent
 * views, search suggestions, collections and saved searches. Each operation:
 * the upstream method and path, its scope (FORBIDDEN without, success with
 * exactly it) and the mapped result.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { as, expectError, expectOk, expectScopeRequired, marketplaceCalls, sentJson } from '../helpers/operations.js';

let gw: TestGateway;
let slug: string;
let priceFrom: number;
beforeAll(async () => {
  gw = await startTestGateway({}, ['marketplace']);
  const data = expectOk(
    await gw.query<{ gigs: { nodes: Array<{ slug: string; priceFrom: number }> } }>(
      '{ gigs(seller: "codeforge", first: 1) { nodes { slug priceFrom } } }',
    ),
  );
  slug = data.gigs.nodes[0]!.slug;
  priceFrom = data.gigs.nodes[0]!.priceFrom;
});
afterAll(() => gw.close());
beforeEach(() => gw.resetCalls());

describe('gig pricing and quotes (no scope)', () => {
  it('Gig.pricing reads GET /gigs/{slug}/pricing without a token: three packages at 1×, 2× and 3.5× the base price', async () => {
    const data = expectOk(
      await gw.query<{
        gig: {
          pricing: {
            gigSlug: string;
            currency: string;
            packages: Array<{ name: string; price: number; deliveryDays: number; features: string[] }>;
          };
        };
      }>(
        'query($slug: String!) { gig(slug: $slug) { pricing { gigSlug currency packages { name price deliveryDays revisions features } } } }',
        { variables: { slug } },
      ),
    );
    expect(marketplaceCalls(gw)).toEqual([`GET /api/v1/gigs/${slug}`, `GET /api/v1/gigs/${slug}/pricing`]);
    expect(gw.calls('marketplace')[1]!.headers.authorization).toBeUndefined();
    const { pricing } = data.gig;
    expect(pricing.gigSlug).toBe(slug);
    expect(pricing.currency).toBe('USD');
    expect(pricing.packages.map((p) => p.name)).toEqual(['basic', 'standard', 'premium']);
    expect(pricing.packages.map((p) => p.price)).toEqual([priceFrom, priceFrom * 2, priceFrom * 3.5]);
  });

  it('gigQuote is a read that POSTs /gigs/{slug}/quote with the package, quantity and express choice', async () => {
    const data = expectOk(
      await gw.query<{
        gigQuote: {
          gigSlug: string;
          package: string;
          quantity: number;
          express: boolean;
          unitPrice: number;
          subtotal: number;
          serviceFee: number;
          total: number;
          expiresAt: string;
        };
      }>(
        'query($slug: String!) { gigQuote(slug: $slug, package: STANDARD, quantity: 2, express: true) { gigSlug package quantity express unitPrice subtotal serviceFee total currency deliveryDays expiresAt } }',
        { variables: { slug } },
      ),
    );
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe(`POST /api/v1/gigs/${slug}/quote`);
    expect(sentJson(call!)).toEqual({ package: 'standard', quantity: 2, express: true });
    expect(data.gigQuote).toMatchObject({ gigSlug: slug, package: 'standard', quantity: 2, express: true, unitPrice: priceFrom * 2 });
    expect(data.gigQuote.total).toBeCloseTo(data.gigQuote.subtotal + data.gigQuote.serviceFee, 2);
    expect(Date.parse(data.gigQuote.expiresAt)).not.toBeNaN();
  });

  it('refuses a quantity below 1 and a bad slug before any upstream call', async () => {
    const res = await gw.query(
      'query($slug: String!) { a: gigQuote(slug: $slug, quantity: 0) { total } b: gigQuote(slug: "..") { total } }',
      { variables: { slug } },
    );
    expectError(res, 'a', { code: 'BAD_USER_INPUT', field: 'quantity' });
    expectError(res, 'b', { code: 'BAD_USER_INPUT', field: 'slug' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('an unknown gig is NOT_FOUND', async () => {
    const res = await gw.query('{ gigQuote(slug: "no-such-gig") { total } }');
    expectError(res, 'gigQuote', { code: 'NOT_FOUND', status: 404 });
  });
});

describe('favorites (gigs.read, gigs.write)', () => {
  const toggle = 'mutation($slug: String!) { toggleGigFavorite(input: { slug: $slug }) { gigSlug favorited gig { slug } } }';
  const list = '{ favoriteGigs(first: 5) { totalCount nodes { slug } } }';

  it('needs the scopes', async () => {
    await expectScopeRequired(gw, toggle, 'toggleGigFavorite', 'gigs.write', { slug });
    await expectScopeRequired(gw, list, 'favoriteGigs', 'gigs.read');
  });

  it('toggleGigFavorite POSTs /gigs/{slug}/favorite and flips; favoriteGigs (GET /favorites) shows the new state', async () => {
    const on = expectOk(
      await gw.query<{ toggleGigFavorite: { favorited: boolean; gigSlug: string; gig: { slug: string } } }>(toggle, {
        variables: { slug },
        headers: as('carol', 'gigs.write'),
      }),
    );
    expect(on.toggleGigFavorite).toEqual({ gigSlug: slug, favorited: true, gig: { slug } });
    expect(marketplaceCalls(gw)).toContain(`POST /api/v1/gigs/${slug}/favorite`);
    gw.resetCalls();
    const listed = expectOk(
      await gw.query<{ favoriteGigs: { totalCount: number; nodes: Array<{ slug: string }> } }>(list, { headers: as('carol', 'gigs.read') }),
    );
    expect(marketplaceCalls(gw)).toEqual(['GET /api/v1/favorites']);
    expect(listed.favoriteGigs.nodes.map((n) => n.slug)).toContain(slug);
    const off = expectOk(
      await gw.query<{ toggleGigFavorite: { favorited: boolean } }>(toggle, { variables: { slug }, headers: as('carol', 'gigs.write') }),
    );
    expect(off.toggleGigFavorite.favorited).toBe(false);
    const after = expectOk(
      await gw.query<{ favoriteGigs: { nodes: Array<{ slug: string }> } }>(list, { headers: as('carol', 'gigs.read') }),
    );
    expect(after.favoriteGigs.nodes.map((n) => n.slug)).not.toContain(slug);
  });
});

describe('reviews of an order (reviews.write)', () => {
  const create = 'mutation($input: CreateReviewInput!) { createReview(input: $input) { review { id rating comment reviewerUsername } } }';

  async function aliceOrders() {
    const data = expectOk(
      await gw.query<{
        orders: {
          nodes: Array<{
            id: string;
            status: string;
            buyer: { username: string } | null;
            attributes: { review_id: number | null; buyer_username: string };
          }>;
        };
      }>('{ orders(first: 100) { nodes { id status attributes } } }', { headers: as('alice', 'orders.read') }),
    );
    return data.orders.nodes;
  }

  it('needs reviews.write', async () => {
    await expectScopeRequired(gw, create, 'createReview', 'reviews.write', { input: { orderId: 'x', rating: 5, comment: 'Great' } });
  });

  it('walks the machine: a completed, unreviewed order takes one review (POST /orders/{uuid}/reviews); a second is CONFLICT', async () => {
    const order = (await aliceOrders()).find(
      (o) => o.status === 'completed' && o.attributes.review_id === null && o.attributes.buyer_username === 'alice',
    );
    expect(order).toBeDefined();
    gw.resetCalls();
    const input = { orderId: order!.id, rating: 4, comment: 'Clean work, on time.' };
    const data = expectOk(
      await gw.query<{ createReview: { review: { id: string; rating: number; comment: string; reviewerUsername: string } } }>(create, {
        variables: { input },
        headers: as('alice', 'reviews.write'),
      }),
    );
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe(`POST /api/v1/orders/${order!.id}/reviews`);
    expect(sentJson(call!)).toEqual({ rating: 4, comment: 'Clean work, on time.' });
    expect(data.createReview.review).toMatchObject({ rating: 4, comment: 'Clean work, on time.', reviewerUsername: 'alice' });
    const again = await gw.query(create, { variables: { input }, headers: as('alice', 'reviews.write') });
    expectError(again, 'createReview', { code: 'CONFLICT', status: 409 });
  });

  it('an order that is not completed cannot be reviewed (CONFLICT with the upstream message)', async () => {
    const order = (await aliceOrders()).find((o) => o.status === 'pending' && o.attributes.buyer_username === 'alice');
    expect(order).toBeDefined();
    const res = await gw.query(create, {
      variables: { input: { orderId: order!.id, rating: 5, comment: 'Too early' } },
      headers: as('alice', 'reviews.write'),
    });
    const error = expectError(res, 'createReview', { code: 'CONFLICT' });
    expect(error.message).toMatch(/pending/);
  });

  it('refuses a rating outside 1..5 before any upstream call', async () => {
    const res = await gw.query(create, {
      variables: { input: { orderId: 'o-1', rating: 6, comment: 'x' } },
      headers: as('alice', 'reviews.write'),
    });
    expectError(res, 'createReview', { code: 'BAD_USER_INPUT', field: 'input.rating' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('recommendations, recent views, suggestions (gigs.read / none)', () => {
  it('recommendedGigs pages GET /recommendations and needs gigs.read', async () => {
    const query = '{ recommendedGigs(first: 3) { totalCount nodes { slug title sellerUsername } } }';
    await expectScopeRequired(gw, query, 'recommendedGigs', 'gigs.read');
    const data = expectOk(
      await gw.query<{ recommendedGigs: { totalCount: number; nodes: Array<{ slug: string }> } }>(query, {
        headers: as('alice', 'gigs.read'),
      }),
    );
    expect(gw.calls('marketplace').map((c) => [c.method, c.path, c.query])).toEqual([
      ['GET', '/api/v1/recommendations', { page: '1', per_page: '3' }],
    ]);
    expect(data.recommendedGigs.nodes).toHaveLength(3);
    expect(data.recommendedGigs.totalCount).toBeGreaterThanOrEqual(3);
  });

  it('recentlyViewedGigs (GET /recent) lists a gig the caller just opened, newest first', async () => {
    const query = '{ recentlyViewedGigs { slug title } }';
    await expectScopeRequired(gw, query, 'recentlyViewedGigs', 'gigs.read');
    // gig(slug) is a public read the gateway sends without the caller's token, so the marketplace cannot
    // tell who opened it: the view is recorded where the caller opens the gig with their token (its own app).
    const dave = as('dave', 'gigs.read');
    expectOk(await gw.query('query($slug: String!) { gig(slug: $slug) { slug } }', { variables: { slug }, headers: dave }));
    expect(gw.calls('marketplace').at(-1)!.headers.authorization).toBeUndefined();
    await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs/${slug}`, { headers: dave });
    gw.resetCalls();
    const data = expectOk(await gw.query<{ recentlyViewedGigs: Array<{ slug: string }> }>(query, { headers: as('dave', 'gigs.read') }));
    expect(data.recentlyViewedGigs[0]!.slug).toBe(slug);
    expect(marketplaceCalls(gw)).toEqual(['GET /api/v1/recent']);
  });

  it('searchSuggestions sends the text as q to GET /search/suggestions, without a token', async () => {
    const data = expectOk(
      await gw.query<{ searchSuggestions: Array<{ type: string; text: string; value: string }> }>(
        '{ searchSuggestions(query: "logo") { type text value } }',
      ),
    );
    const [call] = gw.calls('marketplace');
    expect([call!.method, call!.path, call!.query]).toEqual(['GET', '/api/v1/search/suggestions', { q: 'logo' }]);
    expect(data.searchSuggestions.length).toBeGreaterThan(0);
    expect(data.searchSuggestions.length).toBeLessThanOrEqual(8);
    for (const s of data.searchSuggestions) expect(['category', 'seller', 'gig']).toContain(s.type);
  });
});

describe('collections and saved searches', () => {
  const create =
    'mutation($input: CreateCollectionInput!) { createGigCollection(input: $input) { collection { id name description isPublic gigSlugs gigsCount gigs { slug } } } }';
  const list = '{ gigCollections(first: 10) { totalCount nodes { id name } } }';

  it('need gigs.write / gigs.read', async () => {
    await expectScopeRequired(gw, create, 'createGigCollection', 'gigs.write', { input: { name: 'x' } });
    await expectScopeRequired(gw, list, 'gigCollections', 'gigs.read');
    await expectScopeRequired(gw, '{ savedSearches { totalCount } }', 'savedSearches', 'gigs.read');
  });

  it('createGigCollection POSTs /collections with the typed fields over attributes; gigCollections lists it', async () => {
    const input = {
      name: 'Branding',
      description: 'For the relaunch',
      isPublic: true,
      gigSlugs: [slug],
      attributes: { name: 'ignored', extra: 1 },
    };
    const data = expectOk(
      await gw.query<{
        createGigCollection: {
          collection: { id: string; name: string; gigSlugs: string[]; gigsCount: number; gigs: Array<{ slug: string }> };
        };
      }>(create, { variables: { input }, headers: as('erin', 'gigs.write') }),
    );
    const [call] = gw.calls('marketplace');
    expect(`${call!.method} ${call!.path}`).toBe('POST /api/v1/collections');
    expect(sentJson(call!)).toEqual({ name: 'Branding', description: 'For the relaunch', is_public: true, gig_slugs: [slug], extra: 1 });
    expect(data.createGigCollection.collection).toMatchObject({ name: 'Branding', gigSlugs: [slug], gigsCount: 1, gigs: [{ slug }] });
    const listed = expectOk(
      await gw.query<{ gigCollections: { nodes: Array<{ id: string }> } }>(list, { headers: as('erin', 'gigs.read') }),
    );
    expect(listed.gigCollections.nodes.map((c) => c.id)).toContain(data.createGigCollection.collection.id);
  });

  it('an unknown gig in the collection is the upstream 422: BAD_USER_INPUT with field errors', async () => {
    const res = await gw.query(create, {
      variables: { input: { name: 'Bad', gigSlugs: ['no-such-gig'] } },
      headers: as('erin', 'gigs.write'),
    });
    const error = expectError(res, 'createGigCollection', { code: 'BAD_USER_INPUT', status: 422 });
    expect(error.extensions).toHaveProperty('fieldErrors.gigSlugs');
  });

  it('savedSearches pages GET /saved-searches', async () => {
    const data = expectOk(
      await gw.query<{ savedSearches: { totalCount: number; nodes: Array<{ id: string; query: string | null; notify: boolean | null }> } }>(
        '{ savedSearches(first: 5) { totalCount nodes { id query categorySlug maxPrice notify createdAt } } }',
        { headers: as('alice', 'gigs.read') },
      ),
    );
    expect(gw.calls('marketplace').map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/v1/saved-searches']);
    expect(data.savedSearches.totalCount).toBeGreaterThanOrEqual(0);
    for (const s of data.savedSearches.nodes) expect(s.id).toBeTruthy();
  });
});
