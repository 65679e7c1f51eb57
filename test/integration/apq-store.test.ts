/**
 * The store of registered persisted queries: bounded in bytes in the process
 * (least recently used first out), shared through a real redis-server between
 * two stores (two gateway instances), and a Redis that stops answering only
 * turns lookups into misses, at once, logged once.
 */
import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { createApqStore } from '../../src/persisted-queries/apq-store.js';
import { openRedis, type RedisConnection } from '../../src/redis/connection.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { apolloClient } from '../helpers/apq-clients.js';
import { startTestGateway } from '../helpers/gateway.js';
import { parse } from 'graphql';

const text = (n: number, bytes: number) => `query Q${n} { categories { slug } } # ${'x'.repeat(bytes)}`;
/** The key a client registers a text under: a text read back from Redis is checked against it. */
const sha256 = (query: string) => createHash('sha256').update(query).digest('hex');

describe('in the process', () => {
  it('keeps no more bytes than APQ_MAX_BYTES, evicting the least recently used', async () => {
    const store = createApqStore({ maxBytes: 10_000, maxDocumentBytes: 5000 });
    for (let n = 0; n < 6; n++) await store.set(`h${n}`, text(n, 2000));
    expect(store.bytes).toBeLessThanOrEqual(10_000);
    expect(await store.get('h0')).toBeUndefined();
    expect(await store.get('h5')).toBe(text(5, 2000));
    // Read recently, h2 outlives h3 when the next entry needs room.
    const kept = [];
    for (let n = 0; n < 6; n++) if (await store.get(`h${n}`)) kept.push(n);
    expect(kept.length).toBeGreaterThan(1);
    await store.get(`h${kept[0]}`);
    await store.set('h6', text(6, 2000));
    expect(await store.get(`h${kept[0]}`)).toBeDefined();
    expect(await store.get(`h${kept[1]}`)).toBeUndefined();
    await store.close();
  });

  it('refuses a text over APQ_MAX_DOCUMENT_BYTES', async () => {
    const store = createApqStore({ maxBytes: 10_000, maxDocumentBytes: 100 });
    await expect(store.set('big', text(0, 200))).rejects.toMatchObject({ extensions: { code: 'PERSISTED_QUERY_TOO_LARGE' } });
    expect(await store.get('big')).toBeUndefined();
    await store.close();
  });
});

