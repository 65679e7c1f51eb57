/**
 * The front door (src/front-door.ts) with the response cache in Redis
 * (REDIS_URL): two gateways over one `redis-server`, one with the front door
 * and one without, share every entry. A hit read from Redis is answered
 * before Yoga with what Yoga's path sends for it; a miss reaches Yoga, which
 * does not ask Redis again; a paused Redis (SIGSTOP) or a stopped one costs a
 * front-door request no more than Yoga's path (the command timeout, 250 ms),
 * and a caller who leaves while the look-up is pending is not handed to Yoga.
 */
import { request as httpRequest } from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { eventFor, postWebhook, until } from '../helpers/events.js';
import { hasRedisServer, startRedisServer, type RedisServer } from '../helpers/redis-server.js';
import { answerOf, ENV, GIG_AND_SELLER, gigsOf, hitCount, post, yogaSaw, type Answer } from './front-door-fixtures.js';

/** Generous for two busy cores: the command timeout is 250 ms. */
const BOUND_MS = 2_000;
/** A field aliased `extensions` after another: the stored text holds `,"extensions":` inside its data too. */
const ALIASED = 'query($slug: String!) { gig(slug: $slug) { slug } extensions: gig(slug: $slug) { title } }';

const get = (gw: TestGateway, search: string, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}/graphql?${search}`, { headers }).then(answerOf);
const DATED = ['cache-control'];
/** A GET answer with max-age left out: two requests a moment apart may count it a second apart. */
const undated = (answer: Answer) => ({
  ...answer,
  headers: Object.fromEntries(Object.entries(answer.headers).filter(([name]) => !DATED.includes(name))),
});

describe.skipIf(!hasRedisServer)(`the front door with Redis${hasRedisServer ? '' : ' (skipped: no redis-server here)'}`, () => {
  let redis: RedisServer;
  let door: TestGateway;
  let plain: TestGateway;
  /** 3 requests a minute, in buckets Redis keeps for all four gateways (emptied before each use). */
  let limited: TestGateway;
  let limitedPlain: TestGateway;
  let freshGig: () => Promise<{ slug: string; seller_username: string }>;

  beforeAll(async () => {
    redis = await startRedisServer();
    const env = { ...ENV, REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: '250' };
    const limitedEnv = { ...env, RATE_LIMIT_PER_MINUTE: '3' };
    [door, plain, limited, limitedPlain] = await Promise.all([
      startTestGateway(env, ['marketplace']),
      startTestGateway(env, ['marketplace'], { frontDoor: false }),
      startTestGateway(limitedEnv, ['marketplace']),
      startTestGateway(limitedEnv, ['marketplace'], { frontDoor: false }),
    ]);
    freshGig = gigsOf(door);
  });
  // A SIGSTOPped server left behind would hang every later suite that uses it.
  afterEach(() => redis?.resume());
  afterAll(async () => {
    await Promise.all([door?.close(), plain?.close(), limited?.close(), limitedPlain?.close()]);
    await redis?.stop();
  });

  /** Stored through the gateway without the front door, then read back through both. */
  async function warmPost(body: string, headers: Record<string, string> = {}) {
    const cold = await post(plain, body, headers);
    const expected = await post(plain, body, headers);
    const warm = await yogaSaw(door, () => post(door, body, headers));
    return { cold, expected, warm };
  }

  const variants: Array<[string, string, Record<string, string>]> = [
    ['no Accept', GIG_AND_SELLER, {}],
    ['Accept application/graphql-response+json', GIG_AND_SELLER, { accept: 'application/graphql-response+json' }],
    ['a listed Origin', GIG_AND_SELLER, { accept: 'application/json', origin: 'https://admin.example' }],
    ['a field aliased extensions', ALIASED, {}],
  ];

  it.each(variants)(
    'a POST hit read from Redis is answered before Yoga, byte for byte as Yoga answers it: %s',
    async (name, query, headers) => {
      const { slug } = await freshGig();
      const body = JSON.stringify({ query: `${query} # ${name}`, variables: { slug } });
      const cold = await post(plain, body, headers);
      const expected = await post(plain, body, headers);
      // Counted per process: the two gateways here count together.
      const hitsBefore = await hitCount(door);
      door.resetCalls();
      const warm = await yogaSaw(door, () => post(door, body, headers));
      expect(warm.yoga).toBe(0);
      expect(door.calls('marketplace')).toHaveLength(0);
      expect(await hitCount(door)).toBe(hitsBefore + 1);
      expect(warm.result).toEqual(expected);
      // A hit read from Redis sends the bytes the operation's own answer had.
      expect(expected).toEqual(cold);
      expect(JSON.parse(warm.result.body)).toMatchObject({ data: { gig: { slug } } });
    },
  );

  it('a GET hit read from Redis goes out with the public headers Yoga gives it', async () => {
    const { slug } = await freshGig();
    const search = new URLSearchParams({ query: `${GIG_AND_SELLER} # GET`, variables: JSON.stringify({ slug }) }).toString();
    await get(plain, search);
    const expected = await get(plain, search);
    const warm = await yogaSaw(door, () => get(door, search));
    expect(warm.yoga).toBe(0);
    expect(warm.result.headers.etag).toMatch(/^"/);
    expect(warm.result.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    expect(undated(warm.result)).toEqual(undated(expected));
  });

  it('a cold query reaches Yoga and asks Redis for its entry once, with the front door or without', async () => {
    const { slug } = await freshGig();
    const bodyOf = (name: string) => JSON.stringify({ query: `${GIG_AND_SELLER} # miss through ${name}`, variables: { slug } });
    // monitor() opens a connection of its own: the client it is asked of is closed too, or it outlives the test.
    const client = new Redis(redis.url);
    const monitor = await client.monitor();
    /** Every command Redis ran, as `command key`, in the order it ran them. */
    const commands: string[] = [];
    monitor.on('monitor', (_time: string, args: string[]) => commands.push(`${args[0]?.toLowerCase()} ${args[1] ?? ''}`));
    const isEntry = (key: string) => key.startsWith('gateway:response:') && !key.endsWith(':tags');
    try {
      const asked: Record<string, number> = {};
      for (const [name, gw] of [
        ['plain', plain],
        ['door', door],
      ] as const) {
        commands.length = 0;
        const seen = await yogaSaw(gw, () => post(gw, bodyOf(name)));
        expect(seen.yoga).toBe(1);
        expect(JSON.parse(seen.result.body)).toMatchObject({ data: { gig: { slug } } });
        // The answer is stored after every look-up, and MONITOR reports a moment after the answer: count up to its SET.
        const stored = () => commands.findIndex((command) => command.startsWith('set ') && isEntry(command.slice(4)));
        await until(() => stored() >= 0, BOUND_MS);
        const beforeSet = commands.slice(0, stored());
        asked[name] = beforeSet.filter((command) => command.startsWith('get ') && isEntry(command.slice(4))).length;
      }
      expect(asked).toEqual({ plain: 1, door: 1 });
    } finally {
      monitor.disconnect();
      client.disconnect();
    }
  });

  it('a webhook to the other instance evicts the entry: the next request is a miss, then a hit again', async () => {
    const { slug, seller_username: seller } = await freshGig();
    const body = JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } });
    expect((await warmPost(body)).warm.yoga).toBe(0);
    expect((await postWebhook(plain.url, eventFor({ slug, username: seller }, 'gig.updated'))).status).toBe(202);
    door.resetCalls();
    const after = await yogaSaw(door, () => post(door, body));
    expect(after.yoga).toBe(1);
    expect(door.calls('marketplace').length).toBeGreaterThan(0);
    expect((await yogaSaw(door, () => post(door, body))).yoga).toBe(0);
  });

  it("the rate limit's decision in Redis is waited for: a hit takes one token, and one over the limit is refused as Yoga refuses it", async () => {
    const { slug } = await freshGig();
    const body = JSON.stringify({ query: `${GIG_AND_SELLER} # limited`, variables: { slug } });
    const fourOf = async (gw: TestGateway) => {
      const answers: Answer[] = [];
      for (let i = 0; i < 4; i++) answers.push(await post(gw, body, { accept: 'application/json' }));
      return answers;
    };
    redis.flushAll();
    const expected = await fourOf(limitedPlain);
    expect(expected.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    redis.flushAll();
    const seen = await yogaSaw(limited, () => fourOf(limited));
    // The fill and the refusal reach Yoga; the two hits between them do not.
    expect(seen.yoga).toBe(2);
    const withoutRetryAfter = (answers: Answer[]) =>
      answers.map(({ headers: { 'retry-after': retryAfter, ...headers }, ...answer }) => ({
        ...answer,
        headers,
        retryAfter: typeof retryAfter,
      }));
    expect(withoutRetryAfter(seen.result)).toEqual(withoutRetryAfter(expected));
    expect(seen.result[3]!.headers['retry-after']).toMatch(/^\d+$/);
  });

  it('a paused Redis: a warm entry is answered by running the operation within the bound, and from Redis again once it is back', async () => {
    const { slug } = await freshGig();
    const body = JSON.stringify({ query: `${GIG_AND_SELLER} # paused`, variables: { slug } });
    const { expected } = await warmPost(body);
    redis.pause();
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const seen = await yogaSaw(door, () => post(door, body));
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
      expect(seen.yoga).toBe(1);
      expect(JSON.parse(seen.result.body)).toEqual(JSON.parse(expected.body));
    }
    redis.resume();
    // Back (polled: the connection is asked again on its own probe): the front door answers from Redis again.
    await expect.poll(async () => (await yogaSaw(door, () => post(door, body))).yoga, { timeout: 10_000, interval: 200 }).toBe(0);
  });

  // A POST waits on the rate limit's decision first, a GET's parameters are read at once: each wait is left.
  it.each(['POST', 'GET'])('a %s whose caller leaves while Redis is paused is not handed to Yoga, and nothing fails', async (method) => {
    const { slug } = await freshGig();
    const operation = { query: `${GIG_AND_SELLER} # leaves`, variables: { slug } };
    const body = JSON.stringify(operation);
    const search = new URLSearchParams({ ...operation, variables: JSON.stringify(operation.variables) }).toString();
    await warmPost(body);
    // Past any probe of a connection a previous test paused: the look-up below is asked of Redis.
    await expect.poll(async () => (await yogaSaw(door, () => post(door, body))).yoga, { timeout: 10_000, interval: 200 }).toBe(0);
    const before = door.yogaRequests;
    redis.pause();
    const req =
      method === 'POST'
        ? httpRequest(`${door.url}/graphql`, {
            method,
            headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          })
        : httpRequest(`${door.url}/graphql?${search}`, { method });
    req.on('error', () => {});
    req.end(method === 'POST' ? body : undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    // Past the command timeout: the look-up has failed by now.
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(door.yogaRequests).toBe(before);
    redis.resume();
    const after = await post(door, body);
    expect(after.status).toBe(200);
  });

  // Last: it stops the server and starts a new one on the same port, which the gateways reconnect to.
  it('a stopped Redis: the request runs the operation within the bound; once Redis is back, hits are answered before Yoga', async () => {
    const { slug } = await freshGig();
    const body = JSON.stringify({ query: `${GIG_AND_SELLER} # stopped`, variables: { slug } });
    await warmPost(body);
    await redis.stop();
    for (let i = 0; i < 2; i++) {
      const started = Date.now();
      const seen = await yogaSaw(door, () => post(door, body));
      expect(Date.now() - started).toBeLessThan(BOUND_MS);
      expect(seen.yoga).toBe(1);
      expect(JSON.parse(seen.result.body)).toMatchObject({ data: { gig: { slug } } });
    }
    redis = await startRedisServer(redis.port);
    await expect
      .poll(
        async () => {
          await post(plain, body);
          return (await yogaSaw(door, () => post(door, body))).yoga;
        },
        { timeout: 10_000, interval: 200 },
      )
      .toBe(0);
  });
});
