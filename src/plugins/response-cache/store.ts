/**
 * Where whole answers of shareable operations are kept (docs/caching.md,
 * "The response cache"): this process's LRU, or with REDIS_URL Redis shared
 * by every instance (`@envelop/response-cache-redis`). In front of either:
 *
 * - an answer is kept only with the upstream resources it was built from,
 *   staged by the plugin just before the response cache stores it, as tags
 *   (public-cache/keys.ts) a webhook evicts it by; an answer nobody staged is
 *   never kept;
 * - what is kept is the data and the headers the HTTP answer needs (a strong
 *   ETag of the data, `Expires`, `Last-Modified`), nothing else of the
 *   request's extensions (its cost belongs to the request that paid it);
 * - Redis can only slow a request by its command timeout: a look-up that
 *   fails or times out is a miss, and the operation runs; while the
 *   connection is known to be down, nothing is asked.
 */
import { hash } from 'node:crypto';
import type { ExecutionResult } from 'graphql';
import type { Cache } from '@graphql-yoga/plugin-response-cache';
import { createRedisCache } from '@envelop/response-cache-redis';
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { Redis } from 'ioredis';
import type { RedisConnection } from '../../redis/connection.js';
import { countResponseCacheStore } from '../../metrics.js';
import { EvictionLog } from '../../upstreams/public-cache/eviction-log.js';
import { createBoundedMemoryCache } from './memory-cache.js';
import { storedTextOf, type StoredText } from './redis-entry.js';

type Headers = Record<string, string>;
type StoredResult = ExecutionResult<Record<string, unknown>, { http?: { headers?: Headers } }>;

/** Redis keys of this cache (responses and their tag sets), apart from the public cache's and the rate limits'. */
const REDIS_PREFIX = 'gateway:response:';
/** Members of a tag set looked at each time an answer is stored into it: removed when their answer has expired. */
const TRIM_SAMPLE = 16;
/**
 * KEYS[1] a tag set, ARGV[1] how many members to look at: removes those whose answer key no longer exists.
 * A random sample, so the work per store is bounded whatever the set's size; with one answer added per store
 * and 16 looked at, expired ids stay a small fraction of the set (about 1 in 16) instead of accumulating. It reads
 * keys it is not given (the members): fine on the one Redis REDIS_URL names, not on a Redis Cluster.
 */
const TRIM_TAG_SET = `
local removed = 0
for _, member in ipairs(redis.call('SRANDMEMBER', KEYS[1], tonumber(ARGV[1]))) do
  if redis.call('EXISTS', member) == 0 then
    redis.call('SREM', KEYS[1], member)
    removed = removed + 1
  end
end
return removed`;

type TrimmingPipeline = ReturnType<Redis['pipeline']> & { responseCacheTrimTagSet(tagSet: string, sample: number): TrimmingPipeline };

export interface ResponseStoreOptions {
  /** Answers kept in this process (LRU by count and by size), when there is no Redis. */
  maxEntries: number;
  maxBytes: number;
  logger: Logger;
  redis?: RedisConnection;
  now?: () => number;
}

export class ResponseStore implements Cache {
  /**
   * The tags of the one answer about to be stored: the response cache calls `onTtl` (where the plugin stages them)
   * and then `set` in one synchronous step, so one slot is enough, and an answer it then declines leaves nothing behind.
   */
  private staged: { key: string; tags: readonly string[]; since: number } | undefined;
  /** What webhooks evicted while answers were being built: one overtaken by an eviction of what it read is not kept. */
  private readonly evictions = new EvictionLog();
  private readonly inner: Cache;
  /** The clock of the public cache (tests move their own): lifetimes and max-age are counted on it. */
  readonly now: () => number;
  /** Requests (their node request) the front door found nothing for, with the key it asked; and the key `lookingUp` knows missing now. */
  private readonly missed = new WeakMap<object, string>();
  private missing: string | undefined;

  constructor(private readonly options: ResponseStoreOptions) {
    this.now = options.now ?? Date.now;
    options.redis?.client.defineCommand('responseCacheTrimTagSet', { numberOfKeys: 1, lua: TRIM_TAG_SET });
    this.inner = options.redis
      ? createRedisCache({ redis: options.redis.client, buildRedisOperationResultCacheKey: (id) => `${id}:tags` })
      : createBoundedMemoryCache({ maxEntries: options.maxEntries, maxBytes: options.maxBytes, sizeOf: sizeInMemory });
  }

  /** Taken when an operation starts executing, before it reads anything: `stage` compares the evictions since. */
  mark(): number {
    return this.evictions.mark();
  }

