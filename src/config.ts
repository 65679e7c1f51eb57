/**
 * Environment → typed configuration, validated once at start-up against the
 * variables of ./config-env.ts. A bad value stops the process with a message
 * naming the variable (README, "Configuration").
 */
import { availableParallelism } from 'node:os';
import { envSchema, type Env } from './config-env.js';
import { secretProblems } from './config-secrets.js';

export interface UpstreamConfig {
  /** Origin, or undefined when the embedded sandbox serves this upstream. */
  url: string | undefined;
  root: string;
  timeoutMs: number;
}

export interface Config {
  env: Env['NODE_ENV'];
  production: boolean;
  port: number;
  host: string;
  logLevel: Env['LOG_LEVEL'];
  logFormat: 'json' | 'pretty';
  upstreams: { marketplace: UpstreamConfig; seo: UpstreamConfig; items: UpstreamConfig };
  requestDeadlineMs: number;
  upstreamConnections: number;
  upstreamMaxResponseBytes: number;
  upstreamInflightBytes: number;
  upstreamRetries: number;
  upstreamRetryMaxWaitMs: number;
  breaker: { failureThreshold: number; cooldownMs: number };
  itemsBatchThreshold: number;
  validatePurchaseConcurrency: number;
  referenceCacheTtlMs: number;
  /** The shared cache of public reads (src/upstreams/public-cache/); maxBytes 0: off. */
  publicCache: { ttlMs: number; maxBytes: number };
  /** The response cache (src/plugins/use-response-cache.ts); maxEntries 0: off. maxBytes bounds it in the process. */
  responseCache: { maxEntries: number; maxBytes: number };
  webhookSecret: string | undefined;
  redisUrl: string | undefined;
  redisCommandTimeoutMs: number;
  adminKey: string | undefined;
  /** Trusted documents file and whether only they may run (src/trusted-documents.ts). */
  persistedDocuments: { path: string | undefined; only: boolean };
  /** Where the federation subgraph is served (docs/federation.md); undefined: nowhere. */
  subgraphPath: string | undefined;
  /** Automatic persisted queries (src/persisted-queries/apq-store.ts); maxBytes 0: registration off. */
  apq: { maxBytes: number; maxDocumentBytes: number };
  graphiql: boolean;
  introspection: boolean;
  /** `extensions.cost` on every result (src/plugins/use-query-limits.ts). */
  exposeCost: boolean;
  /** Executions of a document before it runs compiled (src/plugins/use-compiled-execution.ts); 0: never. */
  compileAfterExecutions: number;
  corsOrigins: string[];
  limits: {
    depth: number;
    aliases: number;
    tokens: number;
    cost: number;
    bodyBytes: number;
    uploadBytes: number;
    directives: number;
    batch: number;
  };
  rateLimits: { perMinute: number; perAddressPerMinute: number; authPerMinute: number; trustedProxies: number };
  connections: { maxPerIp: number; headersTimeoutMs: number };
  /** SIGTERM drain (src/shutdown.ts): serve not-ready for delayMs, then close the listener and wait up to graceMs. */
  shutdown: { delayMs: number; graceMs: number };
  /** Processes on this machine (src/cluster.ts); 1 runs no cluster. */
  workers: number;
  /** Undefined when tracing is off (no OTLP endpoint, or OTEL_SDK_DISABLED). */
  tracing: TracingConfig | undefined;
  /** What is unsafe but allowed outside production (weak secrets), one `NAME: problem` each, for the log. */
  warnings: string[];
}

