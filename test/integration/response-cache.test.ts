/**
 * The response cache (docs/caching.md, "The response cache"), over HTTP
 * against the sandbox, counting the upstream calls each request makes: a
 * shareable operation's second request is answered whole (0 calls), one rule
 * per test decides what is never shared, the lifetime is the shortest
 * upstream freshness and a webhook evicts. (Its HTTP headers:
 * response-cache-http.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { TOKENS } from '../helpers/gateway.js';
import { eventFor, postWebhook, until } from '../helpers/events.js';
import { bearer, expectOk } from '../helpers/operations.js';
import { connectWs } from '../helpers/ws.js';
import {
  clock,
  counted,
  freshGig,
  get,
  GIG_AND_SELLER,
  gw,
  responseCacheCount,
  SELLER_GIGS_REVIEWS,
  storedCount,
} from './response-cache-fixtures.js';

describe('warm public queries are answered whole, with no upstream call', () => {
  it('gig + seller: the second anonymous request makes 0 upstream calls and gets the same answer', async () => {
    const { slug } = await freshGig();
    const hitsBefore = await responseCacheCount('hit');
    const storedBefore = await storedCount();
    const cold = await counted(() => gw.query(GIG_AND_SELLER, { variables: { slug } }));
    expect(cold.calls).toBe(2);
    expect(await storedCount()).toBe(storedBefore + 1);
    const warm = await counted(() => gw.query(GIG_AND_SELLER, { variables: { slug } }));
    expect(warm.calls).toBe(0);
    expect(warm.result.data).toEqual(expectOk(cold.result));
    expect(await responseCacheCount('hit')).toBe(hitsBefore + 1);
  });

  it('seller → gigs → reviews (a list that carries a token when there is one) is shared between anonymous callers', async () => {
    const { seller_username: seller } = await freshGig();
    const cold = await counted(() => gw.query(SELLER_GIGS_REVIEWS, { variables: { seller } }));
    expect(cold.calls).toBeGreaterThan(2);
    const warm = await counted(() => gw.query(SELLER_GIGS_REVIEWS, { variables: { seller } }));
    expect(warm.calls).toBe(0);
    expect(warm.result.data).toEqual(expectOk(cold.result));
  });

  it('a hit does not carry the cost of the request that filled it: it made no call', async () => {
    const { slug } = await freshGig();
    type Costed = { extensions?: { cost?: { estimated: number; actual: number } } };
    const cold = (await gw.query(GIG_AND_SELLER, { variables: { slug } })) as Costed;
    expect(cold.extensions?.cost?.actual).toBe(2);
    const warm = (await gw.query(GIG_AND_SELLER, { variables: { slug } })) as Costed;
    expect(warm.extensions?.cost).toEqual({ estimated: 0, actual: 0 });
  });
});

/** The hits counted while `run` runs: 0 means every request in it executed. */
async function hitsDuring(run: () => Promise<unknown>): Promise<number> {
  const before = await responseCacheCount('hit');
  await run();
  return (await responseCacheCount('hit')) - before;
}

describe('over graphql-ws (no HTTP parameters to key on)', () => {
  it('a shareable query is executed as usual, never answered from or into the cache', async () => {
    const { slug } = await freshGig();
    const ws = await connectWs(gw.url);
    try {
      const hits = await hitsDuring(async () => {
        for (let i = 0; i < 2; i++) {
          const result = await ws.run(GIG_AND_SELLER, { slug });
          expect(result.error).toBeUndefined();
          expect(result.next[0]?.errors).toBeUndefined();
          expect(result.next[0]?.data).toMatchObject({ gig: { slug } });
        }
      });
      expect(hits).toBe(0);
    } finally {
      ws.close();
    }
  });
});

