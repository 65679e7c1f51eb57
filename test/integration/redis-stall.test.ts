/**
 * Redis can only slow down what needs Redis (docs/caching-redis.md, "When
 * Redis is down or slow"). Two gateway instances share a real `redis-server`,
 * which is paused (SIGSTOP: connections open, nothing answered) and then
 * stopped, under a little load. Throughout, `{ __typename }`, a public read
 * and a keyed read answer in a time bounded well under the outage; each
 * webhook is answered at once with a coded JSON 503 and Retry-After (never a
 * 500, never a 2xx for an event not published); /readyz answers 200 saying
 * `degraded`. Once Redis is back, the sender's retries are accepted and every
 * event reaches the subscriber, once: none accepted with 2xx is lost. And an
 * instance shutting down while Redis is paused closes promptly.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ITEMS_KEY, startTestGateway, type TestGateway, ADMIN_KEY } from '../helpers/gateway.js';
import { eventFor, postWebhook, sse, until } from '../helpers/events.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis-server.js';

/** How long Redis stays paused or stopped: every answer must come well within it. */
const OUTAGE_MS = 4_000;
/** Generous for two busy cores; the command timeout is 250 ms. */
const BOUND_MS = OUTAGE_MS / 2;

const READS: Array<{ name: string; query: string; headers?: Record<string, string> }> = [
  { name: 'typename', query: '{ __typename }' },
  { name: 'public', query: '{ seller(username: "pixelcraft") { username } }' },
  { name: 'keyed', query: '{ item(id: "1") { id } }', headers: { 'x-items-api-key': ITEMS_KEY } },
];

interface Timed {
  name: string;
  ms: number;
  status: number;
  ok: boolean;
}

/** Each read in turn, again and again on both instances, until `stop()`: what each answered and how long it took. */
function readLoad(gateways: TestGateway[]) {
  const timings: Timed[] = [];
  let stopped = false;
  const done = (async () => {
    for (let i = 0; !stopped; i++) {
      const read = READS[i % READS.length]!;
      const started = Date.now();
      const answer = await gateways[i % gateways.length]!.query(read.query, {
        headers: { authorization: `Bearer sandbox:load-${i}:*`, ...read.headers },
      });
      timings.push({
        name: read.name,
        ms: Date.now() - started,
        status: answer.status,
        ok: answer.status === 200 && answer.errors === undefined,
      });
    }
  })();
  return {
    timings,
    stop: async () => {
      stopped = true;
      await done;
    },
  };
}

/** A webhook sender: delivers, and keeps what each delivery was answered, with its time. */
function sender(gateway: TestGateway) {
  const answers: Array<{ id: string; status: number; ms: number; body: Record<string, unknown>; retryAfter: string | null }> = [];
  return {
    answers,
    async deliver(payload: ReturnType<typeof eventFor>) {
      const started = Date.now();
      const response = await postWebhook(gateway.url, payload);
      const text = await response.text();
      const body = JSON.parse(text) as Record<string, unknown>; // a non-JSON body fails here
      const answer = {
        id: payload.id,
        status: response.status,
        ms: Date.now() - started,
        body,
        retryAfter: response.headers.get('retry-after'),
      };
      answers.push(answer);
      return answer;
    },
  };
}

const receivedIds = (subscriber: Awaited<ReturnType<typeof sse>>) =>
  subscriber.received.map((r) => (r.data?.marketplaceEvents as { id: string } | undefined)?.id);

