/**
 * Picks where public upstream answers are kept: with REDIS_URL, in Redis
 * shared by every gateway instance.
 */
import type { Config } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { PublicCacheStore } from './store.js';
import { createRedisPublicCacheStore } from './redis-store.js';

export function createPublicCacheStore(config: Pick<Config, 'redisUrl'>, logger: Logger): PublicCacheStore | undefined {
  if (config.redisUrl) return createRedisPublicCacheStore(config.redisUrl, logger);
  return undefined;
}