describe('what is never answered from the response cache (one rule each)', () => {
  it('a list that carries the caller token (public-when-anonymous): a caller with a token never gets the anonymous answer, and its own is not kept', async () => {
    const { seller_username: seller } = await freshGig();
    await gw.query(SELLER_GIGS_REVIEWS, { variables: { seller } });
    expect(await hitsDuring(() => gw.query(SELLER_GIGS_REVIEWS, { variables: { seller } }))).toBe(1);
    for (let i = 0; i < 2; i++) {
      const withToken = await counted(() => gw.query(SELLER_GIGS_REVIEWS, { variables: { seller }, headers: bearer(TOKENS.buyer) }));
      expectOk(withToken.result);
      const list = gw.calls('marketplace').find((c) => c.path === '/api/v1/gigs');
      expect(list?.headers.authorization).toBe(`Bearer ${TOKENS.buyer}`);
    }
  });

  it('an operation of public rows only cannot depend on the caller: callers with a token share answers (their own key space)', async () => {
    const { slug } = await freshGig();
    await gw.query(GIG_AND_SELLER, { variables: { slug }, headers: bearer(TOKENS.buyer) });
    expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug }, headers: bearer(TOKENS.seller) }))).toBe(1);
  });

  it('a private field anywhere in the operation: never kept', async () => {
    const { slug } = await freshGig();
    const query = 'query($slug: String!) { gig(slug: $slug) { title } me { username } }';
    const hits = await hitsDuring(async () => {
      for (let i = 0; i < 2; i++) {
        const answer = await counted(() => gw.query(query, { variables: { slug }, headers: bearer(TOKENS.buyer) }));
        expectOk(answer.result);
        expect(gw.calls('marketplace').some((c) => c.path === '/api/v1/me')).toBe(true);
      }
    });
    expect(hits).toBe(0);
  });

  it("operationName naming the document's private operation runs it: the key holds the operation's name", async () => {
    const { slug } = await freshGig();
    const document = 'query Public($slug: String!) { gig(slug: $slug) { title } } query Mine { me { username } }';
    const post = (operationName: string, headers: Record<string, string> = {}) =>
      fetch(`${gw.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: document, operationName, variables: { slug } }),
      }).then(async (r) => (await r.json()) as { data?: Record<string, unknown> });
    // Both in the key space of callers with a credential, where the public operation's answer is kept.
    await post('Public', bearer(TOKENS.buyer));
    expect(await hitsDuring(() => post('Public', bearer(TOKENS.buyer)))).toBe(1);
    const mine = await counted(() => post('Mine', bearer(TOKENS.buyer)));
    expect(mine.result.data).toEqual({ me: { username: expect.any(String) } });
    expect(gw.calls('marketplace').map((c) => c.path)).toEqual(['/api/v1/me']);
  });

  it('a root field with no upstream row (node) could read anything: never kept', async () => {
    const { slug } = await freshGig();
    const id = expectOk(
      await gw.query<{ gig: { id: string } }>('query($slug: String!) { gig(slug: $slug) { id } }', { variables: { slug } }),
    ).gig.id;
    const query = 'query($id: ID!) { node(id: $id) { ... on Gig { title } } }';
    const twice = async () => {
      expectOk(await gw.query(query, { variables: { id } }));
      expectOk(await gw.query(query, { variables: { id } }));
    };
    expect(await hitsDuring(twice)).toBe(0);
  });

  it('reference data read with REFERENCE_CACHE_TTL_MS=0 (this suite): the answer lives no longer than it, so is never kept', async () => {
    const { slug } = await freshGig();
    const query = 'query($slug: String!) { gig(slug: $slug) { title category { name } } }';
    const twice = async () => {
      expectOk(await gw.query(query, { variables: { slug } }));
      expectOk(await gw.query(query, { variables: { slug } }));
    };
    expect(await hitsDuring(twice)).toBe(0);
  });

  it('a mutation: never kept, each one reaches the upstream (even one whose selection reads only public rows)', async () => {
    const mutation = 'mutation { favoriteSeller(input: { username: "motionlab" }) { favorited seller { username } } }';
    const hits = await hitsDuring(async () => {
      for (let i = 0; i < 2; i++) {
        const answer = await counted(() => gw.query(mutation, { headers: bearer(TOKENS.buyer) }));
        expectOk(answer.result);
        expect(gw.calls('marketplace').some((c) => c.method === 'POST')).toBe(true);
      }
    });
    expect(hits).toBe(0);
  });

  it('an answer with errors: never kept', async () => {
    const query = 'query { gig(slug: "no-such-gig-anywhere") { title } }';
    const twice = async () => {
      expect((await gw.query(query)).errors).toBeDefined();
      expect((await gw.query(query)).errors).toBeDefined();
    };
    expect(await hitsDuring(twice)).toBe(0);
    const again = await counted(() => gw.query(query));
    expect(again.calls).toBe(1);
  });
});

describe('lifetime and eviction', () => {
  const control = () => gw.sandbox.services.marketplace!.control;

  it('an upstream answer the shared cache may not keep (private, no-store, max-age=0): the whole answer is neither kept nor public', async () => {
    for (const cacheControl of ['private, max-age=60', 'no-store', 'max-age=0']) {
      const { slug } = await freshGig();
      const real = await (await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs/${slug}`)).json();
      const headers = { 'cache-control': cacheControl };
      control().setFaults([{ kind: 'status', status: 200, method: 'GET', pathIncludes: `/gigs/${slug}`, body: real, headers }]);
      const stored = await storedCount();
      const first = await get(GIG_AND_SELLER, { slug });
      expect(first.status).toBe(200);
      expect(first.headers.get('cache-control')).toBe('private, no-store');
      expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug } }))).toBe(0);
      expect(await storedCount()).toBe(stored);
    }
    control().setFaults([]);
  });

  it('lives as long as the shortest-lived upstream answer it was built from', async () => {
    const { slug } = await freshGig();
    const real = await (await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs/${slug}`)).json();
    control().setFaults([
      {
        kind: 'status',
        status: 200,
        method: 'GET',
        pathIncludes: `/gigs/${slug}`,
        times: 1,
        body: real,
        headers: { 'cache-control': 'public, max-age=5' },
      },
    ]);
    const first = await get(GIG_AND_SELLER, { slug });
    expect(first.status).toBe(200);
    // The seller's answer is fresh 30 s, the gig's 5 s: the whole answer 5 s at most.
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(5);
    expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug } }))).toBe(1);
    clock.advance(6_000);
    const later = await counted(() => gw.query(GIG_AND_SELLER, { variables: { slug } }));
    expect(gw.calls('marketplace').map((c) => c.path)).toContain(`/api/v1/gigs/${slug}`);
    expect(later.result.data).toBeDefined();
  });

  it('a signed gig.updated evicts every answer built from that gig; a seller.updated those built from the seller', async () => {
    const { slug, seller_username: seller } = await freshGig();
    await gw.query(GIG_AND_SELLER, { variables: { slug } });
    expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug } }))).toBe(1);
    expect((await postWebhook(gw.url, eventFor({ slug, username: seller }, 'gig.updated'))).status).toBe(202);
    expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug } }))).toBe(0);
    expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug } }))).toBe(1);
    expect((await postWebhook(gw.url, eventFor({ username: seller }, 'seller.updated'))).status).toBe(202);
    expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug } }))).toBe(0);
  });

  it('a gig event naming its seller evicts an answer showing the seller (their gig count and rating cover every gig)', async () => {
    const { seller_username: seller } = await freshGig();
    const query = 'query($seller: String!) { seller(username: $seller) { username rating attributes } }';
    await gw.query(query, { variables: { seller } });
    expect(await hitsDuring(() => gw.query(query, { variables: { seller } }))).toBe(1);
    expect((await postWebhook(gw.url, eventFor({ slug: `${seller}-new-gig`, seller_username: seller }, 'gig.created'))).status).toBe(202);
    const after = await counted(() => gw.query(query, { variables: { seller } }));
    expectOk(after.result);
    expect(gw.calls('marketplace').map((c) => c.path)).toEqual([`/api/v1/sellers/${seller}`]);
  });

  it('a profile.avatar.changed naming the seller evicts an answer showing their avatar, and only the seller is read again', async () => {
    const { seller_username: seller } = await freshGig();
    const query = 'query($seller: String!) { seller(username: $seller) { username avatarUrl } }';
    await gw.query(query, { variables: { seller } });
    expect(await hitsDuring(() => gw.query(query, { variables: { seller } }))).toBe(1);
    expect((await postWebhook(gw.url, eventFor({ username: seller }, 'profile.avatar.changed'))).status).toBe(202);
    const after = await counted(() => gw.query(query, { variables: { seller } }));
    expectOk(after.result);
    expect(gw.calls('marketplace').map((c) => c.path)).toEqual([`/api/v1/sellers/${seller}`]);
  });

  it("a review.created of another gig of the same seller evicts an answer showing the seller's rating", async () => {
    const { slug, seller_username: seller } = await freshGig();
    const listed = await (await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?seller=${seller}&per_page=50`)).json();
    const other = (listed as { data: Array<{ slug: string }> }).data.find((gig) => gig.slug !== slug)!.slug;
    await gw.query(GIG_AND_SELLER, { variables: { slug } });
    expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug } }))).toBe(1);
    const event = eventFor({ id: 1, gig_slug: other, seller_username: seller, rating: 1 }, 'review.created');
    expect((await postWebhook(gw.url, event)).status).toBe(202);
    const after = await counted(() => gw.query(GIG_AND_SELLER, { variables: { slug } }));
    expect(gw.calls('marketplace').map((c) => c.path)).toEqual([`/api/v1/sellers/${seller}`]);
    expectOk(after.result);
  });

  it('an answer still being built when a webhook evicts what it already read is not kept: the next caller reads it again', async () => {
    const { slug, seller_username: seller } = await freshGig();
    // The seller kept by the shared cache first, so the operation below reads it at once.
    expectOk(await gw.query('query($seller: String!) { seller(username: $seller) { name } }', { variables: { seller } }));
    const query = 'query($slug: String!) { gig(slug: $slug) { title seller { username name } reviews(first: 1) { totalCount } } }';
    // The gig's reviews (which the event does not change) are held long enough for it to arrive meanwhile.
    control().setFaults([{ kind: 'delay', method: 'GET', pathIncludes: `/gigs/${slug}/reviews`, latencyMs: 2_500, times: 1 }]);
    gw.resetCalls();
    const building = gw.query(query, { variables: { slug } });
    await until(() => gw.calls('marketplace').some((c) => c.path === `/api/v1/gigs/${slug}/reviews`), 5_000);
    expect((await postWebhook(gw.url, eventFor({ username: seller }, 'seller.updated'))).status).toBe(202);
    expectOk(await building);
    const next = await counted(() => gw.query(query, { variables: { slug } }));
    expectOk(next.result);
    expect(gw.calls('marketplace').map((c) => c.path)).toContain(`/api/v1/sellers/${seller}`);
  });

  it('an unsigned webhook evicts nothing', async () => {
    const { slug } = await freshGig();
    await gw.query(GIG_AND_SELLER, { variables: { slug } });
    await postWebhook(gw.url, eventFor({ slug }, 'gig.updated'), { secret: 'not-the-secret-at-all-0123456789abcdef' });
    expect(await hitsDuring(() => gw.query(GIG_AND_SELLER, { variables: { slug } }))).toBe(1);
  });
});
