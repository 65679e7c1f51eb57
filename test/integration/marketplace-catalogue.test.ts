/**
 * The marketplace's public side of the core graph through the real gateway
 * and sandbox: sellers, gigs and reviews with the links between them, paging,
 * dedup and priming, identifiers, NOT_FOUND, and the token user with the
 * platform's reference data. (Orders, scopes and credential routing:
 * marketplace-orders.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { errorAt, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { buyer, marketplacePaths, type Node } from './marketplace-fixtures.js';

const gw = useTestGateway();
const paths = () => marketplacePaths(gw);

describe('sellers, gigs and reviews', () => {
  it('reads a seller with its gigs and their reviews, one list call per level', async () => {
    const res = await gw.query(`{
      seller(username: "pixelcraft") {
        username name headline rating reviewsCount
        gigs(first: 3) { totalCount pageInfo { hasNextPage } nodes { slug title priceFrom currency sellerUsername reviews(first: 2) { totalCount nodes { id rating comment reviewerUsername } } } }
      }
    }`);
    expect(res.errors).toBeUndefined();
    const seller = (
      res.data as { seller: { username: string; gigs: Node<{ slug: string; sellerUsername: string; reviews: Node<unknown> }> } }
    ).seller;
    expect(seller.username).toBe('pixelcraft');
    expect(seller.gigs.nodes).toHaveLength(3);
    expect(seller.gigs.totalCount).toBeGreaterThanOrEqual(25);
    expect(seller.gigs.pageInfo.hasNextPage).toBe(true);
    for (const gig of seller.gigs.nodes) expect(gig.sellerUsername).toBe('pixelcraft');
    const calls = paths();
    expect(calls).toContain('GET /api/v1/sellers/pixelcraft');
    expect(calls).toContain('GET /api/v1/gigs?seller=pixelcraft&page=1&per_page=3');
    expect(calls.filter((c) => c.includes('/reviews'))).toHaveLength(3);
    expect(calls).toHaveLength(5);
  });

  it('reads a gig with its seller; aliases of the same gig cost one upstream call', async () => {
    const first = await gw.query('{ gigs(first: 1) { nodes { slug } } }');
    const slug = (first.data as { gigs: Node<{ slug: string }> }).gigs.nodes[0]!.slug;
    gw.resetCalls();
    const res = await gw.query(
      `query($slug: String!) {
      a: gig(slug: $slug) { slug title seller { username name } }
      b: gig(slug: $slug) { title rating }
      c: gig(slug: $slug) { slug }
    }`,
      { variables: { slug } },
    );
    expect(res.errors).toBeUndefined();
    expect(paths().filter((c) => c === `GET /api/v1/gigs/${slug}`)).toHaveLength(1);
    expect(paths().filter((c) => c.startsWith('GET /api/v1/sellers/'))).toHaveLength(1);
  });

  it('a gig that arrived in a list is not fetched again by slug later in the request', async () => {
    const res = await gw.query('{ gigs(first: 2) { nodes { slug seller { gigs(first: 1) { nodes { slug } } } } } }');
    expect(res.errors).toBeUndefined();
    expect(paths().filter((c) => /^GET \/api\/v1\/gigs\/[^?]+$/.test(c))).toHaveLength(0);
  });

  it('honours the standard @include and @skip directives', async () => {
    const res = await gw.query(
      'query($full: Boolean!) { seller(username: "pixelcraft") { username name @include(if: $full) rating @skip(if: true) } }',
      {
        variables: { full: false },
      },
    );
    expect(res).toMatchObject({ data: { seller: { username: 'pixelcraft' } } });
    expect(res.errors).toBeUndefined();
    expect((res.data as { seller: object }).seller).toEqual({ username: 'pixelcraft' });
  });

  it('searches gigs and pages with cursors', async () => {
    const page1 = await gw.query(
      '{ gigs(search: "logo", first: 2) { totalCount pageInfo { hasNextPage endCursor } nodes { slug title } } }',
    );
    expect(page1.errors).toBeUndefined();
    const conn = (page1.data as { gigs: Node<{ slug: string }> }).gigs;
    expect(conn.nodes.length).toBeGreaterThan(0);
    expect(gw.calls('marketplace')[0]!.query).toMatchObject({ search: 'logo', per_page: '2', page: '1' });
    const page2 = await gw.query('query($after: String) { gigs(search: "logo", first: 2, after: $after) { nodes { slug } } }', {
      variables: { after: conn.pageInfo.endCursor },
    });
    const all = await gw.query('{ gigs(search: "logo", first: 4) { nodes { slug } } }');
    const slugs = (all.data as { gigs: Node<{ slug: string }> }).gigs.nodes.map((n) => n.slug);
    expect([...conn.nodes, ...(page2.data as { gigs: Node<{ slug: string }> }).gigs.nodes].map((n) => n.slug)).toEqual(slugs);
  });

  it('lists sellers without a token, and forwards a token when one is sent', async () => {
    const anonymous = await gw.query('{ sellers(first: 5) { totalCount nodes { username } } }');
    expect(anonymous.errors).toBeUndefined();
    expect(gw.calls('marketplace')[0]!.headers.authorization).toBeUndefined();
    gw.resetCalls();
    await gw.query('{ sellers(first: 5) { totalCount } }', { headers: buyer });
    expect(gw.calls('marketplace')[0]!.headers.authorization).toBe(`Bearer ${TOKENS.buyer}`);
  });

  it('an unknown slug or username is NOT_FOUND on that field only', async () => {
    const res = await gw.query(
      '{ gig(slug: "no-such-gig") { slug } seller(username: "nobody-here") { username } user(username: "alice") { username } }',
    );
    expect(res.data).toEqual({ gig: null, seller: null, user: { username: 'alice' } });
    expect(errorAt(res, 'gig')?.extensions).toMatchObject({ code: 'NOT_FOUND', upstream: 'marketplace', status: 404 });
    expect(errorAt(res, 'seller')?.extensions).toMatchObject({ code: 'NOT_FOUND', upstream: 'marketplace', status: 404 });
  });

  it('encodes identifiers as one path segment and refuses dot segments before any call', async () => {
    await gw.query('{ gig(slug: "a/b c?d#e") { slug } }');
    expect(gw.calls('marketplace')[0]!.path).toBe('/api/v1/gigs/a%2Fb%20c%3Fd%23e');
    gw.resetCalls();
    const res = await gw.query('{ a: gig(slug: "..") { slug } b: user(username: "") { username } c: gigs(first: 101) { totalCount } }');
    for (const path of ['a', 'b', 'c']) expect(errorAt(res, path)?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('me, users, platform data', () => {
  it('me is the token user; categories and scopes come from the upstream', async () => {
    const res = await gw.query(
      '{ me { username name createdAt } categories { slug name parentSlug } apiScopes { slug label restricted source enabled } webhookEventTypes { name } }',
      {
        headers: buyer,
      },
    );
    expect(res.errors).toBeUndefined();
    const data = res.data as {
      me: { username: string };
      categories: unknown[];
      apiScopes: Array<{ slug: string; restricted: boolean; source: string }>;
      webhookEventTypes: unknown[];
    };
    expect(data.me.username).toBe('alice');
    expect(data.categories.length).toBeGreaterThan(5);
    expect(data.apiScopes).toHaveLength(45);
    expect(data.apiScopes.find((s) => s.slug === 'orders.write')).toMatchObject({ restricted: true, source: 'core' });
    expect(data.webhookEventTypes.length).toBeGreaterThan(50);
    // Reference data is fetched without the caller's token, so it can be shared.
    for (const call of gw.calls('marketplace').filter((c) => c.path === '/api/v1/categories' || c.path === '/api/v1/openapi.json')) {
      expect(call.headers.authorization).toBeUndefined();
    }
  });
});