export interface TracingConfig {
  /** The full OTLP traces URL. */
  url: string;
  protocol: 'http/protobuf' | 'http/json';
  headers: Record<string, string>;
  serviceName: string;
  sampler: Env['OTEL_TRACES_SAMPLER'];
  samplerRatio: number;
  batch: { scheduledDelayMillis: number; exportTimeoutMillis: number; maxQueueSize: number; maxExportBatchSize: number };
  /** One export's HTTP timeout. */
  exportTimeoutMillis: number;
  spanLimits: {
    attributeValueLengthLimit: number;
    attributeCountLimit: number;
    eventCountLimit: number;
    linkCountLimit: number;
    attributePerEventCountLimit: number;
    attributePerLinkCountLimit: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads the environment; throws ConfigError naming every bad variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // Upstreams with no URL: the embedded sandbox serves them (never in production).
  const sandboxed = (['MARKETPLACE_URL', 'SEO_URL', 'ITEMS_URL'] as const).filter((name) => !e[name]);
  // Weak or public secrets: refused in production, a warning elsewhere (src/config-secrets.ts).
  const weakSecrets = secretProblems({ MARKETPLACE_WEBHOOK_SECRET: e.MARKETPLACE_WEBHOOK_SECRET, GATEWAY_ADMIN_KEY: e.GATEWAY_ADMIN_KEY });
  if (production) {
    const refused = [
      ...sandboxed.map((name) => `${name}: required when NODE_ENV=production (the sandbox never starts in production)`),
      ...weakSecrets.map((line) => `${line} (NODE_ENV=production)`),
    ];
    if (refused.length > 0) throw new ConfigError(`Invalid configuration:\n${refused.map((line) => `  ${line}`).join('\n')}`);
  }
  const workers = e.WORKERS === 'auto' ? availableParallelism() : e.WORKERS;
  if (workers > 1 && sandboxed.length > 0) {
    // Each worker would start its own embedded sandbox, each with its own state: a write made through one
    // worker would be missing from the next read through another.
    throw new ConfigError(
      `Invalid configuration:\n  WORKERS: ${workers} workers need ${sandboxed.join(', ')} (the embedded sandbox runs in one process only; start it with \`npm run sandbox\` and set the URLs it prints)`,
    );
  }
  if (e.UPSTREAM_INFLIGHT_BYTES > 0 && e.UPSTREAM_INFLIGHT_BYTES < e.UPSTREAM_MAX_RESPONSE_BYTES) {
    // An answer sized between the two would never fit the budget: UPSTREAM_UNAVAILABLE "retry in 1 s", for ever.
    throw new ConfigError(
      `Invalid configuration:\n  UPSTREAM_INFLIGHT_BYTES: ${e.UPSTREAM_INFLIGHT_BYTES} is below UPSTREAM_MAX_RESPONSE_BYTES (${e.UPSTREAM_MAX_RESPONSE_BYTES}): an answer between the two could never be read; raise it to at least UPSTREAM_MAX_RESPONSE_BYTES, or set 0 for no bound`,
    );
  }
  if (e.PERSISTED_DOCUMENTS_ONLY && !e.PERSISTED_DOCUMENTS) {
    throw new ConfigError(
      'Invalid configuration:\n  PERSISTED_DOCUMENTS_ONLY: needs PERSISTED_DOCUMENTS (the persisted-documents.json to run)',
    );
  }
  return {
    env: e.NODE_ENV,
    production,
    port: e.PORT,
    host: e.HOST,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT || (e.NODE_ENV === 'development' ? 'pretty' : 'json'),
    upstreams: {
      marketplace: { url: e.MARKETPLACE_URL, root: e.MARKETPLACE_API_ROOT, timeoutMs: e.MARKETPLACE_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS },
      seo: { url: e.SEO_URL, root: '/api/v1', timeoutMs: e.SEO_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS },
      items: { url: e.ITEMS_URL, root: '/api', timeoutMs: e.ITEMS_TIMEOUT_MS ?? e.UPSTREAM_TIMEOUT_MS },
    },
    requestDeadlineMs: e.REQUEST_DEADLINE_MS,
    upstreamConnections: e.UPSTREAM_CONNECTIONS,
    upstreamMaxResponseBytes: e.UPSTREAM_MAX_RESPONSE_BYTES,
    upstreamInflightBytes: e.UPSTREAM_INFLIGHT_BYTES,
    upstreamRetries: e.UPSTREAM_RETRIES,
    upstreamRetryMaxWaitMs: e.UPSTREAM_RETRY_MAX_WAIT_MS,
    breaker: { failureThreshold: e.BREAKER_FAILURES, cooldownMs: e.BREAKER_COOLDOWN_MS },
    itemsBatchThreshold: e.ITEMS_BATCH_THRESHOLD,
    validatePurchaseConcurrency: e.VALIDATE_PURCHASE_CONCURRENCY,
    referenceCacheTtlMs: e.REFERENCE_CACHE_TTL_MS,
    publicCache: { ttlMs: e.PUBLIC_CACHE_TTL_MS, maxBytes: e.PUBLIC_CACHE_MAX_BYTES },
    responseCache: { maxEntries: e.RESPONSE_CACHE_MAX_ENTRIES, maxBytes: e.RESPONSE_CACHE_MAX_BYTES },
    webhookSecret: e.MARKETPLACE_WEBHOOK_SECRET,
    redisUrl: e.REDIS_URL,
    redisCommandTimeoutMs: e.REDIS_COMMAND_TIMEOUT_MS,
    adminKey: e.GATEWAY_ADMIN_KEY,
    persistedDocuments: { path: e.PERSISTED_DOCUMENTS, only: e.PERSISTED_DOCUMENTS_ONLY },
    subgraphPath: e.SUBGRAPH_PATH === 'off' ? undefined : (e.SUBGRAPH_PATH ?? (production ? undefined : '/subgraph')),
    apq: { maxBytes: e.APQ_MAX_BYTES, maxDocumentBytes: e.APQ_MAX_DOCUMENT_BYTES },
    // Never in production; and not when only trusted documents run, since GraphiQL sends query text.
    graphiql: e.GRAPHIQL && !production && !e.PERSISTED_DOCUMENTS_ONLY,
    // Unset INTROSPECTION means on in development and off in production.
    introspection: source.INTROSPECTION === undefined || source.INTROSPECTION === '' ? !production : e.INTROSPECTION,
    exposeCost: source.EXPOSE_COST === undefined || source.EXPOSE_COST === '' ? !production : e.EXPOSE_COST,
    compileAfterExecutions: e.COMPILE_AFTER_EXECUTIONS,
    corsOrigins: e.CORS_ORIGINS,
    limits: {
      depth: e.MAX_DEPTH,
      aliases: e.MAX_ALIASES,
      tokens: e.MAX_TOKENS,
      cost: e.MAX_COST,
      bodyBytes: e.MAX_BODY_BYTES,
      uploadBytes: e.MAX_UPLOAD_BYTES,
      directives: e.MAX_DIRECTIVES,
      batch: e.MAX_BATCH,
    },
    rateLimits: {
      perMinute: e.RATE_LIMIT_PER_MINUTE,
      perAddressPerMinute: e.RATE_LIMIT_PER_IP_PER_MINUTE ?? 5 * e.RATE_LIMIT_PER_MINUTE,
      authPerMinute: e.AUTH_RATE_LIMIT_PER_MINUTE,
      trustedProxies: e.TRUST_PROXY_HOPS,
    },
    connections: { maxPerIp: e.MAX_CONNECTIONS_PER_IP, headersTimeoutMs: e.HEADERS_TIMEOUT_MS },
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, graceMs: e.SHUTDOWN_GRACE_MS },
    workers,
    tracing: tracingConfig(e),
    warnings: weakSecrets,
  };
}

