/**
 * Rate limits shared by every gateway instance through Redis, with
 * rate-limiter-flexible (a fixed one-minute window per key; its script is
 * loaded once and called by hash). When Redis cannot answer, each limiter
 * falls back to its insurance limiter: the same limit kept in this process
 * (rate-limiter-flexible's `insuranceLimiter`), so a Redis outage neither
 * lifts the limits nor holds requests. While the connection is known to be
 * down (src/redis/connection.ts) the insurance limiter answers without a
 * Redis command; a command in flight when Redis stalls costs at most the
 * connection's command timeout.
 */
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RedisConnection } from '../redis/connection.js';
import type { Limiter, RateDecision } from './limiter.js';

const ALLOWED: RateDecision = { allowed: true, retryAfter: 0 };
const WINDOW_SECONDS = 60;

/** Builds the limiters of one Redis connection (its outage is logged once, by the connection). */
export function redisLimiters(redis: RedisConnection): (perMinute: number, name: string) => Limiter {
  return (perMinute, name) => {
    if (perMinute <= 0) return { enabled: false, take: async () => ALLOWED };
    const keyPrefix = `gateway:rate:${name}`;
    const insuranceLimiter = new RateLimiterMemory({ keyPrefix, points: perMinute, duration: WINDOW_SECONDS });
    const shared = new RateLimiterRedis({
      storeClient: redis.client,
      keyPrefix,
      points: perMinute,
      duration: WINDOW_SECONDS,
      rejectIfRedisNotReady: true,
      insuranceLimiter,
    });
    return {
      enabled: true,
      async take(key: string, tokens = 1): Promise<RateDecision> {
        const limiter: RateLimiterAbstract = redis.available ? shared : insuranceLimiter;
        try {
          await limiter.consume(key, tokens);
          return ALLOWED;
        } catch (rejection) {
          // With an insurance limiter, a Redis error never surfaces here: only a refusal does.
          if (!(rejection instanceof RateLimiterRes)) throw rejection;
          return { allowed: false, retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
      },
    };
  };
}
