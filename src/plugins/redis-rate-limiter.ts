/**
 * The token bucket of rate-limiter.ts kept in Redis, so every gateway
 * instance draws on one bucket per client: a Lua script refills and takes a
 * token atomically, with Redis's clock, so instances never race or disagree.
 * If Redis cannot answer, the request is let through (and logged): a limiter
 * outage must not become a gateway outage.
 */
import type { Redis } from 'ioredis';
import type { Logger } from '../logger.js';
import type { Limiter, RateDecision } from './rate-limiter.js';

const TAKE = `
local rate = tonumber(ARGV[1])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local bucket = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(bucket[1]) or rate
local at = tonumber(bucket[2]) or now
tokens = math.min(rate, tokens + (now - at) * rate / 60000)
local allowed = 0
if tokens >= 1 then
  tokens = tokens - 1
  allowed = 1
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], 120000)
return { allowed, tostring(tokens) }
`;

export function createRedisLimiter(client: Redis, perMinute: number, name: string, logger: Logger): Limiter {
  return {
    enabled: perMinute > 0,
    async take(key: string): Promise<RateDecision> {
      try {
        const [allowed, tokens] = (await client.eval(TAKE, 1, `gateway:rate:${name}:${key}`, String(perMinute))) as [number, string];
        if (allowed === 1) return { allowed: true, retryAfter: 0 };
        return { allowed: false, retryAfter: Math.max(1, Math.ceil(((1 - Number(tokens)) * 60) / perMinute)) };
      } catch (error) {
        logger.warn({ err: { message: (error as Error).message }, limiter: name }, 'rate limiter unavailable: request let through');
        return { allowed: true, retryAfter: 0 };
      }
    },
  };
}
