/**
 * The public cache shared by every gateway instance through Redis (REDIS_URL):
 * entries, evictions and fill locks live in Redis only, so an eviction by one
 * instance is seen by all at once (no copy is kept in process memory: measured,
 * a Redis hit costs a fraction of a millisecond, see docs/caching-redis.md).
 *
 * Redis is an accelerator here, never a dependency: when it is down or slow,
 * every method answers at once as if the cache were empty (get → undefined,
 * set and evict do nothing, claimFill → true, so the caller asks the upstream).
 * The connection (src/redis/connection.ts) bounds every command, logs the
 * outage and the recovery once, and reconnects by itself. Memory is bounded by
 * Redis's own `maxmemory` policy.
 */
import { randomUUID } from 'node:crypto';
import type { RedisConnection } from '../../redis/connection.js';
import type { CachedAnswer, PublicCacheStore } from './store.js';
import { CLAIM_FILL, EVICT_TAGS, GET_ENTRY, RELEASE_FILL, SET_ENTRY } from './redis-scripts.js';

const PREFIX = 'gateway:cache:';
const ENTRY = `${PREFIX}entry:`;
const MARKER = `${PREFIX}tag:`;
const LOCK = `${PREFIX}fill:`;
const FILLED_CHANNEL = `${PREFIX}filled`;
/** An eviction's marker outlives any fill claimed before it (fill locks last an upstream timeout). */
const MARKER_FLOOR_MS = 10 * 60_000;
/** How often an instance waiting for another's fill looks again, should the release message not reach it. */
const FILL_POLL_MS = 250;
/** Fills this instance holds a lock for at once; more only means a claim whose eviction check falls back to write time. */
const MAX_OWN_FILLS = 10_000;

interface Scripts {
  cacheGet(entry: string, markerPrefix: string): Promise<string | null>;
  cacheSet(...keysThenArgs: (string | number)[]): Promise<number>;
  cacheEvict(...keysThenArgs: (string | number)[]): Promise<number>;
  cacheClaim(lock: string, token: string, ttlMs: number): Promise<string | null>;
  cacheRelease(lock: string, token: string, channel: string, key: string): Promise<number>;
}

export interface RedisStoreOptions {
  fillPollMs?: number;
}

export type RedisPublicCacheStore = Required<PublicCacheStore>;

