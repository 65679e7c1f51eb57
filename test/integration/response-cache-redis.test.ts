/**
 * The response cache in Redis (REDIS_URL), shared by two gateway instances
 * over a real `redis-server`: an answer stored by one is a hit on the other,
 * a webhook to one evicts it for both, and a paused Redis (SIGSTOP: the socket
 * open, nothing answered) never hangs a request: the look-up times out (250 ms)
 * and the operation runs. A stopped Redis (connection refused) costs nothing at
 * all: nothing is sent until it answers again, and once restarted the two
 * instances share answers again.
 */
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { eventFor, postWebhook, until } from '../helpers/events.js';
import { expectOk } from '../helpers/operations.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis-server.js';

const GIG_AND_SELLER = 'query($slug: String!) { gig(slug: $slug) { slug title seller { username name } } }';
/** Generous for two busy cores: the command timeout is 250 ms. */
const BOUND_MS = 2_000;

async function hits(gateway: TestGateway): Promise<number> {
  const text = await (await fetch(`${gateway.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith('gateway_response_cache_requests_total{result="hit"}'));
  return line ? Number(line.split(' ').pop()) : 0;
}

describe.skipIf(!hasRedisServer)(`the response cache in Redis${hasRedisServer ? '' : ' (skipped: no redis-server here)'}`, () => {
  let redis: RedisServer;
  let a: TestGateway;
  let b: TestGateway;
  let slugs: string[] = [];

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = {
      REDIS_URL: redis.url,
      REDIS_COMMAND_TIMEOUT_MS: '250',
      PUBLIC_CACHE_MAX_BYTES: String(16 * 1024 * 1024),
      RESPONSE_CACHE_MAX_ENTRIES: '100',
    };
    [a, b] = await Promise.all([startTestGateway(env, ['marketplace']), startTestGateway(env, ['marketplace'])]);
    const res = await fetch(`${a.sandbox.urls.marketplace}/api/v1/gigs?per_page=20`);
    slugs = ((await res.json()) as { data: Array<{ slug: string }> }).data.map((g) => g.slug);
  });
  // A SIGSTOPped server left behind would hang every later suite that uses it.
  afterEach(() => redis?.resume());
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  it('an answer stored by one instance is a hit on the other, with no upstream call; a webhook to one evicts it for both', async () => {
    const slug = slugs.pop()!;
    const cold = expectOk(await a.query(GIG_AND_SELLER, { variables: { slug } }));
    const before = await hits(b);
    b.resetCalls();
    const warm = await b.query(GIG_AND_SELLER, { variables: { slug } });
    expect(warm.data).toEqual(cold);
    expect(await hits(b)).toBe(before + 1);
    expect(b.calls('marketplace')).toHaveLength(0);

    expect((await postWebhook(a.url, eventFor({ slug }, 'gig.updated'))).status).toBe(202);
    const evicted = await hits(b);
    expectOk(await b.query(GIG_AND_SELLER, { variables: { slug } }));
    expect(await hits(b)).toBe(evicted);
  });

  it('an answer one instance is still building when a webhook to the other evicts its gig is not kept', async () => {
    const slug = slugs.pop()!;
    const query = 'query($slug: String!) { gig(slug: $slug) { slug title reviews(first: 1) { totalCount } } }';
    // The reviews are read after the gig: held on b long enough for the event to reach a in between.
    b.sandbox.services.marketplace!.control.setFaults([
      { kind: 'delay', method: 'GET', pathIncludes: `/gigs/${slug}/reviews`, latencyMs: 2_500, times: 1 },
    ]);
    b.resetCalls();
    const building = b.query(query, { variables: { slug } });
    await until(() => b.calls('marketplace').some((c) => c.path === `/api/v1/gigs/${slug}/reviews`), 5_000);
    expect((await postWebhook(a.url, eventFor({ slug }, 'gig.updated'))).status).toBe(202);
    expectOk(await building);
    b.resetCalls();
    expectOk(await b.query(query, { variables: { slug } }));
    expect(b.calls('marketplace').map((c) => c.path)).toContain(`/api/v1/gigs/${slug}`);
  });

  it('a webhook whose eviction fails is not acknowledged: 503 with Retry-After, so the sender delivers it again', async () => {
    const slug = slugs.pop()!;
    expectOk(await a.query(GIG_AND_SELLER, { variables: { slug } }));
    const client = new Redis(redis.url);
    const tagSet = `gateway:response:marketplace:gig:${slug}`;
    try {
      // The gig's tag set made unreadable (WRONGTYPE), as a Redis failing in the middle of an eviction would.
      const members = await client.smembers(tagSet);
      expect(members.length).toBeGreaterThan(0);
      await client.del(tagSet);
      await client.set(tagSet, 'not a set');
      const event = eventFor({ slug }, 'gig.updated');
      const refused = await postWebhook(a.url, event);
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).not.toBeNull();
      await client.del(tagSet);
      await client.sadd(tagSet, ...members);
      // Delivered again, it evicts, and is accepted (not a duplicate: it was never published).
      expect((await postWebhook(a.url, event)).status).toBe(202);
      const before = await hits(b);
      expectOk(await b.query(GIG_AND_SELLER, { variables: { slug } }));
      expect(await hits(b)).toBe(before);
    } finally {
      client.disconnect();
    }
  });

  it('every key it writes expires: the answer with its lifetime, and its tag sets once no answer in them can be alive', async () => {
    const slug = slugs.pop()!;
    expectOk(await a.query(GIG_AND_SELLER, { variables: { slug } }));
    const client = new Redis(redis.url);
    try {
      const keys = await client.keys('gateway:response:*');
      expect(keys.some((key) => key.endsWith(`marketplace:gig:${slug}`))).toBe(true);
      const lifetimes = await Promise.all(keys.map(async (key) => [key, await client.pttl(key)] as const));
      // -1 would be a key kept for ever (-2: gone meanwhile).
      expect(lifetimes.filter(([, ms]) => ms === -1)).toEqual([]);
    } finally {
      client.disconnect();
    }
  });

  it('a paused Redis: a cached operation and a new one are both answered, each within the bound, by running them', async () => {
    const cachedSlug = slugs.pop()!;
    expectOk(await a.query(GIG_AND_SELLER, { variables: { slug: cachedSlug } }));
    redis.pause();
    for (const slug of [cachedSlug, slugs.pop()!, cachedSlug]) {
      const started = Date.now();
      const answer = await a.query(GIG_AND_SELLER, { variables: { slug } });
      expect(expectOk(answer).gig).toMatchObject({ slug });
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
    }
    redis.resume();
  });

  // Last: it stops the server and starts a new one on the same port, which the gateways reconnect to.
  it('a stopped Redis: both instances answer by running the operation, and share answers again once it is back', async () => {
    const slug = slugs.pop()!;
    await redis.stop();
    for (const gateway of [a, b, a]) {
      const started = Date.now();
      expect(expectOk(await gateway.query(GIG_AND_SELLER, { variables: { slug } })).gig).toMatchObject({ slug });
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
    }
    redis = await startRedisServer(redis.port);
    // Back: an answer stored through one is a hit on the other (polled: each reconnects on its own backoff).
    const fresh = slugs.pop()!;
    await expect
      .poll(
        async () => {
          expectOk(await a.query(GIG_AND_SELLER, { variables: { slug: fresh } }));
          const before = await hits(b);
          b.resetCalls();
          expectOk(await b.query(GIG_AND_SELLER, { variables: { slug: fresh } }));
          return (await hits(b)) - before === 1 && b.calls('marketplace').length === 0;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(true);
  });
});
