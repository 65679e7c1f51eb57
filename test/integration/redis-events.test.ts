/**
 * Two gateway instances sharing Redis (REDIS_URL) behave as one: an event
 * accepted by one reaches subscribers of the other, the sender's retry of it
 * on the other instance is a duplicate, and a client's rate limit is one
 * bucket across both. Needs a
 * `redis-server` binary (.ci/run installs it); elsewhere the suite is skipped
 * and says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway, ADMIN_KEY } from '../helpers/gateway.js';
import { eventFor, postWebhook, sse, until } from '../helpers/events.js';
import { hasRedisServer as hasRedis, startRedisServer, type RedisServer } from '../helpers/redis-server.js';

describe.skipIf(!hasRedis)(`two instances sharing Redis${hasRedis ? '' : ' (skipped: no redis-server here)'}`, () => {
  let redis: RedisServer;
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '3' };
    [a, b] = await Promise.all([startTestGateway(env, ['marketplace']), startTestGateway(env, ['marketplace'])]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  it('delivers an event accepted by one instance to a subscriber of the other, once', async () => {
    const subscriber = await sse(b.url, 'subscription { marketplaceEvents { id event } }', { 'x-gateway-admin-key': ADMIN_KEY });
    await new Promise((r) => setTimeout(r, 200));
    const payload = eventFor({ username: 'alice' }, 'offer.accepted');
    expect((await postWebhook(a.url, payload)).status).toBe(202);
    await until(() => subscriber.received.some((r) => (r.data?.marketplaceEvents as { id: string } | undefined)?.id === payload.id));

    // The sender retries on the other instance: acknowledged, not published again.
    const retry = await postWebhook(b.url, payload);
    expect(retry.status).toBe(200);
    expect(await retry.json()).toEqual({ status: 'duplicate' });
    await new Promise((r) => setTimeout(r, 200));
    expect(subscriber.received.filter((r) => (r.data?.marketplaceEvents as { id: string } | undefined)?.id === payload.id)).toHaveLength(1);
    await subscriber.close();
  });

  it('draws one rate-limit bucket per client across both instances', async () => {
    const post = (url: string) =>
      fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer sandbox:carol:*' },
        body: JSON.stringify({ query: '{ __typename }' }),
      });
    expect((await post(a.url)).status).toBe(200);
    expect((await post(b.url)).status).toBe(200);
    expect((await post(a.url)).status).toBe(200);
    const refused = await post(b.url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  });

  it('reports Redis in /readyz', async () => {
    const ready = (await (await fetch(`${a.url}/readyz`)).json()) as { redis?: { reachable: boolean } };
    expect(ready.redis).toEqual({ reachable: true });
  });

  it('counts the very first request an instance serves (it serves once its Redis connection is up)', async () => {
    // A fresh instance answering before its connection was ready used to let requests through uncounted:
    // with WORKERS=2, a worker's first request slipped past the shared limit (issue 18's flaky "answered: 4").
    const fresh = await startTestGateway({ REDIS_URL: redis.url, RATE_LIMIT_PER_MINUTE: '1', RATE_LIMIT_PER_IP_PER_MINUTE: '100' }, [
      'marketplace',
    ]);
    try {
      const post = () =>
        fetch(`${fresh.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer sandbox:first-request:*' },
          body: JSON.stringify({ query: '{ __typename }' }),
        });
      expect((await post()).status).toBe(200);
      expect((await post()).status).toBe(429);
    } finally {
      await fresh.close();
    }
  });
});