describe.skipIf(!hasRedisServer)(`through Redis${hasRedisServer ? '' : ' (skipped: no redis-server here)'}`, () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(() => redis?.stop());

  it('shares a registration between instances, and misses at once while Redis is stopped', async () => {
    const lines: { msg: string }[] = [];
    const logger = createLogger(
      'info',
      new Writable({ write: (chunk: Buffer, _encoding, done) => (lines.push(JSON.parse(chunk.toString())), done()) }),
    );
    // Two instances: each its own command connection, as each gateway opens one (src/redis/connection.ts).
    const connections = [openRedis(redis.url, logger), openRedis(redis.url, logger)];
    const storeOn = (connection: RedisConnection) => createApqStore({ maxBytes: 10_000, maxDocumentBytes: 5000, redis: connection });
    const [first, second] = [storeOn(connections[0]!), storeOn(connections[1]!)];
    // Both connected once one's write is read by the other (a store not yet connected skips writes and misses).
    await expect
      .poll(async () => (await first.set(sha256(text(1, 10)), text(1, 10)), second.get(sha256(text(1, 10)))), { timeout: 5000 })
      .toBe(text(1, 10));

    await redis.stop();
    const started = Date.now();
    expect(await second.get(sha256('not-registered'))).toBeUndefined();
    await first.set(sha256(text(2, 10)), text(2, 10));
    expect(Date.now() - started).toBeLessThan(2000);
    // The process's own copy still serves what it registered.
    expect(await first.get(sha256(text(2, 10)))).toBe(text(2, 10));
    const outages = () =>
      lines.filter((line) => line.msg.startsWith('Redis unavailable') && line.msg.includes('persisted queries miss')).length;
    // Logged once per connection (two here), however many reconnection attempts fail.
    await expect.poll(outages, { timeout: 5000 }).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(outages()).toBeLessThanOrEqual(2);
    await Promise.all([first.close(), second.close(), ...connections.map((connection) => connection.close())]);
  });

  it('a text read from Redis that is not the sha256 of its key, or is over APQ_MAX_DOCUMENT_BYTES, is a miss, logged without the text', async () => {
    const own = await startRedisServer();
    const lines: { level: number; msg: string; hash?: string }[] = [];
    const raw: string[] = [];
    const logger = createLogger(
      'info',
      new Writable({
        write: (chunk: Buffer, _encoding, done) => (raw.push(chunk.toString()), lines.push(JSON.parse(chunk.toString())), done()),
      }),
    );
    const connection = openRedis(own.url, logger);
    const store = () => createApqStore({ maxBytes: 10_000, maxDocumentBytes: 200, redis: connection, logger });
    try {
      const trusted = 'query Trusted { categories { slug } }';
      const planted = 'mutation Planted { mobileLogout { ok } }';
      const large = text(4, 500);
      await expect
        .poll(async () => (await store().set(sha256(trusted), trusted), store().get(sha256(trusted))), { timeout: 5000 })
        .toBe(trusted);
      // Someone with write access to Redis puts another document under the trusted hash, and a large one under its own.
      await connection.client.set(`gateway:apq:${sha256(trusted)}`, planted);
      await connection.client.set(`gateway:apq:${sha256(large)}`, large);
      expect(await store().get(sha256(trusted))).toBeUndefined();
      expect(await store().get(sha256(large))).toBeUndefined();
      const refused = lines.filter((line) => line.msg === 'persisted query from Redis refused');
      expect(refused.map((line) => [line.level, line.hash])).toEqual([
        [40, sha256(trusted)],
        [40, sha256(large)],
      ]);
      expect(raw.join('')).not.toContain('Planted');
      // The client registers again: its text replaces the planted one, and is found.
      await store().set(sha256(trusted), trusted);
      expect(await store().get(sha256(trusted))).toBe(trusted);
    } finally {
      await connection.close();
      await own.stop();
    }
  });

  it('a silent Redis (paused) is a miss after REDIS_COMMAND_TIMEOUT_MS, then at once until it answers again', async () => {
    // A server of its own: a paused one must not hold up the other tests.
    const own = await startRedisServer();
    const connection = openRedis(own.url, createLogger('silent'), { commandTimeoutMs: 150 });
    const store = createApqStore({ maxBytes: 10_000, maxDocumentBytes: 5000, redis: connection });
    const other = createApqStore({ maxBytes: 10_000, maxDocumentBytes: 5000, redis: connection });
    try {
      await expect
        .poll(async () => (await store.set(sha256(text(3, 10)), text(3, 10)), other.get(sha256(text(3, 10)))), { timeout: 5000 })
        .toBe(text(3, 10));
      own.pause();
      const bounded = Date.now();
      expect(await other.get(sha256('unknown'))).toBeUndefined();
      // The command's timeout (150 ms here), not a wait for Redis; generous for a loaded machine.
      expect(Date.now() - bounded).toBeLessThan(1500);
      // Redis now counts as unavailable: nothing is sent, so the next look-up costs no timeout at all.
      expect(connection.available).toBe(false);
      expect(await other.get(sha256('kept-elsewhere'))).toBeUndefined();
      own.resume();
      // Back: the registration kept in Redis is found again by a store that never held it.
      await expect
        .poll(() => createApqStore({ maxBytes: 10_000, maxDocumentBytes: 5000, redis: connection }).get(sha256(text(3, 10))), {
          timeout: 5000,
        })
        .toBe(text(3, 10));
    } finally {
      own.resume();
      await Promise.all([store.close(), other.close()]);
      await connection.close();
      await own.stop();
    }
  });

  it('two gateways with REDIS_URL: a query registered through one runs hash-only on the other', async () => {
    // A server of its own: the test above stops the shared one.
    const own = await startRedisServer();
    const [one, two] = await Promise.all([startTestGateway({ REDIS_URL: own.url }), startTestGateway({ REDIS_URL: own.url })]);
    try {
      const query = parse('query SharedThroughRedis { categories { slug } }');
      const first = apolloClient(one.url);
      // Until the gateway's Redis connection is up a registration stays in its process: register until it is shared.
      await expect
        .poll(
          async () => {
            await first.run(query);
            const second = apolloClient(two.url);
            await second.run(query);
            return second.sent.map((r) => r.withQuery);
          },
          { timeout: 10_000 },
        )
        .toEqual([false]);
    } finally {
      await Promise.all([one.close(), two.close()]);
      await own.stop();
    }
  }, 30_000);
});
