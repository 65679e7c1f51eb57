/**
 * Rate limits shared by every gateway instance through Redis, with
 * rate-limiter-flexible (a fixed one-minute window per key; its script is
 * loaded once and called by hash). If Redis cannot answer, the request is
 * let through and the outage logged once until Redis answers again: a
 * limiter outage must not become a gateway outage, nor hold requests while
 * ioredis reconnects (rejectIfRedisNotReady answers at once).
 */
import type { Redis } from 'ioredis';
import { RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import type { Logger } from '../logger.js';
import type { Limiter, RateDecision } from './limiter.js';

const ALLOWED: RateDecision = { allowed: true, retryAfter: 0 };

/** Builds the limiters of one Redis connection; they share one outage report, so an outage is logged once. */
export function redisLimiters(client: Redis, logger: Logger): (perMinute: number, name: string) => Limiter {
  let outageLogged = false;
  const reportOutage = (error: unknown, limiter: string) => {
    if (outageLogged) return;
    outageLogged = true;
    // The message only: the error may carry the connection options, and the URL may hold a password.
    logger.warn({ err: { message: error instanceof Error ? error.message : String(error) }, limiter }, 'rate limiter unavailable (Redis): requests let through until it answers');
  };
  return (perMinute, name) => {
    const limiter = perMinute > 0 ? new RateLimiterRedis({ storeClient: client, keyPrefix: `gateway:rate:${name}`, points: perMinute, duration: 60, rejectIfRedisNotReady: true }) : undefined;
    return {
      enabled: limiter !== undefined,
      async take(key: string, tokens = 1): Promise<RateDecision> {
        if (!limiter) return ALLOWED;
        try {
          await limiter.consume(key, tokens);
          outageLogged = false;
          return ALLOWED;
        } catch (rejection) {
          if (!(rejection instanceof RateLimiterRes)) {
            reportOutage(rejection, name);
            return ALLOWED;
          }
          outageLogged = false;
          return { allowed: false, retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
        }
      },
    };
  };
}