  /**
   * Called by the plugin for the answer about to be stored under `key`: the tags it is evicted by. An answer begun
   * (`since`, from `mark`) before a webhook evicted one of them is not kept: it may hold what the event changed.
   */
  stage(key: string, tags: readonly string[], since: number): void {
    this.staged = this.evictions.overtaken(tags, since) ? undefined : { key, tags, since };
  }

  /**
   * The answer kept under `key` while it is fresh. From this process's LRU it comes back synchronously, so a hit
   * is answered without waiting a turn of the event loop; from Redis, a promise.
   */
  get(key: string): StoredResult | undefined | Promise<StoredResult | undefined> {
    if (key === this.missing) return (this.missing = undefined);
    if (!this.options.redis) return this.fresh(this.inner.get(REDIS_PREFIX + key) as StoredResult | null);
    if (!this.options.redis.available) return undefined;
    return this.readRedis(key, (text) => {
      const stored = JSON.parse(text) as StoredResult;
      // Sent as the text it was stored as (storedJsonOf), not serialised again: see redis-entry.ts.
      const json = storedTextOf(text)?.json;
      if (json !== undefined && stored.data) storedJson.set(stored.data, json);
      return this.fresh(stored);
    });
  }

  /** What the front door sends for a hit: the data's text and its headers, while fresh; from Redis, unparsed (a promise). */
  getText(key: string): StoredText | undefined | Promise<StoredText | undefined> {
    if (!this.options.redis) {
      const stored = this.get(key) as StoredResult | undefined;
      const json = stored && storedJsonOf(stored.data);
      return json === undefined ? undefined : { json, headers: stored!.extensions?.http?.headers ?? {} };
    }
    if (!this.options.redis.available) return undefined;
    return this.readRedis(key, (text) => {
      const stored = storedTextOf(text);
      return stored && Date.parse(stored.headers.Expires ?? '') > this.now() ? stored : undefined;
    });
  }

  /** The entry's text read with `read`; a look-up that fails or times out (the command timeout) is a miss. */
  private async readRedis<T>(key: string, read: (text: string) => T | undefined): Promise<T | undefined> {
    try {
      const text = await this.options.redis!.client.get(REDIS_PREFIX + key);
      return text ? read(text) : undefined;
    } catch (error) {
      this.options.logger.debug({ err: error }, 'response cache: look-up failed, running the operation');
      return undefined;
    }
  }

  /** The front door looked `key` up for `req` and found nothing: Yoga's look-up for it need not ask again (one wait on Redis). */
  noteMissed(req: object, key: string): void {
    this.missed.set(req, key);
  }

  /** The key the front door looked up for `req` and found nothing under, if it did. */
  missedFor(req: object | undefined): string | undefined {
    return req && this.missed.get(req);
  }

  /**
   * Runs a look-up (synchronous up to `get`) for a request already found missing under `missedKey`: `get` of that
   * key is then a miss unasked, so one miss costs one round trip to Redis however many look-ups it goes through.
   */
  lookingUp<T>(missedKey: string | undefined, lookUp: () => T): T {
    this.missing = missedKey;
    try {
      return lookUp();
    } finally {
      this.missing = undefined;
    }
  }

  /** The stored answer if its lifetime, on the public cache's clock (the stores' own expiry runs on theirs), is not over. */
  private fresh(stored: StoredResult | null | undefined): StoredResult | undefined {
    if (!stored) return undefined;
    // This process's entries carry their expiry as a number (parsing the date on every hit showed in profiles); Redis's are new objects.
    let expiresAt = expiries.get(stored);
    if (expiresAt === undefined) {
      const expires = stored.extensions?.http?.headers?.Expires;
      expiresAt = expires ? Date.parse(expires) : Number.NaN;
    }
    return expiresAt > this.now() ? stored : undefined;
  }

  set(key: string, result: StoredResult, _entities: unknown, ttlMs: number): Promise<void> | void {
    const staged = this.staged?.key === key ? this.staged : undefined;
    this.staged = undefined;
    if (!staged || !(ttlMs > 0 && Number.isFinite(ttlMs))) return;
    const { tags, since } = staged;
    const json = JSON.stringify(result.data ?? null);
    if (result.data) storedJson.set(result.data, json);
    // Whole seconds, rounded down: what max-age is counted from on every later answer.
    const expiresAt = Math.floor((this.now() + ttlMs) / 1000) * 1000;
    const headers: Headers = {
      ETag: etagOf(json),
      Expires: new Date(expiresAt).toUTCString(),
      'Last-Modified': new Date(this.now()).toUTCString(),
    };
    // The answer going out now carries the same headers as every answer served from this entry.
    const extensions = (result.extensions ??= {});
    const http = (extensions.http ??= {});
    http.headers = { ...http.headers, ...headers };
    const stored: StoredResult = { data: result.data, extensions: { http: { headers } } };
    expiries.set(stored, expiresAt);
    if (this.options.redis && !this.options.redis.available) return;
    const entities = tags.map((tag) => ({ typename: REDIS_PREFIX + tag }));
    return Promise.resolve()
      .then(() => this.write(REDIS_PREFIX + key, stored, entities, ttlMs, { tags, since }))
      .catch((error: unknown) => this.options.logger.debug({ err: error }, 'response cache: an answer was not stored'));
  }