function tracingConfig(e: Env): TracingConfig | undefined {
  const url =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined);
  if (!url || e.OTEL_SDK_DISABLED) return undefined;
  return {
    url,
    protocol: e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL,
    headers: otlpHeaders(e.OTEL_EXPORTER_OTLP_HEADERS),
    serviceName: e.OTEL_SERVICE_NAME,
    sampler: e.OTEL_TRACES_SAMPLER,
    samplerRatio: e.OTEL_TRACES_SAMPLER_ARG,
    batch: {
      scheduledDelayMillis: e.OTEL_BSP_SCHEDULE_DELAY,
      exportTimeoutMillis: e.OTEL_BSP_EXPORT_TIMEOUT,
      maxQueueSize: e.OTEL_BSP_MAX_QUEUE_SIZE,
      maxExportBatchSize: e.OTEL_BSP_MAX_EXPORT_BATCH_SIZE,
    },
    exportTimeoutMillis: e.OTEL_EXPORTER_OTLP_TRACES_TIMEOUT ?? e.OTEL_EXPORTER_OTLP_TIMEOUT,
    spanLimits: {
      attributeValueLengthLimit: e.OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT ?? e.OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT,
      attributeCountLimit: e.OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT ?? e.OTEL_ATTRIBUTE_COUNT_LIMIT,
      eventCountLimit: e.OTEL_SPAN_EVENT_COUNT_LIMIT,
      linkCountLimit: e.OTEL_SPAN_LINK_COUNT_LIMIT,
      attributePerEventCountLimit: e.OTEL_SPAN_ATTRIBUTE_PER_EVENT_COUNT_LIMIT,
      attributePerLinkCountLimit: e.OTEL_SPAN_ATTRIBUTE_PER_LINK_COUNT_LIMIT,
    },
  };
}

/** The OTLP exporter's header list: `key=value` pairs separated by commas, values percent-encoded. */
function otlpHeaders(value: string | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const pair of (value ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const key = pair.slice(0, at).trim();
    if (!key) continue;
    try {
      headers[key] = decodeURIComponent(pair.slice(at + 1).trim());
    } catch {
      throw new ConfigError(`Invalid configuration:\n  OTEL_EXPORTER_OTLP_HEADERS: the value of "${key}" is not valid percent-encoding`);
    }
  }
  return headers;
}
