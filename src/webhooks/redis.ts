/**
 * With REDIS_URL set, several gateway instances behave as one: webhook events
 * accepted by any instance reach subscribers on every instance (Yoga's Redis
 * event target), an event id accepted anywhere is a duplicate everywhere
 * (SET NX with a TTL), so a sender's retry that lands on another instance is
 * not published twice, and rate limits draw on one bucket per client.
 */
import { Redis } from 'ioredis';
import { createRedisEventTarget } from '@graphql-yoga/redis-event-target';
import type { Logger } from '../logger.js';
import type { BusEventTarget, EventIds } from './events.js';
import { redisLimiters } from '../rate-limit/redis-limiter.js';
import type { Limiter } from '../rate-limit/limiter.js';

const ID_TTL_SECONDS = 24 * 60 * 60;
const ID_PREFIX = 'gateway:webhook-event:';

export interface RedisBus {
  eventTarget: BusEventTarget;
  ids: EventIds;
  limiter(perMinute: number, name: string): Limiter;
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function connectRedis(url: string, logger: Logger): RedisBus {
  const options = { maxRetriesPerRequest: 2, enableOfflineQueue: true };
  const publishClient = new Redis(url, options);
  // No ready check on the subscriber: its INFO could follow a queued SUBSCRIBE, which Redis refuses in subscriber mode.
  const subscribeClient = new Redis(url, { ...options, enableReadyCheck: false });
  // The event target fires (un)subscribe without awaiting them; a subscriber that leaves while the
  // gateway shuts down would otherwise reject on a closed connection with nobody listening.
  const { subscribe, unsubscribe } = subscribeClient;
  subscribeClient.subscribe = ((...args: Parameters<typeof subscribe>) => subscribe.apply(subscribeClient, args).catch(() => 0)) as typeof subscribe;
  subscribeClient.unsubscribe = ((...args: Parameters<typeof unsubscribe>) => unsubscribe.apply(subscribeClient, args).catch(() => 0)) as typeof unsubscribe;
  for (const [connection, client] of [['publish', publishClient], ['subscribe', subscribeClient]] as const) {
    // ioredis reconnects by itself and reports each failed attempt: an error must not crash the process,
    // an outage is logged once per connection (and its end once), and the URL may hold a password.
    let down = false;
    client.on('error', (error: Error) => {
      if (down) return;
      down = true;
      logger.warn({ err: { message: error.message }, connection }, 'redis error: events and shared limits wait for it to come back');
    });
    client.on('ready', () => {
      if (!down) return;
      down = false;
      logger.info({ connection }, 'redis connection back');
    });
  }
  return {
    eventTarget: createRedisEventTarget({ publishClient, subscribeClient }) as BusEventTarget,
    ids: {
      async remember(id: string) {
        return (await publishClient.set(`${ID_PREFIX}${id}`, '1', 'EX', ID_TTL_SECONDS, 'NX')) === 'OK';
      },
    },
    limiter: redisLimiters(publishClient, logger),
    async ping() {
      try {
        return (await publishClient.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      await Promise.allSettled([publishClient.quit(), subscribeClient.quit()]);
    },
  };
}
