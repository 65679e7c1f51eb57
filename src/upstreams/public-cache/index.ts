/**
 * The shared cache of public upstream reads (docs/caching.md): where its
 * entries live, the PublicCache every upstream pool reads through, and the
 * layer that puts it in front of each upstream's transport (PublicCacheLayer).
 */
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { RedisConnection } from '../../redis/connection.js';
import { MemoryPublicCacheStore } from './memory-store.js';
import { PublicCache } from './public-cache.js';
import { createRedisPublicCacheStore } from './redis-store.js';
import type { PublicCacheStore } from './store.js';

export { PublicCache, PublicCacheLayer } from './public-cache.js';
export { tagsForEvent } from './invalidation.js';
export type { CachedAnswer, PublicCacheStore } from './store.js';

/**
 * The store of public answers: with REDIS_URL, Redis shared by every gateway instance (bounded by Redis's
 * maxmemory, docs/caching-redis.md); otherwise this process's LRU bounded by PUBLIC_CACHE_MAX_BYTES.
 */
function createPublicCacheStore(config: Config, redis: RedisConnection | undefined): PublicCacheStore {
  if (redis) return createRedisPublicCacheStore(redis);
  return new MemoryPublicCacheStore(config.publicCache.maxBytes);
}

/** The public cache, or undefined when PUBLIC_CACHE_MAX_BYTES is 0 (every read goes upstream, uncoalesced). */
export function createPublicCache(config: Config, logger: Logger, redis?: RedisConnection, now?: () => number): PublicCache | undefined {
  if (config.publicCache.maxBytes === 0) return undefined;
  return new PublicCache({ store: createPublicCacheStore(config, redis), defaultTtlMs: config.publicCache.ttlMs, logger, now });
}
