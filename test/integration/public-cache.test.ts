/**
 * The shared cache of public reads, through the gateway against the sandbox
 * (which sends `Cache-Control: public, max-age=30` and an ETag on public
 * reads). Header cases the sandbox does not produce (no-store, private,
 * short lifetimes, stale windows) are served by a sandbox fault that answers
 * the real gig body with the headers under test.
 */
import { describe, expect, it } from 'vitest';
import { TOKENS, useTestGateway, type GraphQLResponse } from '../helpers/gateway.js';
import { eventFor, postWebhook, until } from '../helpers/events.js';
import { expectOk } from '../helpers/operations.js';
import { testClock } from '../helpers/clock.js';

// Lifetimes pass by moving the cache's clock, never by sleeping through them.
const clock = testClock();
const gw = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024) }, ['marketplace'], { now: clock.now });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const GIG = 'query($slug: String!) { gig(slug: $slug) { slug title } }';

type GigResult = GraphQLResponse<{ gig: { slug: string; title: string } }> & { extensions?: { cost?: { actual: number } } };
const readGig = (slug: string, headers: Record<string, string> = {}, signal?: AbortSignal) =>
  signal
    ? fetch(`${gw.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ query: GIG, variables: { slug } }),
        signal,
      }).then(async (r) => (await r.json()) as GigResult)
    : (gw.query(GIG, { variables: { slug }, headers }) as Promise<GigResult>);

/** Every gig slug of the seeded sandbox, handed out one per test so no test sees another's cache entries. */
let slugs: string[] = [];
async function freshSlug(): Promise<string> {
  if (slugs.length === 0) {
    const res = await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?per_page=100`);
    slugs = ((await res.json()) as { data: Array<{ slug: string }> }).data.map((g) => g.slug);
  }
  return slugs.pop()!;
}

const gigCalls = (slug: string) => gw.calls('marketplace').filter((c) => c.path === `/api/v1/gigs/${slug}`);
const control = () => gw.sandbox.services.marketplace!.control;