  /**
   * Writes a staged answer a turn after it was staged, checked against the evictions again there: an eviction
   * that ran in between found nothing to evict yet, and the answer would have outlived it.
   */
  private async write(
    id: string,
    stored: StoredResult,
    entities: ReadonlyArray<{ typename: string }>,
    ttlMs: number,
    { tags, since }: { tags: readonly string[]; since: number },
  ): Promise<void> {
    if (this.evictions.overtaken(tags, since)) return;
    countResponseCacheStore();
    await this.inner.set(id, stored, entities, ttlMs);
    await this.expireTagSets(id, entities, ttlMs);
  }

  /**
   * `@envelop/response-cache-redis` keeps its tag sets (tag → answers, answer → tags) for ever; here each lives as
   * long as the longest-lived answer in it (NX gives a new set its lifetime, GT only ever extends it), and each
   * store trims the sets it touches of answers that have expired (TRIM_TAG_SET): a busy tag's set, kept alive by
   * its newest answer, would otherwise hold every id it ever had, and its eviction would slow with it.
   */
  private async expireTagSets(id: string, entities: ReadonlyArray<{ typename: string }>, ttlMs: number): Promise<void> {
    const redis = this.options.redis?.client;
    if (!redis) return;
    const ms = Math.ceil(ttlMs);
    const pipeline = redis.pipeline().pexpire(`${id}:tags`, ms) as TrimmingPipeline;
    for (const { typename } of entities) {
      pipeline.pexpire(typename, ms, 'NX').pexpire(typename, ms, 'GT');
      pipeline.responseCacheTrimTagSet(typename, TRIM_SAMPLE);
    }
    await pipeline.exec();
  }

  async invalidate(entities: Iterable<{ typename: string; id?: string | number }>): Promise<void> {
    await this.evict([...entities].map((entity) => entity.typename));
  }

  /** Answers begun before now and built from one of `tags` are not kept: another instance evicted them (a webhook). */
  noteEvicted(tags: readonly string[]): void {
    this.evictions.note(tags);
  }

  /** Evicts every answer built from a resource carrying one of `tags` (a webhook's changes); false when the store failed (logged). */
  async evict(tags: readonly string[]): Promise<boolean> {
    if (tags.length === 0) return true;
    this.noteEvicted(tags);
    try {
      await this.inner.invalidate(tags.map((tag) => ({ typename: REDIS_PREFIX + tag })));
      return true;
    } catch (error) {
      this.options.logger.warn({ err: error, tags }, 'response cache: eviction failed');
      return false;
    }
  }
}

/** When each answer this process's store holds expires (ms, the `Expires` it carries), so a hit need not parse the date. */
const expiries = new WeakMap<object, number>();

/**
 * The JSON text of each answer's data as it was stored, written once for its ETag. This process's LRU hands every
 * hit the same data object, so a hit is sent as that text rather than serialised again; an entry read from Redis
 * is a new object each time, with the text it was read from. Weak: the text goes with the object.
 */
const storedJson = new WeakMap<object, string>();

/** The text `data` was stored as, when it is an answer this process's store holds. */
export function storedJsonOf(data: unknown): string | undefined {
  return data !== null && typeof data === 'object' ? storedJson.get(data) : undefined;
}

/** What an answer in this process's LRU is counted as: its JSON text (kept for hits) and its data, about as large. */
function sizeInMemory(result: StoredResult): number {
  return 2 * (storedJsonOf(result.data) ?? JSON.stringify(result.data ?? null)).length;
}

/** A strong validator of the data's JSON: equal data, equal ETag, whichever instance or entry produced it. */
function etagOf(json: string): string {
  return `"${hash('sha256', json, 'base64url').slice(0, 32)}"`;
}

/** The response cache's store, or undefined when it is off (RESPONSE_CACHE_MAX_ENTRIES=0, or the public cache is off: nothing would say how fresh an answer is). */
export function createResponseStore(
  config: Config,
  logger: Logger,
  redis?: RedisConnection,
  now?: () => number,
): ResponseStore | undefined {
  if (config.responseCache.maxEntries === 0 || config.publicCache.maxBytes === 0) return undefined;
  const { maxEntries, maxBytes } = config.responseCache;
  return new ResponseStore({ maxEntries, maxBytes, logger, redis, now });
}
