/**
 * Environment → typed configuration, validated once at start-up. A bad value
 * stops the process with a message naming the variable (contract sections 1, 2).
 */
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalPositiveInt = z
  .union([z.literal('').transform(() => undefined), z.coerce.number().int().positive()])
  .optional();
const optionalOrigin = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .pipe(
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) origin such as https://api.example.com' })
      .transform((value) => value.replace(/\/+$/, ''))
      .optional(),
  )
  .optional();
const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(4000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `pretty` (readable lines) or `json` (one object per line); unset: pretty in development, json otherwise. */
  LOG_FORMAT: z.enum(['json', 'pretty', '']).optional(),

  MARKETPLACE_URL: optionalOrigin,
  SEO_URL: optionalOrigin,
  ITEMS_URL: optionalOrigin,
  MARKETPLACE_API_ROOT: z.enum(['/api/v1', '/api/v2']).default('/api/v1'),

  UPSTREAM_TIMEOUT_MS: positiveInt(10_000),
  MARKETPLACE_TIMEOUT_MS: optionalPositiveInt,
  SEO_TIMEOUT_MS: optionalPositiveInt,
  ITEMS_TIMEOUT_MS: optionalPositiveInt,
  REQUEST_DEADLINE_MS: positiveInt(30_000),
  /** Connections per upstream origin (undici Pool size): the per-process concurrency bound. */
  UPSTREAM_CONNECTIONS: positiveInt(64),
  UPSTREAM_MAX_RESPONSE_BYTES: positiveInt(10 * 1024 * 1024),
  UPSTREAM_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** The longest Retry-After a GET waits out before retrying; a longer one is answered at once with its retryAfter. */
  UPSTREAM_RETRY_MAX_WAIT_MS: z.coerce.number().int().min(0).default(1000),
  BREAKER_FAILURES: positiveInt(5),
  BREAKER_COOLDOWN_MS: positiveInt(10_000),

  /** Above this many distinct `item(id)` keys in one request, one GET /items/all serves them all. */
  ITEMS_BATCH_THRESHOLD: positiveInt(3),
  VALIDATE_PURCHASE_CONCURRENCY: positiveInt(8),
  REFERENCE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(300_000),
  /**
   * Shared cache of public upstream reads (docs/caching.md): how long an answer whose upstream sent no
   * Cache-Control lifetime is kept. 0 (default): only answers with a Cache-Control lifetime are kept.
   */
  PUBLIC_CACHE_TTL_MS: z.coerce.number().int().min(0).default(0),
  /** Bytes of answers the public cache keeps in this process (LRU); 0 turns the cache and its coalescing off. */
  PUBLIC_CACHE_MAX_BYTES: z.coerce.number().int().min(0).default(64 * 1024 * 1024),

  MARKETPLACE_WEBHOOK_SECRET: z.string().optional(),
  /** Shares webhook events and their dedup across gateway instances (redis:// or rediss://). */
  REDIS_URL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional())
    .optional(),
  GATEWAY_ADMIN_KEY: z.string().optional(),

  /**
   * Trusted documents: path of graphql-codegen's persisted-documents.json (id → document), read and
   * checked at start-up; requests may then name a document by id (src/trusted-documents.ts).
   */
  PERSISTED_DOCUMENTS: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined)),
  /** Refuse query text: only the trusted documents run (recommended in production; needs PERSISTED_DOCUMENTS). */
  PERSISTED_DOCUMENTS_ONLY: bool(false),
  GRAPHIQL: bool(true),
  INTROSPECTION: bool(true),
  /** Add `extensions.cost = { estimated, actual }` (upstream calls) to every result; unset: on outside production. */
  EXPOSE_COST: bool(true),
  CORS_ORIGINS: list,
  MAX_DEPTH: positiveInt(12),
  MAX_ALIASES: positiveInt(30),
  MAX_TOKENS: positiveInt(2000),
  /** Most upstream calls one operation may cause (src/plugins/upstream-cost.ts). */
  MAX_COST: positiveInt(1000),
  MAX_BODY_BYTES: positiveInt(1024 * 1024),
  MAX_UPLOAD_BYTES: positiveInt(25 * 1024 * 1024),
  MAX_DIRECTIVES: positiveInt(20),
  /** Operations in one batched (array) request body. */
  MAX_BATCH: positiveInt(10),
  /** Requests per minute per client (credential hash, else IP); 0 turns the limit off. */
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(600),
  /**
   * Requests per minute per client address, whatever credentials they carry, so rotating made-up
   * credentials buys nothing beyond it; unset means 5 × RATE_LIMIT_PER_MINUTE, 0 turns it off.
   */
  RATE_LIMIT_PER_IP_PER_MINUTE: z
    .union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0)])
    .optional(),
  /** Per minute per client IP for mobileLogin, mobileRegister, mobileForgotPassword; 0 turns it off. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** Open connections one client address may hold (0: no cap). Behind a proxy, the proxy's own address is what is counted. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(128),
  /** A request's headers must arrive within this long, or it is answered 408 and closed (slow-header clients). */
  HEADERS_TIMEOUT_MS: positiveInt(10_000),
  /** Reverse proxies in front of the gateway whose X-Forwarded-For entries identify the client (0: use the socket). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),

  // OpenTelemetry traces (src/tracing.ts), by the SDK's standard variables. No endpoint: tracing is off.
  /** OTLP base URL; traces go to `<endpoint>/v1/traces`. */
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalOrigin,
  /** Full traces URL, used as is (wins over OTEL_EXPORTER_OTLP_ENDPOINT). */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalOrigin,
  /** Only the HTTP protocols are supported (no gRPC exporter is shipped). */
  OTEL_EXPORTER_OTLP_PROTOCOL: z.enum(['http/protobuf', 'http/json']).default('http/protobuf'),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: z.enum(['http/protobuf', 'http/json']).optional(),
  /** `key=value,key2=value2` (values percent-decoded), sent with every export: the collector's credential goes here. */
  OTEL_EXPORTER_OTLP_HEADERS: z.string().optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('unigraph-gateway'),
  OTEL_TRACES_SAMPLER: z
    .enum(['always_on', 'always_off', 'traceidratio', 'parentbased_always_on', 'parentbased_always_off', 'parentbased_traceidratio'])
    .default('parentbased_always_on'),
  /** The ratio of the *traceidratio samplers, 0 to 1. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(0).default(5000),
  OTEL_BSP_EXPORT_TIMEOUT: positiveInt(30_000),
  OTEL_BSP_MAX_QUEUE_SIZE: positiveInt(2048),
  OTEL_BSP_MAX_EXPORT_BATCH_SIZE: positiveInt(512),
  /** `true` turns tracing off even with an endpoint set. */
  OTEL_SDK_DISABLED: bool(false),
});