describe.skipIf(!hasRedisServer)(`a stalled or stopped Redis${hasRedisServer ? '' : ' (skipped: no redis-server here)'}`, () => {
  let redis: RedisServer;
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = {
      REDIS_URL: redis.url,
      REDIS_COMMAND_TIMEOUT_MS: '250',
      RATE_LIMIT_PER_MINUTE: '1000',
      PUBLIC_CACHE_MAX_BYTES: String(16 * 1024 * 1024),
    };
    [a, b] = await Promise.all([startTestGateway(env, ['marketplace', 'items']), startTestGateway(env, ['marketplace', 'items'])]);
  });
  // A SIGSTOPped server left behind would hang every later suite that uses it.
  afterEach(() => redis?.resume());
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
    await redis?.stop();
  });

  /** Drives load and webhooks through `outage`, then `recover`, and checks everything the file's header promises. */
  async function throughAnOutage(outage: () => Promise<void> | void, recover: () => Promise<void> | void) {
    // On the instance the webhooks reach: it takes an event only once its own subscriber connection is back
    // (docs/caching-redis.md: Redis pub/sub reaches connected subscribers only).
    const subscriber = await sse(a.url, 'subscription { marketplaceEvents { id event } }', { 'x-gateway-admin-key': ADMIN_KEY });
    const webhooks = sender(a);
    // Before: delivered at once.
    const before = eventFor({ username: 'alice' });
    expect((await webhooks.deliver(before)).status).toBe(202);
    await until(() => receivedIds(subscriber).includes(before.id), 5_000);

    const load = readLoad([a, b]);
    await new Promise((resolve) => setTimeout(resolve, 200));
    await outage();
    const outageStarted = Date.now();
    const during: Array<ReturnType<typeof eventFor>> = [];
    const readiness: Array<{ status: number; ms: number; body: { status: string; redis?: { reachable: boolean } } }> = [];
    while (Date.now() - outageStarted < OUTAGE_MS) {
      const payload = eventFor({ username: 'alice' });
      during.push(payload);
      await webhooks.deliver(payload);
      const started = Date.now();
      const ready = await fetch(`${a.url}/readyz`);
      readiness.push({ status: ready.status, ms: Date.now() - started, body: (await ready.json()) as never });
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const outageLoad = load.timings.length;
    await recover();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await load.stop();

    // Reads went on, each within the bound, all answered.
    const duringOutage = load.timings.slice(0, outageLoad);
    for (const name of READS.map((r) => r.name)) expect(duringOutage.filter((t) => t.name === name).length, name).toBeGreaterThan(3);
    expect(load.timings.filter((t) => !t.ok)).toEqual([]);
    expect(Math.max(...load.timings.map((t) => t.ms))).toBeLessThan(BOUND_MS);

    // Webhooks during the outage: a coded JSON 503 with Retry-After, at once; never a 500, never a 2xx.
    const refused = webhooks.answers.filter((answer) => during.some((p) => p.id === answer.id));
    expect(refused.length).toBeGreaterThanOrEqual(2);
    for (const answer of refused) {
      expect(answer).toMatchObject({ status: 503, body: { code: 'EVENTS_UNAVAILABLE' }, retryAfter: '5' });
      expect(answer.ms).toBeLessThan(BOUND_MS);
    }
    // /readyz: still 200 (reads are served), degraded, Redis unreachable, answered at once.
    for (const ready of readiness) {
      expect(ready).toMatchObject({ status: 200, body: { status: 'degraded', redis: { reachable: false } } });
      expect(ready.ms).toBeLessThan(BOUND_MS);
    }

    // After: the sender retries each refused event until it is taken; every one reaches the subscriber, once.
    for (const payload of during) {
      const deadline = Date.now() + 15_000;
      let answer = await webhooks.deliver(payload);
      while (answer.status === 503 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        answer = await webhooks.deliver(payload);
      }
      expect([200, 202]).toContain(answer.status);
    }
    await until(() => during.every((p) => receivedIds(subscriber).includes(p.id)), 5_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const accepted = new Set(
      webhooks.answers.filter((answer) => answer.status === 200 || answer.status === 202).map((answer) => answer.id),
    );
    expect(receivedIds(subscriber).sort()).toEqual([...accepted].sort());
    await subscriber.close();
  }

  it('pauses (SIGSTOP): reads stay fast, webhooks answer 503 + Retry-After and are delivered once after the pause', async () => {
    await throughAnOutage(
      () => redis.pause(),
      () => redis.resume(),
    );
    // The outage and its end are logged once by each instance.
    expect(a.logs.filter((line) => line.includes('Redis unavailable'))).toHaveLength(1);
    expect(a.logs.filter((line) => line.includes('Redis available again'))).toHaveLength(1);
  }, 60_000);

  it('stops: the same, and the events refused while it was gone are delivered once it is back', async () => {
    const port = redis.port;
    await throughAnOutage(
      () => redis.stop(),
      async () => {
        redis = await startRedisServer(port);
      },
    );
  }, 60_000);

  it('closes an instance promptly while Redis is paused (nothing waits for a silent Redis at shutdown either)', async () => {
    const leaving = await startTestGateway(
      {
        REDIS_URL: redis.url,
        REDIS_COMMAND_TIMEOUT_MS: '250',
        RATE_LIMIT_PER_MINUTE: '1000',
        PUBLIC_CACHE_MAX_BYTES: String(16 * 1024 * 1024),
      },
      ['marketplace'],
    );
    expect((await leaving.query('{ __typename }')).status).toBe(200);
    redis.pause();
    const started = Date.now();
    await leaving.close();
    expect(Date.now() - started).toBeLessThan(BOUND_MS);
  }, 30_000);
});
