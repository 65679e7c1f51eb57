/**
 * Two gateway instances sharing one Redis (REDIS_URL) and one marketplace
 * behave as one public cache: a public read made through one is served by
 * the other with no upstream call, a signed webhook accepted by one evicts
 * for both, concurrent misses on both make one upstream call, and Redis
 * stopping mid-run loses no request (reads go to the upstream until it is
 * back). Needs a `redis-server` binary (.ci/run installs it); elsewhere the
 * suite is skipped and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { eventFor, postWebhook, until } from '../helpers/events.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis-server.js';

const SELLER = '{ seller(username: "pixelcraft") { username name rating } }';
const sellerReads = (gateway: TestGateway) =>
  gateway.calls('marketplace').filter((call) => call.method === 'GET' && call.path === '/api/v1/sellers/pixelcraft');

describe.skipIf(!hasRedisServer)(`public cache shared by two instances${hasRedisServer ? '' : ' (skipped: no redis-server here)'}`, () => {
  let redis: RedisServer;
  let one: TestGateway;
  let two: TestGateway;

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, PUBLIC_CACHE_MAX_BYTES: String(16 * 1024 * 1024) };
    one = await startTestGateway(env, ['marketplace']);
    // The same marketplace for both: every upstream call of either instance is recorded by one's sandbox.
    two = await startTestGateway({ ...env, MARKETPLACE_URL: one.sandbox.urls.marketplace! }, ['seo']);
  });
  afterAll(async () => {
    await Promise.all([one?.close(), two?.close()]);
    await redis?.stop();
  });

  it('serves a public read made through one instance from the other, with no upstream call, whoever asks', async () => {
    redis.flushAll();
    const first = await one.query(SELLER, { headers: { authorization: `Bearer ${TOKENS.buyer}` } });
    expect(first.errors).toBeUndefined();
    expect(sellerReads(one)).toHaveLength(1);
    one.resetCalls();

    const second = await two.query(SELLER, { headers: { authorization: `Bearer ${TOKENS.seller}` } });
    expect(second.data).toEqual(first.data);
    expect(one.calls('marketplace')).toHaveLength(0);
  });

  it('evicts for both instances on a signed webhook accepted by one', async () => {
    redis.flushAll();
    await one.query(SELLER);
    expect((await two.query(SELLER)).errors).toBeUndefined();
    one.resetCalls();
    await two.query(SELLER);
    expect(sellerReads(one)).toHaveLength(0); // still cached

    expect((await postWebhook(one.url, eventFor({ username: 'pixelcraft' }, 'seller.updated'))).status).toBe(202);
    const after = await two.query(SELLER);
    expect(after.errors).toBeUndefined();
    expect(sellerReads(one)).toHaveLength(1);
  });

  it('makes one upstream call for 30 concurrent misses spread over both instances', async () => {
    redis.flushAll();
    one.resetCalls();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? one : two).query(SELLER)));
    for (const answer of answers) expect(answer.data).toEqual(answers[0]!.data);
    expect(answers[0]!.errors).toBeUndefined();
    expect(sellerReads(one)).toHaveLength(1);
  });

  it('loses no request when Redis stops mid-run, and shares the cache again once it is back', async () => {
    redis.flushAll();
    let stopped = false;
    const answered: number[] = [];
    const failures: unknown[] = [];
    const load = (async () => {
      for (let i = 0; !stopped || i < 40; i++) {
        const answer = await (i % 2 ? one : two).query(SELLER);
        if (answer.status === 200 && answer.errors === undefined) answered.push(i);
        else failures.push(answer);
      }
    })();
    // Load before, during and after the outage: each phase lasts until reads have gone through in it.
    const readsSoFar = () => answered.length + failures.length;
    const afterMore = async (reads: number) => {
      const target = readsSoFar() + reads;
      await until(() => readsSoFar() >= target, 10_000);
    };
    await afterMore(10);
    await redis.stop();
    await until(() => one.logs.some((line) => line.includes('Redis unavailable')), 10_000);
    await afterMore(10);
    redis = await startRedisServer(redis.port);
    await until(() => [one, two].every((gateway) => gateway.logs.some((line) => line.includes('Redis available again'))), 10_000);
    await afterMore(10);
    stopped = true;
    await load;
    expect(failures).toEqual([]);
    expect(answered.length).toBeGreaterThanOrEqual(40);
    expect(one.logs.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);

    // Back: one instance's read is the other's hit again.
    const deadline = Date.now() + 10_000;
    let shared = false;
    while (!shared && Date.now() < deadline) {
      redis.flushAll();
      await one.query(SELLER);
      one.resetCalls();
      await two.query(SELLER);
      shared = sellerReads(one).length === 0;
    }
    expect(shared).toBe(true);
  });

  it('starts and answers every request with Redis unreachable, logging the cache outage once', async () => {
    // Where Redis should be, a listener that resets every connection: each reconnect attempt is counted here.
    let attempts = 0;
    const refusing = createServer((socket) => {
      attempts++;
      socket.resetAndDestroy();
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve));
    const port = (refusing.address() as AddressInfo).port;
    const lonely = await startTestGateway({ REDIS_URL: `redis://127.0.0.1:${port}`, PUBLIC_CACHE_MAX_BYTES: String(16 * 1024 * 1024) }, [
      'marketplace',
    ]);
    try {
      for (let i = 0; i < 5; i++) {
        const answer = await lonely.query(SELLER);
        expect(answer.errors).toBeUndefined();
        expect(answer.data).toEqual({ seller: expect.objectContaining({ username: 'pixelcraft' }) });
      }
      expect(lonely.logs.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
      // One report for the outage, whichever use met it first, not once per connection or reconnect attempt:
      // checked once the connections have tried to reconnect several times.
      await until(() => attempts >= 8, 10_000);
      expect(lonely.logs.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
    } finally {
      await lonely.close();
      await new Promise((resolve) => refusing.close(resolve));
    }
  });
});