export function createRedisPublicCacheStore(redis: RedisConnection, options: RedisStoreOptions = {}): RedisPublicCacheStore {
  const { client } = redis;
  // Waiting for a fill is all the subscriber is for.
  const subscriber = redis.subscriber();
  client.defineCommand('cacheGet', { numberOfKeys: 1, lua: GET_ENTRY });
  client.defineCommand('cacheSet', { lua: SET_ENTRY });
  client.defineCommand('cacheEvict', { lua: EVICT_TAGS });
  client.defineCommand('cacheClaim', { numberOfKeys: 1, lua: CLAIM_FILL });
  client.defineCommand('cacheRelease', { numberOfKeys: 1, lua: RELEASE_FILL });
  const scripts = client as unknown as Scripts;

  /** This instance's fill locks: the token that proves ownership, the Redis time the fill began, when it lapses. */
  const ownFills = new Map<string, { token: string; stamp: string; lapsesAt: number }>();
  const waiters = new Map<string, Set<() => void>>();
  subscriber.on('message', (channel: string, key: string) => {
    if (channel !== FILLED_CHANNEL) return;
    for (const wake of waiters.get(key) ?? []) wake();
  });
  subscriber.subscribe(FILLED_CHANNEL).catch(() => {});

  /** Runs a command; answers `fallback` at once while Redis is known down, or when the command fails. */
  async function attempt<T, F>(command: () => Promise<T>, fallback: F): Promise<T | F> {
    if (!redis.available) return fallback;
    try {
      return await command();
    } catch {
      return fallback; // the connection has logged the outage
    }
  }

  async function get(key: string): Promise<CachedAnswer | undefined> {
    const json = await attempt(() => scripts.cacheGet(ENTRY + key, MARKER), null);
    return json === null ? undefined : (JSON.parse(json) as CachedAnswer);
  }

  /** The stored answer, 'filling' while another instance holds the fill lock, else undefined (it gave up). */
  async function lookForFill(key: string): Promise<CachedAnswer | 'filling' | undefined> {
    const stored = await get(key);
    if (stored || !redis.available) return stored;
    if ((await attempt(() => client.exists(LOCK + key), 0)) === 1) return 'filling';
    return get(key); // released between the two looks: stored by then, or given up
  }

  return {
    get,
    async set(key, answer, tags, keepUntil) {
      const ttlMs = Math.ceil(keepUntil - Date.now());
      if (ttlMs <= 0) return;
      const own = ownFills.get(key);
      const stamp = own && own.lapsesAt > Date.now() ? own.stamp : '';
      const markers = tags.map((tag) => MARKER + tag);
      await attempt(
        () => scripts.cacheSet(1 + markers.length, ENTRY + key, ...markers, JSON.stringify(answer), JSON.stringify(tags), ttlMs, stamp),
        0,
      );
    },
    async evictTags(tags) {
      if (tags.length === 0) return;
      const markers = tags.map((tag) => MARKER + tag);
      await attempt(() => scripts.cacheEvict(markers.length, ...markers, MARKER_FLOOR_MS), 0);
    },
    async claimFill(key, ttlMs) {
      const token = randomUUID();
      const stamp = await attempt(() => scripts.cacheClaim(LOCK + key, token, Math.max(1, Math.ceil(ttlMs))), undefined);
      if (stamp === undefined) {
        // Redis cannot tell: fetch. A claim that timed out may still be taken when Redis catches up; the release
        // queued behind it on this connection frees it then, instead of other instances waiting for it to lapse.
        if (client.status === 'ready') scripts.cacheRelease(LOCK + key, token, FILLED_CHANNEL, key).catch(() => {});
        return true;
      }
      if (stamp === null) return false;
      if (ownFills.size >= MAX_OWN_FILLS) ownFills.delete(ownFills.keys().next().value as string);
      ownFills.set(key, { token, stamp, lapsesAt: Date.now() + ttlMs });
      return true;
    },
    async releaseFill(key) {
      const own = ownFills.get(key);
      if (!own) return; // never claimed here (or claimed while Redis was down): nothing of ours to release
      ownFills.delete(key);
      await attempt(() => scripts.cacheRelease(LOCK + key, own.token, FILLED_CHANNEL, key), 0);
    },
    // Woken by the owner's release (published on FILLED_CHANNEL), whether it stored an answer or gave up; looks
    // again every FILL_POLL_MS too, for a release published while the subscriber was reconnecting, or an owner
    // that died holding the lock (it lapses).
    async waitForFill(key, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      const forKey = waiters.get(key) ?? new Set<() => void>();
      waiters.set(key, forKey);
      let wake: () => void = () => {};
      try {
        for (;;) {
          // Registered before looking, so a release between the look and the wait still wakes us.
          const woken = new Promise<void>((resolve) => forKey.add((wake = resolve)));
          const found = await lookForFill(key);
          const left = deadline - Date.now();
          if (found !== 'filling' || left <= 0) return found === 'filling' ? undefined : found;
          let timer: NodeJS.Timeout | undefined;
          await Promise.race([
            woken,
            new Promise((resolve) => (timer = setTimeout(resolve, Math.min(left, options.fillPollMs ?? FILL_POLL_MS)))),
          ]);
          clearTimeout(timer);
          forKey.delete(wake);
        }
      } finally {
        forKey.delete(wake);
        if (forKey.size === 0 && waiters.get(key) === forKey) waiters.delete(key);
      }
    },
    // The connections are the RedisConnection's, closed by its owner.
    async close() {
      for (const forKey of waiters.values()) for (const wake of forKey) wake();
    },
  };
}
