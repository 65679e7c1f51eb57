/**
 * The Redis public-cache store against a real `redis-server`: two store
 * objects are two gateway instances (two connections). Entries expire, an
 * eviction by one instance is seen by the other at once (also one landing
 * while the other is still fetching), one of many concurrent claimers wins
 * the fill lock, waiters get the filled answer, and a Redis that stops
 * mid-run only costs cache hits: every method answers at once, the outage is
 * logged once, and the cache works again when Redis is back.
 */
import { spawnSync } from 'node:child_process';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import {
  createRedisPublicCacheStore,
  type RedisPublicCacheStore,
  type RedisStoreOptions,
} from '../../src/upstreams/public-cache/redis-store.js';
import { openRedis, REDIS_COMMAND_TIMEOUT_MS as COMMAND_TIMEOUT_MS, type RedisConnection } from '../../src/redis/connection.js';
import type { CachedAnswer } from '../../src/upstreams/public-cache/store.js';
import { freePort } from '../helpers/free-port.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis-server.js';

const answer = (title: string): CachedAnswer => {
  const now = Date.now();
  return {
    status: 200,
    headers: { 'content-type': 'application/json', etag: `"${title}"`, 'cache-control': 'public, max-age=30' },
    body: { slug: 'logo-design', title, tags: ['logo', 'brand'], price: { amount: 25, currency: 'USD' } },
    bytes: 96,
    storedAt: now,
    freshUntil: now + 30_000,
    staleWhileRevalidateUntil: now + 30_000,
    staleIfErrorUntil: now + 60_000,
  };
};
const GIG = 'marketplace:gig:logo-design';
const SELLER = 'marketplace:seller:alice';
const minute = () => Date.now() + 60_000;

async function eventually<T>(probe: () => Promise<T>, accept: (value: T) => boolean, ms = 5000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function capturedLogger() {
  const lines: { level: number; msg: string }[] = [];
  const logger = createLogger(
    'info',
    new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) }),
  );
  return { logger, lines, about: (text: string) => lines.filter((line) => line.msg.includes(text)) };
}