export type Env = z.infer<typeof envSchema>;

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
  upstreamRetries: number;
  upstreamRetryMaxWaitMs: number;
  breaker: { failureThreshold: number; cooldownMs: number };
  itemsBatchThreshold: number;
  validatePurchaseConcurrency: number;
  referenceCacheTtlMs: number;
  /** The shared cache of public reads (src/upstreams/public-cache/); maxBytes 0: off. */
  publicCache: { ttlMs: number; maxBytes: number };
  webhookSecret: string | undefined;
  redisUrl: string | undefined;
  adminKey: string | undefined;
  /** Trusted documents file and whether only they may run (src/trusted-documents.ts). */
  persistedDocuments: { path: string | undefined; only: boolean };
  graphiql: boolean;
  introspection: boolean;
  /** `extensions.cost` on every result (src/plugins/use-query-limits.ts). */
  exposeCost: boolean;
  corsOrigins: string[];
  limits: { depth: number; aliases: number; tokens: number; cost: number; bodyBytes: number; uploadBytes: number; directives: number; batch: number };
  rateLimits: { perMinute: number; perAddressPerMinute: number; authPerMinute: number; trustedProxies: number };
  connections: { maxPerIp: number; headersTimeoutMs: number };
  /** Undefined when tracing is off (no OTLP endpoint, or OTEL_SDK_DISABLED). */
  tracing: TracingConfig | undefined;
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
  if (production) {
    const missing = (['MARKETPLACE_URL', 'SEO_URL', 'ITEMS_URL'] as const).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(
        `Invalid configuration:\n${missing.map((name) => `  ${name}: required when NODE_ENV=production (the sandbox never starts in production)`).join('\n')}`,
      );
    }
  }
  if (e.PERSISTED_DOCUMENTS_ONLY && !e.PERSISTED_DOCUMENTS) {
    throw new ConfigError('Invalid configuration:\n  PERSISTED_DOCUMENTS_ONLY: needs PERSISTED_DOCUMENTS (the persisted-documents.json to run)');
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
    upstreamRetries: e.UPSTREAM_RETRIES,
    upstreamRetryMaxWaitMs: e.UPSTREAM_RETRY_MAX_WAIT_MS,
    breaker: { failureThreshold: e.BREAKER_FAILURES, cooldownMs: e.BREAKER_COOLDOWN_MS },
    itemsBatchThreshold: e.ITEMS_BATCH_THRESHOLD,
    validatePurchaseConcurrency: e.VALIDATE_PURCHASE_CONCURRENCY,
    referenceCacheTtlMs: e.REFERENCE_CACHE_TTL_MS,
    publicCache: { ttlMs: e.PUBLIC_CACHE_TTL_MS, maxBytes: e.PUBLIC_CACHE_MAX_BYTES },
    webhookSecret: e.MARKETPLACE_WEBHOOK_SECRET,
    redisUrl: e.REDIS_URL,
    adminKey: e.GATEWAY_ADMIN_KEY,
    persistedDocuments: { path: e.PERSISTED_DOCUMENTS, only: e.PERSISTED_DOCUMENTS_ONLY },
    graphiql: e.GRAPHIQL && !production,
    // Unset INTROSPECTION means on in development and off in production.
    introspection: source.INTROSPECTION === undefined || source.INTROSPECTION === '' ? !production : e.INTROSPECTION,
    exposeCost: source.EXPOSE_COST === undefined || source.EXPOSE_COST === '' ? !production : e.EXPOSE_COST,
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
    tracing: tracingConfig(e),
  };
}

function tracingConfig(e: Env): TracingConfig | undefined {
  const url = e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? (e.OTEL_EXPORTER_OTLP_ENDPOINT ? `${e.OTEL_EXPORTER_OTLP_ENDPOINT.replace(/\/+$/, '')}/v1/traces` : undefined);
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