/** The sandbox's own answer for a gig, to serve again with other caching headers. */
async function gigBody(slug: string) {
  const res = await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs/${slug}`);
  return { body: (await res.json()) as { data: { title: string } }, etag: res.headers.get('etag')! };
}

/** The next `times` calls for the gig answer 200 with the real body (or `body`) and these headers. */
async function serveGigWith(slug: string, headers: Record<string, string>, options: { body?: unknown; withEtag?: boolean } = {}) {
  const real = await gigBody(slug);
  const sent = options.withEtag ? { ...headers, etag: real.etag } : headers;
  control().setFaults([
    { kind: 'status', status: 200, method: 'GET', pathIncludes: `/gigs/${slug}`, times: 1, body: options.body ?? real.body, headers: sent },
  ]);
  gw.resetCalls();
  return real;
}

async function cacheCount(result: string, operation = 'gigsShow'): Promise<number> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  const line = text
    .split('\n')
    .find((l) => l.startsWith(`gateway_cache_requests_total{upstream="marketplace",operation="${operation}",result="${result}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('public reads are fetched once, for everyone, without a credential', () => {
  it('serves a second caller with a different credential from the cache: zero upstream calls, and no credential on the one call made', async () => {
    const slug = await freshSlug();
    const first = await readGig(slug, bearer(TOKENS.buyer));
    expect(expectOk(first).gig.slug).toBe(slug);
    expect(gigCalls(slug)).toHaveLength(1);
    expect(gigCalls(slug)[0]!.headers.authorization).toBeUndefined();
    gw.resetCalls();
    const second = await readGig(slug, bearer(TOKENS.seller));
    expect(second.data).toEqual(first.data);
    expect(gw.calls('marketplace')).toHaveLength(0);
    // The request made no upstream call, and says so.
    expect(second.extensions?.cost?.actual).toBe(0);
    expect((await readGig(slug)).data).toEqual(first.data);
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('never caches a read sent with a credential: me, and mobileHome (needs none, but greets a signed-in caller)', async () => {
    for (let i = 0; i < 2; i++) expectOk(await gw.query('{ me { username } mobileHome { greeting } }', { headers: bearer(TOKENS.buyer) }));
    const calls = gw.calls('marketplace');
    expect(calls.map((c) => c.path).sort()).toEqual(['/api/v1/me', '/api/v1/me', '/api/v1/mobile/home', '/api/v1/mobile/home']);
    for (const call of calls) expect(call.headers.authorization).toBe(`Bearer ${TOKENS.buyer}`);
    const other = expectOk(
      await gw.query<{ mobileHome: { greeting: string } }>('{ mobileHome { greeting } }', { headers: bearer(TOKENS.seller) }),
    );
    const mine = expectOk(
      await gw.query<{ mobileHome: { greeting: string } }>('{ mobileHome { greeting } }', { headers: bearer(TOKENS.buyer) }),
    );
    expect(other.mobileHome.greeting).not.toBe(mine.mobileHome.greeting);
  });

  it("shares an anonymous read of a list whose reference names a scope (a seller's gigs), but never the same list read with a token", async () => {
    const SELLER_GIGS = '{ seller(username: "pixelcraft") { gigs(first: 3) { nodes { slug } } } }';
    const gigLists = () => gw.calls('marketplace').filter((c) => c.path === '/api/v1/gigs');
    gw.resetCalls();
    const anonymous = expectOk(await gw.query(SELLER_GIGS));
    expect(gigLists()).toHaveLength(1);
    expect(gigLists()[0]!.headers.authorization).toBeUndefined();
    gw.resetCalls();
    expect(expectOk(await gw.query(SELLER_GIGS))).toEqual(anonymous);
    expect(gigLists()).toHaveLength(0);
    // A token goes with it (the reference lists gigs.read), so that answer is the caller's own: asked for every time.
    for (let i = 0; i < 2; i++) expectOk(await gw.query(SELLER_GIGS, { headers: bearer(TOKENS.buyer) }));
    expect(gigLists()).toHaveLength(2);
    for (const call of gigLists()) expect(call.headers.authorization).toBe(`Bearer ${TOKENS.buyer}`);
  });

  it('keeps only 200 answers: an unknown gig is asked for again', async () => {
    for (let i = 0; i < 2; i++) expect((await readGig('no-such-gig-here')).errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    expect(gigCalls('no-such-gig-here')).toHaveLength(2);
  });

  for (const cacheControl of ['no-store, max-age=60', 'private, max-age=60']) {
    it(`never keeps an answer marked "${cacheControl}"`, async () => {
      const slug = await freshSlug();
      await serveGigWith(slug, { 'cache-control': cacheControl });
      expectOk(await readGig(slug));
      expectOk(await readGig(slug));
      expect(gigCalls(slug)).toHaveLength(2);
    });
  }

  it('after max-age, revalidates with If-None-Match: a 304 refreshes the entry without a body', async () => {
    const slug = await freshSlug();
    // Served once with a lifetime of one second and the sandbox's real ETag, so the sandbox itself answers the revalidation.
    const { etag } = await serveGigWith(slug, { 'cache-control': 'max-age=1' }, { withEtag: true });
    const first = expectOk(await readGig(slug));
    expect(await readGig(slug)).toMatchObject({ data: first });
    expect(gigCalls(slug)).toHaveLength(1);
    clock.advance(1100);
    const revalidatedBefore = await cacheCount('revalidated');
    expect(expectOk(await readGig(slug))).toEqual(first);
    const [, conditional] = gigCalls(slug);
    expect(conditional!.headers['if-none-match']).toBe(etag);
    expect(conditional!.status).toBe(304);
    expect(await cacheCount('revalidated')).toBe(revalidatedBefore + 1);
    // The 304 said max-age=30: fresh again, no call.
    gw.resetCalls();
    expect(expectOk(await readGig(slug))).toEqual(first);
    expect(gigCalls(slug)).toHaveLength(0);
  });

  it('within stale-while-revalidate, answers from the stale entry at once and revalidates once in the background', async () => {
    const slug = await freshSlug();
    await serveGigWith(slug, { 'cache-control': 'max-age=1, stale-while-revalidate=60' });
    const first = expectOk(await readGig(slug));
    clock.advance(1100);
    control().latencyMs = 300;
    try {
      const staleBefore = await cacheCount('stale');
      const answers = await Promise.all([readGig(slug), readGig(slug), readGig(slug, bearer(TOKENS.buyer))]);
      for (const answer of answers) expect(expectOk(answer)).toEqual(first);
      expect(await cacheCount('stale')).toBe(staleBefore + 3);
      await until(() => gigCalls(slug).length === 2 && gigCalls(slug)[1]!.status !== undefined);
    } finally {
      control().latencyMs = 0;
    }
    await sleep(50);
    expect(gigCalls(slug)).toHaveLength(2);
  });

  for (const failure of [{ kind: 'status' as const, status: 503 }, { kind: 'reset' as const }]) {
    it(`within stale-if-error, answers from the stale entry when the upstream fails (${failure.kind} ${failure.status ?? ''})`, async () => {
      const slug = await freshSlug();
      await serveGigWith(slug, { 'cache-control': 'max-age=1, stale-if-error=60' });
      const first = expectOk(await readGig(slug));
      clock.advance(1100);
      control().setFaults([{ ...failure, method: 'GET', pathIncludes: `/gigs/${slug}` }]);
      gw.resetCalls();
      try {
        expect(expectOk(await readGig(slug))).toEqual(first);
        expect(gigCalls(slug).length).toBeGreaterThanOrEqual(1);
      } finally {
        control().setFaults([]);
      }
    });
  }
});

describe('coalescing', () => {
  it('30 concurrent misses make one upstream call, and one caller leaving fails none of the 29 others', async () => {
    const slug = await freshSlug();
    // Slow enough upstream that all 30 are waiting at once, however loaded the machine.
    control().latencyMs = 1500;
    const coalescedBefore = await cacheCount('coalesced');
    try {
      // The caller who leaves is the one whose request started the upstream call.
      const leaving = new AbortController();
      const leaver = readGig(slug, bearer(TOKENS.buyer), leaving.signal).catch((error: unknown) => error);
      await until(() => gigCalls(slug).length === 1);
      const tokens = [TOKENS.buyer, TOKENS.seller, TOKENS.readonly, TOKENS.noscope];
      const others = Array.from({ length: 29 }, (_, i) => readGig(slug, i % 5 === 0 ? {} : bearer(tokens[i % 4]!)));
      await sleep(200);
      leaving.abort();
      expect(((await leaver) as Error).name).toBe('AbortError');
      for (const answer of await Promise.all(others)) expect(expectOk(answer).gig.slug).toBe(slug);
    } finally {
      control().latencyMs = 0;
    }
    expect(gigCalls(slug)).toHaveLength(1);
    expect(await cacheCount('coalesced')).toBeGreaterThanOrEqual(coalescedBefore + 28);
  });
});

describe('invalidation from webhooks', () => {
  it('a signed gig.updated evicts the gig before it is acknowledged: the next read calls the upstream and sees the new data', async () => {
    const slug = await freshSlug();
    const before = expectOk(await readGig(slug)).gig.title;
    gw.resetCalls();
    // The gig changes upstream; until the event arrives, readers get the cached copy.
    const { body } = await gigBody(slug);
    await serveGigWith(slug, {}, { body: { data: { ...body.data, title: 'Renamed by its seller' } } });
    expect(expectOk(await readGig(slug)).gig.title).toBe(before);
    expect(gigCalls(slug)).toHaveLength(0);
    const webhook = await postWebhook(gw.url, eventFor({ slug, username: 'codeforge' }, 'gig.updated'));
    expect(webhook.status).toBe(202);
    expect(expectOk(await readGig(slug)).gig.title).toBe('Renamed by its seller');
    expect(gigCalls(slug)).toHaveLength(1);
  });

  /** A read of a fresh gig whose upstream call is held 2.5 s, with a signed gig.updated (of `changed`, else its own) accepted while it is out. */
  async function readAcrossGigUpdated(changed?: string) {
    const slug = await freshSlug();
    control().setFaults([{ kind: 'delay', method: 'GET', pathIncludes: `/gigs/${slug}`, latencyMs: 2_500, times: 1 }]);
    gw.resetCalls();
    const reading = readGig(slug);
    await until(() => gigCalls(slug).length === 1, 5_000);
    expect((await postWebhook(gw.url, eventFor({ slug: changed ?? slug }, 'gig.updated'))).status).toBe(202);
    return { slug, reading };
  }

  it('a read still in flight when a webhook evicts its gig is answered but not kept: the next read calls the upstream', async () => {
    const { slug, reading } = await readAcrossGigUpdated();
    expect(expectOk(await reading).gig.slug).toBe(slug);
    expectOk(await readGig(slug));
    expect(gigCalls(slug)).toHaveLength(2);
  });

  it('a read begun after a webhook evicted its gig does not join a call for it that began before: it asks again', async () => {
    const { slug, reading } = await readAcrossGigUpdated();
    // A subscriber who reads again on hearing the event: its own call, not the answer of one begun before the change.
    expectOk(await readGig(slug));
    expect(gigCalls(slug)).toHaveLength(2);
    expectOk(await reading);
  });

  it('a webhook about another gig leaves a call in flight to be joined: a read of this gig meanwhile makes no call of its own', async () => {
    const { slug, reading } = await readAcrossGigUpdated(await freshSlug());
    expectOk(await readGig(slug));
    expect(gigCalls(slug)).toHaveLength(1);
    expectOk(await reading);
  });

  it('an unsigned webhook evicts nothing', async () => {
    const slug = await freshSlug();
    expectOk(await readGig(slug));
    gw.resetCalls();
    const refused = await postWebhook(gw.url, eventFor({ slug }, 'gig.updated'), { secret: 'wrong-secret' });
    expect(refused.status).toBe(401);
    expectOk(await readGig(slug));
    expect(gigCalls(slug)).toHaveLength(0);
  });
});

describe('metrics', () => {
  it('counts a miss, then hits, and bypass for a read sent with a credential', async () => {
    const slug = await freshSlug();
    const [miss, hit, bypass] = [await cacheCount('miss'), await cacheCount('hit'), await cacheCount('bypass', 'me')];
    await readGig(slug);
    await readGig(slug, bearer(TOKENS.buyer));
    await readGig(slug, bearer(TOKENS.seller));
    await gw.query('{ me { username } }', { headers: bearer(TOKENS.buyer) });
    expect(await cacheCount('miss')).toBe(miss + 1);
    expect(await cacheCount('hit')).toBe(hit + 2);
    expect(await cacheCount('bypass', 'me')).toBe(bypass + 1);
  });
});