describe.skipIf(!hasRedisServer)(`Redis public-cache store${hasRedisServer ? '' : ' (skipped: no redis-server here)'}`, () => {
  let redis: RedisServer;
  const stores: RedisPublicCacheStore[] = [];
  const connections: RedisConnection[] = [];
  /** A store on its own connection (one gateway instance). */
  const storeAt = (url: string, logger: Parameters<typeof openRedis>[1], options: RedisStoreOptions = {}) => {
    const connection = openRedis(url, logger);
    connections.push(connection);
    const store = createRedisPublicCacheStore(connection, options);
    stores.push(store);
    return store;
  };
  const open = async (logger = capturedLogger().logger, options: RedisStoreOptions = {}) => {
    const store = storeAt(redis.url, logger, options);
    // Connected once a claim is really taken (a store that cannot reach Redis says true to every claim).
    const probe = `probe:${Math.random()}`;
    await eventually(async () => (await store.claimFill(probe, 1000)) && !(await store.claimFill(probe, 1000)), Boolean);
    return store;
  };

  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterEach(async () => {
    await Promise.all(stores.splice(0).map((store) => store.close()));
    await Promise.all(connections.splice(0).map((connection) => connection.close()));
    redis.flushAll();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('keeps an entry until keepUntil, then forgets it', async () => {
    const one = await open();
    expect(await one.get('gig/logo-design')).toBeUndefined();
    const logo = answer('Logo');
    await one.set('gig/logo-design', logo, [GIG], Date.now() + 300);
    expect(await one.get('gig/logo-design')).toEqual(logo);
    expect(
      await eventually(
        () => one.get('gig/logo-design'),
        (value) => value === undefined,
      ),
    ).toBeUndefined();
    await one.set('gig/past', answer('Past'), [GIG], Date.now() - 1);
    expect(await one.get('gig/past')).toBeUndefined();
  });

  it('shares entries between instances, and an eviction by one is seen by the other at once', async () => {
    const [one, two] = [await open(), await open()];
    await one.set('gig/logo-design', answer('Logo'), [GIG, SELLER], minute());
    await one.set('seller/alice', answer('Alice'), [SELLER], minute());
    await one.set('gig/other', answer('Other'), ['marketplace:gig:other'], minute());
    expect((await two.get('gig/logo-design'))?.headers.etag).toBe('"Logo"');

    await one.evictTags([SELLER]);
    expect(await two.get('gig/logo-design')).toBeUndefined();
    expect(await two.get('seller/alice')).toBeUndefined();
    expect((await two.get('gig/other'))?.body).toEqual(answer('Other').body);

    // Stored again after the eviction: served again.
    await two.set('seller/alice', answer('Alice 2'), [SELLER], minute());
    expect((await one.get('seller/alice'))?.headers.etag).toBe('"Alice 2"');
  });

  it('does not store an answer whose fetch began before an eviction by another instance', async () => {
    const [one, two] = [await open(), await open()];
    expect(await two.claimFill('gig/logo-design', 5000)).toBe(true);
    await one.evictTags([GIG]); // the gig changed while instance two was still fetching it
    await two.set('gig/logo-design', answer('Before the change'), [GIG], minute());
    await two.releaseFill('gig/logo-design');
    expect(await one.get('gig/logo-design')).toBeUndefined();

    expect(await one.claimFill('gig/logo-design', 5000)).toBe(true);
    await one.set('gig/logo-design', answer('After the change'), [GIG], minute());
    await one.releaseFill('gig/logo-design');
    expect((await two.get('gig/logo-design'))?.headers.etag).toBe('"After the change"');
  });

  it('keeps a tag marker as long as its longest-lived entry, and counts a lost marker as an eviction', async () => {
    const one = await open();
    const cli = (...args: string[]) =>
      spawnSync('redis-cli', ['-p', String(redis.port), ...args])
        .stdout.toString()
        .trim();
    await one.set('gig/short', answer('Short'), [GIG], Date.now() + 1000);
    expect(Number(cli('pttl', `gateway:cache:tag:${GIG}`))).toBeLessThanOrEqual(1000);
    await one.set('gig/long', answer('Long'), [GIG], minute());
    expect(Number(cli('pttl', `gateway:cache:tag:${GIG}`))).toBeGreaterThan(30_000);

    cli('del', `gateway:cache:tag:${GIG}`); // as maxmemory would drop it
    expect(await one.get('gig/long')).toBeUndefined();
  });

  it('lets exactly one of 30 concurrent claimers on two instances fetch, and only the owner release', async () => {
    const [one, two] = [await open(), await open()];
    const claims = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).claimFill('gig/logo-design', 10_000)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const [owner, other] = claims.findIndex(Boolean) % 2 ? [one, two] : [two, one];

    await other.releaseFill('gig/logo-design'); // not its lock: nothing happens
    expect(await other.claimFill('gig/logo-design', 10_000)).toBe(false);
    await owner.releaseFill('gig/logo-design');
    expect(await other.claimFill('gig/logo-design', 10_000)).toBe(true);
  });

  it('never releases a lock taken by another after its own lapsed', async () => {
    const [one, two] = [await open(), await open()];
    expect(await one.claimFill('gig/slow', 50)).toBe(true);
    expect(await eventually(() => two.claimFill('gig/slow', 10_000), Boolean)).toBe(true);
    await one.releaseFill('gig/slow'); // one's lock lapsed; the lock now is two's
    expect(await one.claimFill('gig/slow', 10_000)).toBe(false);
  });

  it("hands the filled answer to an instance waiting on another's fetch, and nothing when the fetch gives up", async () => {
    // Two never looks again on its own: only the release message can wake it.
    const [one, two] = [await open(), await open(undefined, { fillPollMs: 60_000 })];
    expect(await one.claimFill('gig/logo-design', 10_000)).toBe(true);
    expect(await two.claimFill('gig/logo-design', 10_000)).toBe(false);
    const waited = two.waitForFill('gig/logo-design', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await one.set('gig/logo-design', answer('Logo'), [GIG], minute());
    await one.releaseFill('gig/logo-design');
    expect((await waited)?.headers.etag).toBe('"Logo"');

    expect(await one.claimFill('gig/failing', 10_000)).toBe(true);
    const started = Date.now();
    const gaveUp = two.waitForFill('gig/failing', 10_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await one.releaseFill('gig/failing'); // the upstream failed: nothing stored
    expect(await gaveUp).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(5000);
    // No fill in flight at all: no wait.
    expect(await two.waitForFill('gig/nobody', 10_000)).toBeUndefined();

    // The owner dies holding the lock: the waiter stops when the lock lapses, not at its own timeout.
    expect(await one.claimFill('gig/orphan', 300)).toBe(true);
    const orphanStarted = Date.now();
    expect(await (await open()).waitForFill('gig/orphan', 30_000)).toBeUndefined();
    expect(Date.now() - orphanStarted).toBeLessThan(10_000);
  });

  it('answers at once while Redis is down, logs the outage once, and works again when Redis is back', async () => {
    const { logger, about } = capturedLogger();
    const [one, two] = [await open(logger), await open()];
    await one.set('gig/logo-design', answer('Logo'), [GIG], minute());
    expect(await two.claimFill('gig/locked', 60_000)).toBe(true);

    await redis.stop();
    for (let round = 0; round < 5; round++) {
      const started = Date.now();
      expect(await one.get('gig/logo-design')).toBeUndefined();
      await one.set('gig/other', answer('Other'), [GIG], minute());
      await one.evictTags([GIG]);
      expect(await one.claimFill('gig/locked', 60_000)).toBe(true); // cannot tell: fetch
      await one.releaseFill('gig/locked');
      expect(await one.waitForFill('gig/locked', 60_000)).toBeUndefined();
      expect(Date.now() - started).toBeLessThan(COMMAND_TIMEOUT_MS * 4);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(about('Redis unavailable')).toHaveLength(1);
    expect(about('Redis unavailable')[0]!.level).toBe(40);

    redis = await startRedisServer(redis.port);
    await eventually(async () => (await one.set('gig/back', answer('Back'), [GIG], minute()), one.get('gig/back')), Boolean, 10_000);
    // The second connection reconnects on its own schedule (ioredis backoff): wait for it too before asserting.
    await eventually(() => two.get('gig/back'), Boolean, 10_000);
    expect((await two.get('gig/back'))?.headers.etag).toBe('"Back"');
    expect(about('Redis available again')).toHaveLength(1);
    expect(about('Redis unavailable')).toHaveLength(1);
  });

  it('gives up on a Redis that stops answering after the command timeout, and uses it again once it answers', async () => {
    const { logger, about } = capturedLogger();
    const [one, two] = [await open(logger), await open()];
    await one.set('gig/logo-design', answer('Logo'), [GIG], minute());
    // Redis holds every client's commands for 1.5 s: connected, but silent.
    expect(spawnSync('redis-cli', ['-p', String(redis.port), 'client', 'pause', '1500', 'all']).stdout.toString()).toContain('OK');
    const started = Date.now();
    const [got, claimed] = await Promise.all([one.get('gig/logo-design'), one.claimFill('gig/logo-design', 10_000)]);
    const took = Date.now() - started;
    expect([got, claimed]).toEqual([undefined, true]);
    expect(took).toBeLessThan(1200);
    expect(about('Redis unavailable')).toHaveLength(1);

    expect(await eventually(() => one.get('gig/logo-design'), Boolean)).toEqual(expect.objectContaining({ status: 200 }));
    expect(about('Redis available again')).toHaveLength(1);
    // The claim that timed out took the lock once Redis caught up, and gave it back: nobody waits for it to lapse.
    expect(await two.claimFill('gig/logo-design', 10_000)).toBe(true);
  });

  it('answers at once when Redis is unreachable from the start, logging it once', async () => {
    const { logger, about } = capturedLogger();
    const store = storeAt(`redis://127.0.0.1:${await freePort()}`, logger);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const started = Date.now();
    expect(await store.get('gig/logo-design')).toBeUndefined();
    await store.set('gig/logo-design', answer('Logo'), [GIG], minute());
    await store.evictTags([GIG]);
    expect(await store.claimFill('gig/logo-design', 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(COMMAND_TIMEOUT_MS * 4);
    expect(about('Redis unavailable')).toHaveLength(1);
  });
});
