/**
 * Assembles the gateway: starts the embedded sandbox (src/embedded-sandbox.ts)
 * for each upstream whose URL is unset (never in production: loadConfig
 * refuses that), opens the upstream pools and builds the Yoga app. `close()`
 * releases all of it.
 */
import { ConfigError, type Config } from './config.js';
import type { UpstreamName } from './errors.js';
import type { Logger } from './logger.js';
import { ReferenceData } from './reference-data.js';
import { closePools, createPools, type UpstreamPools } from './upstreams/index.js';
import { createPublicCache } from './upstreams/public-cache/index.js';
import { createResponseStore } from './plugins/response-cache/store.js';
import { createGateway, type Gateway } from './yoga.js';
import { createEventBus, type EventBus } from './webhooks/events.js';
import { noteHeardEvictions, publishedHere } from './webhooks/heard-evictions.js';
import { redisBus } from './webhooks/redis.js';
import { openRedis } from './redis/connection.js';
import { WEBHOOK_PATH } from './plugins/use-marketplace-webhooks.js';
import { randomBytes } from 'node:crypto';
import { startTracing } from './tracing.js';
import { loadSandbox, NoSandboxError } from './embedded-sandbox.js';
import { createApqStore } from './persisted-queries/apq-store.js';

/** How long start-up waits for Redis to connect before serving without it. */
const REDIS_FIRST_CONNECT_MS = 3_000;

export interface App {
  yoga: Gateway;
  pools: UpstreamPools;
  origins: Record<UpstreamName, string>;
  sandboxed: ReadonlySet<UpstreamName>;
  events: EventBus;
  /** Tells the embedded marketplace sandbox where this gateway listens, so its webhooks reach it. */
  setListenUrl(url: string): void;
  close(): Promise<void>;
}

export interface AppOptions {
  /** The clock (ms) of the public cache's entry ages and the breakers' cool-downs; tests move their own instead of sleeping. */
  now?: () => number;
}

export async function createApp(config: Config, logger: Logger, { now }: AppOptions = {}): Promise<App> {
  // Off (a no-op) unless an OTLP endpoint is configured.
  const tracing = startTracing(config.tracing);
  const names: UpstreamName[] = ['marketplace', 'seo', 'items'];
  const missing = names.filter((name) => !config.upstreams[name].url);
  let closeSandbox: (() => Promise<void>) | undefined;
  // With the marketplace sandboxed and no secret configured, a random one is shared
  // with the sandbox, so webhook events and subscriptions work out of the box.
  const webhookSecret = config.webhookSecret ?? (missing.includes('marketplace') ? randomBytes(24).toString('hex') : undefined);
  const webhookTarget = { url: '', secret: webhookSecret ?? '' };
  const origins = {} as Record<UpstreamName, string>;
  for (const name of names) if (config.upstreams[name].url) origins[name] = config.upstreams[name].url!;
  if (missing.length > 0) {
    if (config.production) throw new Error('The sandbox never starts in production');
    // Loaded only here, so a process with every URL set never loads the simulation (and a build does not contain it).
    const { startSandbox } = await loadSandbox(missing).catch((error: unknown) => {
      // A build without the sandbox: reported like a bad variable (src/serve.ts), not as a stack.
      throw error instanceof NoSandboxError ? new ConfigError(error.message, { cause: error }) : error;
    });
    const sandbox = await startSandbox({
      services: missing,
      webhook: webhookSecret ? webhookTarget : undefined,
    });
    closeSandbox = sandbox.close;
    for (const name of missing) {
      origins[name] = sandbox.urls[name]!;
      // The start-up summary (src/startup-summary.ts) names the sandboxed upstreams once; their ports are a debug detail.
      logger.debug(
        { upstream: name, url: sandbox.urls[name] },
        `${name.toUpperCase()}_URL is unset: serving ${name} from the embedded sandbox`,
      );
    }
  }
  const redis = config.redisUrl ? openRedis(config.redisUrl, logger, { commandTimeoutMs: config.redisCommandTimeoutMs }) : undefined;
  const bus = redis ? redisBus(redis) : undefined;
  const publicCache = createPublicCache(config, logger, redis, now);
  const responseCache = createResponseStore(config, logger, redis, now);
  // Serving starts with every Redis connection up when it can be: a request before that would take the
  // fallbacks (a per-process rate limit, a 503 for a webhook). Bounded: a Redis that is down delays nobody long.
  if (redis && !(await redis.connected(REDIS_FIRST_CONNECT_MS)))
    logger.warn('Redis did not answer at start-up: serving with its fallbacks until it does');
  const pools = createPools(config, origins, logger, now ? { ...config.breaker, now } : undefined, publicCache);
  const reference = new ReferenceData(pools, config.referenceCacheTtlMs);
  const sandboxed = new Set(missing);
  const events = createEventBus(bus?.eventTarget);
  // Shared caches (Redis): the instance a webhook reaches evicts, every other one notes what it evicted.
  const ownPublishes = publishedHere();
  const stopNoting = bus ? noteHeardEvictions(events, [publicCache, responseCache], logger, ownPublishes) : undefined;
  const shared = redis && bus ? { ping: redis.ping, limiter: bus.limiter } : undefined;
  // Registration is refused where only trusted documents may run, so no store is made there.
  const apq = config.apq.maxBytes > 0 && !config.persistedDocuments.only ? createApqStore({ ...config.apq, redis, logger }) : undefined;
  const yoga = createGateway({
    config,
    pools,
    reference,
    logger,
    sandboxed,
    events,
    webhookSecret: () => webhookSecret,
    eventIntake: bus && ownPublishes.intake(bus.intake),
    redis: shared,
    publicCache,
    responseCache,
    apq,
  });
  return {
    yoga,
    pools,
    origins,
    sandboxed,
    events,
    setListenUrl(url: string) {
      webhookTarget.url = `${url}${WEBHOOK_PATH}`;
    },
    close: async () => {
      await stopNoting?.();
      await closePools(pools);
      await publicCache?.close();
      await apq?.close();
      await redis?.close();
      await closeSandbox?.();
      // Last, so the spans of the final requests are exported before the process exits.
      await tracing.shutdown();
    },
  };
}
