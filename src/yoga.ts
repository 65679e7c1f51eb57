/**
 * Builds the Yoga app from the schema and the per-request context. Never
 * listens (src/server.ts does), so tests can also call `yoga.fetch`.
 */
import type { GraphQLSchema } from 'graphql';
import { createYoga, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { schema } from '../schema/index.js';
import type { Config } from './config.js';
import { EncodedResponse } from './encoded-response.js';
import { createContextFactory, type GatewayContext } from './context.js';
import { logText, requestFieldsOfError, type Logger } from './logger.js';
import { useHttpRoutes, type Readiness } from './plugins/use-http-routes.js';
import { useGraphiQLPage } from './plugins/use-graphiql.js';
import { useRequestId } from './plugins/use-request-id.js';
import { graphiqlOptions } from './plugins/graphiql-tabs.js';
import { pathOf, withOneRequestHook } from './plugins/request-router.js';
import { useObservability } from './plugins/use-observability.js';
import { useTracing } from './plugins/use-tracing.js';
import { useCacheHeaders } from './plugins/use-cache-headers.js';
import { useNotePersistedRequests, useResponseCache } from './plugins/use-response-cache.js';
import type { ResponseStore } from './plugins/response-cache/store.js';
import { parserCaches } from './document-cache.js';
import { useNoIntrospection } from './plugins/use-no-introspection.js';
import { useBodyLimit } from './plugins/use-body-limit.js';
import { useRequestParameters } from './plugins/use-request-parameters.js';
import { useGraphQLSSE, type GraphQLSSEPlugin } from './plugins/use-graphql-sse.js';
import { usePersistedQueries } from './plugins/use-persisted-queries.js';
import type { ApqStore } from './persisted-queries/apq-store.js';
import { loadTrustedDocuments, type TrustedDocuments } from './trusted-documents.js';
import { useStreamRefusal } from './plugins/use-stream-refusal.js';
import { useErrorCodes } from './plugins/use-error-codes.js';
import { useQueryLimits } from './plugins/use-query-limits.js';
import { useIncrementalDelivery } from './plugins/use-incremental-delivery.js';
import { useNestingLimit } from './plugins/use-nesting-limit.js';
import { createSubscriptionTracker, type SubscriptionTracker } from './plugins/use-subscription-shutdown.js';
import { createRequestAdmission, useRateLimit, type RateLimitOptions } from './plugins/use-rate-limit.js';
import { frontDoorApplies, installFrontDoor, useBodyParsedByFrontDoor } from './front-door.js';
import type { Limiter } from './rate-limit/limiter.js';
import { useRequestDeadline } from './plugins/use-request-deadline.js';
import { useCompiledExecution } from './plugins/use-compiled-execution.js';
import { gatewayErrorMask, needsNoYogaLine } from './error-masking.js';
import { useMarketplaceWebhooks } from './plugins/use-marketplace-webhooks.js';
import { localIntake, type EventBus, type EventIntake } from './webhooks/events.js';
import type { ReferenceData } from './reference-data.js';
import type { UpstreamPools } from './upstreams/index.js';
import { tagsForEvent, type PublicCache } from './upstreams/public-cache/index.js';
import { RedisUnavailableError } from './redis/connection.js';

export interface GatewayDeps {
  config: Config;
  pools: UpstreamPools;
  reference: ReferenceData;
  logger: Logger;
  sandboxed: ReadonlySet<string>;
  events: EventBus;
  /** The webhook secret in force (configured, or generated for the embedded sandbox). */
  webhookSecret: () => string | undefined;
  /** Where accepted webhook events go, shared across instances when Redis is configured (default: `events`). */
  eventIntake?: EventIntake;
  /** With REDIS_URL: shared rate limits, and Redis's state for /readyz. */
  redis?: { ping(): Promise<boolean>; limiter(perMinute: number, name: string): Limiter };
  /** The shared cache of public reads, which accepted webhooks evict from. */
  publicCache?: PublicCache;
  /** Whole answers of shareable operations (RESPONSE_CACHE_MAX_ENTRIES), which accepted webhooks evict from too. */
  responseCache?: ResponseStore;
  /** Where automatic persisted queries are registered; undefined: registration is refused. */
  apq?: ApqStore;
}

export type Gateway = YogaServerInstance<Record<string, unknown>, GatewayContext>;

const subscriptionTrackers = new WeakMap<Gateway, SubscriptionTracker>();
const sseStreams = new WeakMap<Gateway, GraphQLSSEPlugin>();
const trustedDocuments = new WeakMap<Gateway, TrustedDocuments>();
const readinessOf = new WeakMap<Gateway, Readiness>();

/** From now on /readyz answers 503 with this reason (shutdown); everything else is still served. */
export function reportNotReady(gateway: Gateway, reason: string): void {
  const readiness = readinessOf.get(gateway);
  if (readiness) readiness.notReadyReason = reason;
}

/** The gateway's trusted documents (PERSISTED_DOCUMENTS), for transports that bypass Yoga's request pipeline (graphql-ws). */
export function trustedDocumentsOf(gateway: Gateway): TrustedDocuments | undefined {
  return trustedDocuments.get(gateway);
}

/** Completes the gateway's open subscriptions (SSE and graphql-ws) at once and ends graphql-sse's reserved streams, for shutdown; returns how many there were. */
export function completeSubscriptions(gateway: Gateway): number {
  const completed = subscriptionTrackers.get(gateway)?.completeAll() ?? 0;
  // Then the graphql-sse single-connection streams, whose subscriptions were just completed in them.
  return completed + (sseStreams.get(gateway)?.endStreams() ?? 0);
}

export function createGateway(deps: GatewayDeps): Gateway {
  const { config, logger } = deps;
  const subscriptions = createSubscriptionTracker();
  const readiness: Readiness = { notReadyReason: undefined };
  // Read and checked now: a bad file stops start-up with a ConfigError naming PERSISTED_DOCUMENTS.
  const trusted = config.persistedDocuments.path
    ? loadTrustedDocuments(config.persistedDocuments.path, schema, config.persistedDocuments.only)
    : undefined;
  if (trusted) logger.info({ documents: trusted.size, only: trusted.only }, 'trusted documents loaded');
  const subgraphPath = config.subgraphPath;
  // graphql-sse's single-connection mode, on the public endpoint only (a router speaks to the subgraph over plain HTTP).
  const graphqlSse = useGraphQLSSE({ graphqlEndpoint: '/graphql', trusted });
  const yoga = createEndpoint(deps, {
    schema,
    endpoint: '/graphql',
    frontDoor: true,
    subscriptions,
    trusted,
    apq: deps.apq,
    graphqlSse,
    handsOff: subgraphPath,
    routes: [
      // The federation subgraph (docs/federation.md): its own Yoga with the same plugins, on its own path.
      ...(subgraphPath
        ? [
            useSubgraphEndpoint(subgraphPath, async () => {
              const { subgraphSchema } = await import('../schema/subgraph.js');
              return createEndpoint(deps, { schema: subgraphSchema(), endpoint: subgraphPath, subscriptions, routes: [] });
            }),
          ]
        : []),
      useHttpRoutes({ pools: deps.pools, sandboxed: deps.sandboxed, redis: deps.redis, readiness }),
      ...(config.graphiql ? [useGraphiQLPage({ graphqlEndpoint: '/graphql', options: graphiqlOptions(deps.sandboxed) })] : []),
    ],
    webhooks: useMarketplaceWebhooks({
      secret: deps.webhookSecret,
      logger,
      intake: deps.eventIntake ?? localIntake(deps.events),
      beforePublish: evictChanges(deps.publicCache, deps.responseCache),
    }),
  });
  subscriptionTrackers.set(yoga, subscriptions);
  sseStreams.set(yoga, graphqlSse);
  readinessOf.set(yoga, readiness);
  if (trusted) trustedDocuments.set(yoga, trusted);
  return yoga;
}

interface EndpointOptions {
  schema: GraphQLSchema;
  endpoint: string;
  /** Shared by every endpoint, so shutdown completes all their subscriptions. */
  subscriptions: SubscriptionTracker;
  trusted?: TrustedDocuments;
  /** Where automatic persisted queries are registered (the public endpoint's). */
  apq?: ApqStore;
  /** graphql-sse's single-connection mode (the public endpoint's). */
  graphqlSse?: GraphQLSSEPlugin;
  /** Plugins that answer their own paths, after tracing and before any limit. */
  routes: Plugin[];
  /** The subgraph's path, which the public endpoint hands to the subgraph's Yoga (and does not trace itself). */
  handsOff?: string;
  webhooks?: Plugin;
  /** Answer warm response-cache hits before Yoga where that gives the same answer (src/front-door.ts): the public endpoint's. */
  frontDoor?: boolean;
}

/** One GraphQL endpoint: the public one, or the federation subgraph with the same plugins in the same order. */
function createEndpoint(
  deps: GatewayDeps,
  { schema, endpoint, subscriptions, trusted, apq, graphqlSse, routes, handsOff, webhooks, frontDoor }: EndpointOptions,
): Gateway {
  const { config, logger } = deps;
  const maskGatewayError = gatewayErrorMask(config.production, logger);
  const caches = parserCaches();
  const cors = config.corsOrigins.length > 0 ? { origin: config.corsOrigins, credentials: true } : false;
  const rateLimits: RateLimitOptions = {
    graphqlEndpoint: endpoint,
    perMinute: config.rateLimits.perMinute,
    perAddressPerMinute: config.rateLimits.perAddressPerMinute,
    authPerMinute: config.rateLimits.authPerMinute,
    trustedProxies: config.rateLimits.trustedProxies,
    limiter: deps.redis?.limiter,
  };
  // Shared with the front door, so a request it answers pays the same token as one Yoga answers.
  const admission = createRequestAdmission(rateLimits);
  const frontDoorStore = frontDoor && frontDoorApplies(config, deps.responseCache) ? deps.responseCache : undefined;
  const yoga = createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    context: createContextFactory(deps) as never,
    graphqlEndpoint: endpoint,
    landingPage: false,
    // Served by useGraphiQLPage (below): compressed, its assets cached by browsers.
    graphiql: false,
    cors,
    // Errors that are not ours become "Unexpected error." and are logged; never a stack or internal message.
    maskedErrors: { isDev: false, maskError: maskGatewayError },
    logging: {
      // Yoga writes two debug lines per request: their text is built only when they are written.
      debug: (...args) => logger.isLevelEnabled('debug') && logger.debug(logText(args)),
      info: (...args) => logger.info(logText(args)),
      warn: (...args) => logger.warn(logText(args)),
      // Yoga logs the error it masks, which the mask logged already (one line per error), or a caller's error the
      // mask only reshaped (no error of ours); any other error it logs carries the request it was met serving
      // (noted by use-request-id.ts).
      error: (...args) => needsNoYogaLine(args[0]) || logger.error(requestFieldsOfError(args[0]), logText(args)),
    },
    // An array body runs its operations one by one; bounded so one request cannot fan out without limit.
    batching: { limit: config.limits.batch },
    // GraphQL over HTTP's name for a trusted document's id (use-trusted-documents.ts reads it); without
    // trusted documents Yoga refuses it as an unexpected parameter, which says what is wrong.
    extraParamNames: trusted ? ['documentId'] : [],
    // useBodyLimit (below) already bounds every body, with its own limit for uploads. Yoga's
    // built-in limit would pipe each body through a TransformStream again, which showed in profiles.
    maxRequestBodySize: false,
    parserAndValidationCache: caches,
    // A large answer is encoded once, not measured and then encoded again when written (encoded-response.ts).
    fetchAPI: { Response: EncodedResponse },
    // One onRequest hook for all of them (request-router.ts), where the first of theirs was.
    plugins: withOneRequestHook(endpoint, [
      // First, so its request span is the outermost and every other plugin's work falls inside it. With
      // tracing off (no OTLP endpoint) not there at all: no wrapper around any request phase, no hook.
      ...(config.tracing ? [useTracing({ endpoint, handedOff: handsOff, documentCache: caches.documentCache })] : []),
      // Then the request's log scope (at debug level): every line from here on, Yoga's own included, carries its requestId.
      useRequestId(logger),
      ...routes,
      // Before every plugin that may refuse an operation in onExecute (rate, @defer, cost): a refused
      // operation's context is ended too (its deadline timer disarmed), not left armed for REQUEST_DEADLINE_MS.
      useRequestDeadline(),
      // Cheap refusals first: no parsing, no upstream call for a flooding client or an oversized body.
      useRateLimit(rateLimits, admission),
      useBodyLimit({ graphqlEndpoint: endpoint, maxBytes: config.limits.bodyBytes, maxUploadBytes: config.limits.uploadBytes }),
      // graphql-sse's single-connection mode (PUT reservation, token-named streams); its requests end here.
      ...(graphqlSse ? [graphqlSse] : []),
      // A form or text/plain POST must carry a header a cross-site page cannot set without a preflight; GET needs none.
      // And a GET's JSON parameters must be JSON, an operationName a string (use-request-parameters.ts).
      useRequestParameters(),
      // A body the front door read and handed on is not parsed a second time (front-door-request.ts).
      ...(frontDoorStore ? [useBodyParsedByFrontDoor()] : []),
      // Before the parse-time limits, so they see a persisted query's text like any other (and after the
      // response cache notes which requests named a document: their shared answers are public over HTTP).
      ...(deps.responseCache ? [useNotePersistedRequests()] : []),
      ...usePersistedQueries({ trusted, apq }),
      ...(config.introspection ? [] : [useNoIntrospection()]),
      // Before armor's parse: a deeply nested literal would overflow the parser's stack.
      useNestingLimit(),
      // Before the cost limit: a @defer/@stream operation a JSON-only caller cannot receive is refused without cost.
      useIncrementalDelivery({ maskError: maskGatewayError }),
      useQueryLimits({ ...config.limits, exposeCost: config.exposeCost, blockFieldSuggestions: !config.introspection }),
      ...(config.compileAfterExecutions > 0 ? [useCompiledExecution({ after: config.compileAfterExecutions, logger, schema })] : []),
      useErrorCodes(),
      // After the codes: a refusal to a caller that takes only an event stream becomes its HTTP status.
      useStreamRefusal(),
      ...(webhooks ? [webhooks] : []),
      useObservability(),
      // Late, so the execution it wraps is the one every plugin above has set up; its answers' headers before use-cache-headers.ts.
      ...(deps.responseCache ? useResponseCache({ store: deps.responseCache, referenceTtlMs: config.referenceCacheTtlMs }) : []),
      useCacheHeaders({ maxAgeSeconds: Math.floor(config.referenceCacheTtlMs / 1000) }),
      subscriptions.plugin,
    ]),
  });
  if (frontDoorStore)
    installFrontDoor(yoga, { endpoint, maxBodyBytes: config.limits.bodyBytes, store: frontDoorStore, admission, trusted, cors, logger });
  return yoga;
}

