/**
 * With REDIS_URL set, several gateway instances behave as one: webhook events
 * accepted by any instance reach subscribers on every instance (Yoga's Redis
 * event target on a subscriber connection), an event id accepted anywhere is
 * a duplicate everywhere, so a sender's retry that lands on another instance
 * is not published twice, and rate limits draw on one bucket per client.
 *
 * An event is remembered and published by one script, so Redis does both or
 * neither: a webhook answered 503 because Redis did not answer in time was
 * either never taken (the sender's retry publishes it) or taken whole (the
 * retry is a duplicate). No accepted event is lost, none is published twice.
 */
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { BusEventTarget, EventIntake, MarketplaceEvent } from './events.js';
import { redisLimiters } from '../rate-limit/redis-limiter.js';
import type { Limiter } from '../rate-limit/limiter.js';
import { RedisUnavailableError, type RedisConnection } from '../redis/connection.js';

const ID_TTL_SECONDS = 24 * 60 * 60;
const ID_PREFIX = 'gateway:webhook-event:';
const TOPIC = 'marketplace:event';

/** KEYS[1] the id's key; ARGV: TTL in seconds, channel, payload. 1 when published, 0 for an id already accepted. */
const PUBLISH_ONCE = `
if redis.call('SET', KEYS[1], '1', 'EX', ARGV[1], 'NX') then
  redis.call('PUBLISH', ARGV[2], ARGV[3])
  return 1
end
return 0`;

export interface RedisBus {
  eventTarget: BusEventTarget;
  intake: EventIntake;
  limiter(perMinute: number, name: string): Limiter;
}

interface Scripts {
  publishOnce(key: string, ttlSeconds: number, channel: string, payload: string): Promise<number>;
}

export function redisBus(redis: RedisConnection): RedisBus {
  const subscribeClient = redis.subscriber();
  // The event target fires (un)subscribe without awaiting them; a subscriber that leaves while the
  // gateway shuts down would otherwise reject on a closed connection with nobody listening.
  const { subscribe, unsubscribe } = subscribeClient;
  subscribeClient.subscribe = ((...args: Parameters<typeof subscribe>) =>
    subscribe.apply(subscribeClient, args).catch(() => 0)) as typeof subscribe;
  subscribeClient.unsubscribe = ((...args: Parameters<typeof unsubscribe>) =>
    unsubscribe.apply(subscribeClient, args).catch(() => 0)) as typeof unsubscribe;
  redis.client.defineCommand('publishOnce', { numberOfKeys: 1, lua: PUBLISH_ONCE });
  const scripts = redis.client as unknown as Scripts;

  /**
   * Runs a command that must answer: a RedisUnavailableError when Redis is known down or does not answer in
   * time. This instance's subscriber must be connected too: Redis delivers a message only to the subscribers
   * connected when it is published, so an event accepted before ours reconnects would never reach ours.
   */
  async function must<T>(command: () => Promise<T>): Promise<T> {
    if (!redis.available || subscribeClient.status !== 'ready') throw new RedisUnavailableError();
    try {
      return await command();
    } catch (error) {
      throw new RedisUnavailableError(error);
    }
  }

  return {
    // Only subscribes: publishing goes through the script below, never the target's fire-and-forget PUBLISH.
    eventTarget: createRedisEventTarget({ publishClient: redis.client, subscribeClient }) as BusEventTarget,
    intake: {
      async accepted(id) {
        return (await must(() => redis.client.exists(ID_PREFIX + id))) === 1;
      },
      async publishOnce(event: MarketplaceEvent) {
        // The payload the event target's subscribers parse: the event itself, as JSON.
        return (await must(() => scripts.publishOnce(ID_PREFIX + event.id, ID_TTL_SECONDS, TOPIC, JSON.stringify(event)))) === 1;
      },
    },
    limiter: redisLimiters(redis),
  };
}
