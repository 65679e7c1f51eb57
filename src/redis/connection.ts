/**
 * Every Redis connection the gateway opens (REDIS_URL), with its bounds, in
 * one place: Redis can only slow down what needs Redis.
 *
 * - The command connection, shared by rate limits, webhook events and their
 *   dedup, the public and response caches and persisted queries: no command waits for a connection (no
 *   offline queue: it fails at once while disconnected) or longer than
 *   REDIS_COMMAND_TIMEOUT_MS, 250 ms unless configured (a paused Redis keeps the socket open and answers
 *   nothing, so only a timeout notices it).
 * - Subscriber connections: they send only SUBSCRIBE/UNSUBSCRIBE, which wait
 *   for a connection (at most one per channel, and ioredis subscribes again
 *   after each reconnection); no request ever waits for them.
 *
 * `available` turns false on a failed command or a lost connection, and the
 * outage is logged once; while it is false nobody sends commands (callers
 * take their fallback at once, with no added latency) and one PING at a time,
 * every PROBE_INTERVAL_MS, looks for Redis; the first command to succeed ends the
 * outage, logged once too.
 */
import { Redis, ReplyError, type RedisOptions } from 'ioredis';
import type { Logger } from '../logger.js';

/** Redis answers in well under a millisecond: anything this slow counts as an outage (default of REDIS_COMMAND_TIMEOUT_MS). */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** Often, so a slow moment taken for an outage (an event-loop pause past the timeout) ends quickly. */
const PROBE_INTERVAL_MS = 200;

/** A command that must answer (no fallback: a webhook's dedup and publish) could not: retry later. */
export class RedisUnavailableError extends Error {
  constructor(cause?: unknown) {
    super('Redis is unavailable', { cause });
    this.name = 'RedisUnavailableError';
  }
}

export interface RedisConnectionOptions {
  commandTimeoutMs?: number;
  probeIntervalMs?: number;
}

export interface RedisConnection {
  /** For commands: each fails at once while disconnected, and after the command timeout at most. */
  readonly client: Redis;
  /** Connected and answering: when false, use the fallback without sending anything. */
  readonly available: boolean;
  /** A new subscriber connection (closed with this one). */
  subscriber(): Redis;
  /** Resolves once every connection opened so far is ready (true), or when one fails or `ms` pass (false). */
  connected(ms: number): Promise<boolean>;
  /** A PING bounded by the command timeout: true when Redis answered. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * Between reconnection attempts: ioredis's own backoff grows to 2 s, so after an outage the connections of one
 * instance came back up to 2 s apart, and events published meanwhile missed a subscriber still reconnecting.
 */
const reconnectDelay = (attempt: number) => Math.min(attempt * 50, 500);

/** What a user reads once when Redis goes away (README, "Redis down or slow"). */
const OUTAGE =
  'Redis unavailable: rate limits per process, webhooks answered 503 (senders retry), public reads go to the upstream, persisted queries miss, until it answers';

export function openRedis(url: string, logger: Logger, options: RedisConnectionOptions = {}): RedisConnection {
  const bounds: RedisOptions = {
    commandTimeout: options.commandTimeoutMs ?? REDIS_COMMAND_TIMEOUT_MS,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    retryStrategy: reconnectDelay,
  };
  const client = new Redis(url, bounds);
  const subscribers: Redis[] = [];
  let down = false;
  let probe: NodeJS.Timeout | undefined;
  let closed = false;

  const markDown = (error: unknown) => {
    if (down || closed) return;
    down = true;
    // The message only: the error may carry the connection options, and the URL may hold a password.
    logger.warn({ err: { message: error instanceof Error ? error.message : String(error) } }, OUTAGE);
    // One PING at a time: a silent Redis holds it for the command timeout, a refused one fails at once.
    let probing = false;
    probe = setInterval(() => {
      if (probing) return;
      probing = true;
      void client.ping().then(
        () => (probing = false),
        () => (probing = false),
      );
    }, options.probeIntervalMs ?? PROBE_INTERVAL_MS);
    probe.unref();
  };
  const markUp = () => {
    if (!down || closed) return;
    down = false;
    clearInterval(probe);
    logger.info('Redis available again');
  };

  // Every command passes here, whoever sent it: its outcome is what says whether Redis answers.
  // A ReplyError is Redis answering (a script's error), not an outage.
  const send = client.sendCommand.bind(client);
  client.sendCommand = ((...args: Parameters<Redis['sendCommand']>) => {
    const result = send(...args) as Promise<unknown>;
    result.then(markUp, (error: unknown) => (error instanceof ReplyError ? markUp() : markDown(error)));
    return result;
  }) as Redis['sendCommand'];
  // ioredis reconnects by itself and reports each failed attempt; an unhandled 'error' would crash the process.
  client.on('error', markDown);
  client.on('close', () => markDown(new Error('connection closed')));
  // Reconnected: look now rather than at the next probe.
  client.on('ready', () => void (down && client.ping().catch(() => {})));

  return {
    client,
    get available() {
      return !down && client.status === 'ready';
    },
    subscriber() {
      // No ready check: its INFO could follow a queued SUBSCRIBE, which Redis refuses in subscriber mode.
      const subscriber = new Redis(url, { enableReadyCheck: false, maxRetriesPerRequest: null, retryStrategy: reconnectDelay });
      subscriber.on('error', () => {}); // reported through the command connection
      subscribers.push(subscriber);
      return subscriber;
    },
    async connected(ms) {
      const outcomes = await Promise.all([client, ...subscribers].map((connection) => readyOrFailed(connection, ms)));
      return outcomes.every(Boolean);
    },
    async ping() {
      try {
        return (await client.ping()) === 'PONG';
      } catch {
        return false;
      }
    },
    async close() {
      closed = true;
      clearInterval(probe);
      // QUIT only on a live connection (bounded by the command timeout); subscribers hold nothing to flush.
      if (client.status === 'ready') await client.quit().catch(() => {});
      for (const connection of [client, ...subscribers]) connection.disconnect();
    },
  };
}

/** True once the connection is ready; false as soon as it fails (nobody to wait for) or after `ms`. */
async function readyOrFailed(connection: Redis, ms: number): Promise<boolean> {
  if (connection.status === 'ready') return true;
  let settle: (outcome: boolean) => void = () => {};
  const outcome = new Promise<boolean>((resolve) => (settle = resolve));
  const onReady = () => settle(true);
  const onError = () => settle(false);
  const timer = setTimeout(onError, ms);
  connection.once('ready', onReady).once('error', onError);
  await outcome;
  clearTimeout(timer);
  connection.off('ready', onReady).off('error', onError);
  return outcome;
}