/**
 * Hands a request for the subgraph's path to the subgraph's Yoga, before the public endpoint's
 * limits see it (its tracing, limits and context are the subgraph's own, built the same way;
 * the public endpoint's tracing lets the path through untraced, see `handsOff`).
 * Loaded and built on the first such request: the federation plugin and the subgraph schema
 * take about 1.3 s, which a gateway no router talks to (every test process, most development
 * runs, production unless SUBGRAPH_PATH is set) should not pay at start-up.
 */
function useSubgraphEndpoint(path: string, create: () => Promise<Gateway>): Plugin {
  let subgraph: Promise<Gateway> | undefined;
  return {
    onRequest(payload) {
      const { request, serverContext, endResponse } = payload;
      if (pathOf(payload) !== path) return;
      subgraph ??= create();
      return subgraph.then((yoga) => yoga.fetch(request, serverContext)).then(endResponse);
    },
  };
}

/**
 * Evicts what a marketplace event changed (src/upstreams/public-cache/invalidation.ts): the public upstream answers,
 * and the whole answers built from them, which carry the same tags.
 */
function evictChanges(cache: PublicCache | undefined, responses: ResponseStore | undefined) {
  if (!cache && !responses) return undefined;
  return async (event: { event: string; data: Record<string, unknown> }) => {
    const tags = tagsForEvent(event.event, event.data);
    const evicted = await Promise.all([cache?.evict(tags) ?? true, responses?.evict(tags) ?? true]);
    // Answers the event changed are still kept (Redis failed): the sender is told to deliver it again (503), not "accepted".
    if (evicted.includes(false)) throw new RedisUnavailableError();
  };
}
