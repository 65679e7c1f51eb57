/**
 * The response cache's tag sets in Redis (tag → the answers built from it) against a real redis-server:
 * a set keeps living while any answer in it lives, so the ids of its expired answers must not stay in it,
 * or a busy tag (`gateway:response:marketplace:gigs`) grows under steady traffic and its eviction slows.
 * Storing an answer trims the sets it touches of answers that have expired.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { ResponseStore } from '../../src/plugins/response-cache/store.js';
import { openRedis, type RedisConnection } from '../../src/redis/connection.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis-server.js';

const TAG_SET = 'gateway:response:marketplace:gigs';

describe.skipIf(!hasRedisServer)(
  `tag sets of the response cache in Redis${hasRedisServer ? '' : ' (skipped: no redis-server here)'}`,
  () => {
    let redis: RedisServer;
    let connection: RedisConnection;
    let store: ResponseStore;
    beforeAll(async () => {
      redis = await startRedisServer();
      const logger = createLogger('silent');
      connection = openRedis(redis.url, logger);
      expect(await connection.connected(5000)).toBe(true);
      store = new ResponseStore({ maxEntries: 100, maxBytes: 1024 * 1024, logger, redis: connection });
    });
    afterAll(async () => {
      await connection?.close();
      await redis?.stop();
    });

    /** Stores an answer tagged `marketplace:gigs` under `key`, living `ttlMs`, as the response cache does. */
    async function storeAnswer(key: string, ttlMs: number): Promise<void> {
      store.stage(key, ['marketplace:gigs'], store.mark());
      await store.set(key, { data: { gigs: [key] } }, [], ttlMs);
    }

    it('holds no ids of expired answers once an answer is stored into it again', async () => {
      // A long-lived answer keeps the set alive (it lives as long as its longest-lived answer).
      await storeAnswer('long-1', 60_000);
      for (let n = 0; n < 10; n++) await storeAnswer(`short-${n}`, 100);
      expect(await connection.client.scard(TAG_SET)).toBe(11);
      await expect.poll(() => connection.client.exists(...Array.from({ length: 10 }, (_, n) => `gateway:response:short-${n}`))).toBe(0);
      await storeAnswer('long-2', 60_000);
      expect((await connection.client.smembers(TAG_SET)).sort()).toEqual(['gateway:response:long-1', 'gateway:response:long-2']);
    });

    it('stays bounded under steady traffic: answers expire as fast as new ones come', async () => {
      for (let n = 0; n < 60; n++) {
        await storeAnswer(`steady-${n}`, 30);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      // Live answers at any moment: a handful (30 ms lifetimes); without trimming the set held all 60 and more.
      const live = await connection.client.smembers(TAG_SET);
      expect(live.length).toBeLessThan(20);
    });
  },
);
