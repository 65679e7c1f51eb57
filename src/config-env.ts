/**
 * The environment variables, one zod field each with its default and what it
 * does (README, "Configuration"). src/config.ts turns the parsed values into
 * the typed Config the rest of the gateway reads.
 */
import { z } from 'zod';
import { originProblem } from './config-secrets.js';

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalPositiveInt = z.union([z.literal('').transform(() => undefined), z.coerce.number().int().positive()]).optional();
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
/** A secret: unset or empty is absent (an empty HMAC key would sign anything anyone can compute). */
const optionalSecret = z
  .string()
  .optional()
  .transform((value) => (value ? value : undefined));
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', ''])
    .optional()
    .transform((value) => (value === undefined || value === '' ? fallback : value === 'true' || value === '1'));

export const envSchema = z.object({
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
  /** Bytes of upstream answers the process may be reading at once, all requests together; 0: no bound. */
  UPSTREAM_INFLIGHT_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
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
  PUBLIC_CACHE_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /**
   * The response cache (docs/caching.md): whole answers of shareable operations kept in this process (LRU by count;
   * with REDIS_URL in Redis instead). 0 (default) turns it off. It needs the public cache on (PUBLIC_CACHE_MAX_BYTES > 0).
   */
  RESPONSE_CACHE_MAX_ENTRIES: z.coerce.number().int().min(0).default(0),
  /** Bytes of answers the response cache keeps in this process (each counted as twice its JSON text); not with Redis. */
  RESPONSE_CACHE_MAX_BYTES: positiveInt(64 * 1024 * 1024),

  /** Unsafe values (src/config-secrets.ts) are refused in production and warned about elsewhere. */
  MARKETPLACE_WEBHOOK_SECRET: optionalSecret,
  /** Shares webhook events and their dedup across gateway instances (redis:// or rediss://). */
  REDIS_URL: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional())
    .optional(),
  /**
   * How long a Redis command may take before Redis counts as unavailable and each use takes its fallback
   * (docs/caching-redis.md): also the most a stalled Redis adds to a request.
   */
  REDIS_COMMAND_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(250),
  GATEWAY_ADMIN_KEY: optionalSecret,

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
  /**
   * Path of the federation subgraph endpoint (docs/federation.md), or `off`. Unset: /subgraph outside
   * production, off in production (its `_service { sdl }` hands out the schema even with introspection off).
   */
  SUBGRAPH_PATH: z
    .string()
    .trim()
    .transform((value) => (value === '' ? undefined : value))
    .pipe(
      z
        .string()
        .regex(/^(off|\/[\w\-/]*\w)$/, 'must be a path such as /subgraph, or off')
        .refine(
          (value) => !['/graphql', '/healthz', '/readyz', '/metrics', '/webhooks/marketplace'].includes(value),
          'must not be a path the gateway already serves',
        )
        .optional(),
    )
    .optional(),
  /** Automatic persisted queries (src/plugins/use-persisted-queries.ts): bytes of registered queries kept (LRU); 0 turns registration off. */
  APQ_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(16 * 1024 * 1024),
  /** The largest query text a client may register. */
  APQ_MAX_DOCUMENT_BYTES: positiveInt(64 * 1024),
  GRAPHIQL: bool(true),
  INTROSPECTION: bool(true),
  /** Add `extensions.cost = { estimated, actual }` (upstream calls) to every result; unset: on outside production. */
  EXPOSE_COST: bool(true),
  /**
   * A query document runs compiled (graphql-jit) from its Nth execution on (src/plugins/use-compiled-execution.ts);
   * 0: never. A compiled answer with an error is thrown away for Yoga's executor's; what else is guarded and what
   * still differs: README, COMPILE_AFTER_EXECUTIONS.
   */
  COMPILE_AFTER_EXECUTIONS: z.coerce.number().int().min(0).default(2),
  /** Full origins only (scheme://host[:port]); `*` is refused, since CORS here allows credentials. */
  CORS_ORIGINS: list.superRefine((origins, ctx) => {
    for (const origin of origins) {
      const problem = originProblem(origin);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
  }),
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
  RATE_LIMIT_PER_IP_PER_MINUTE: z.union([z.literal('').transform(() => undefined), z.coerce.number().int().min(0)]).optional(),
  /** Per minute per client IP for mobileLogin, mobileRegister, mobileForgotPassword; 0 turns it off. */
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  /** Open connections one client address may hold (0: no cap). Behind a proxy, the proxy's own address is what is counted. */
  MAX_CONNECTIONS_PER_IP: z.coerce.number().int().min(0).default(128),
  /** A request's headers must arrive within this long, or it is answered 408 and closed (slow-header clients). */
  HEADERS_TIMEOUT_MS: positiveInt(10_000),
  /** Reverse proxies in front of the gateway whose X-Forwarded-For entries identify the client (0: use the socket). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),

  /**
   * On SIGTERM/SIGINT, how long in-flight requests may take to finish once the listener is closed;
   * what is still open then is cut. An orchestrator's kill timeout must exceed SHUTDOWN_DELAY_MS + this.
   */
  SHUTDOWN_GRACE_MS: positiveInt(10_000),
  /**
   * On SIGTERM/SIGINT, how long the gateway keeps serving with /readyz answering 503 before it closes its
   * listener, so a load balancer that polls /readyz stops sending it traffic first (0: close at once).
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
  /** Processes serving the port on this machine (node:cluster); `auto` = one per CPU core available. */
  WORKERS: z
    .union([z.literal('auto'), z.coerce.number().int().min(1).max(256)], { error: 'must be a whole number from 1 to 256, or auto' })
    .default(1),

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
  /** One export's HTTP request, connection to answer; a collector that never answers is given up on after it. */
  OTEL_EXPORTER_OTLP_TIMEOUT: positiveInt(10_000),
  OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: optionalPositiveInt,
  // Span limits. The SDK's own defaults leave an attribute's length unbounded; ours bound every span to a few KB.
  /** Characters kept of a string attribute (of a span, event or link); the rest is cut. */
  OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: positiveInt(1024),
  OTEL_SPAN_ATTRIBUTE_VALUE_LENGTH_LIMIT: optionalPositiveInt,
  OTEL_ATTRIBUTE_COUNT_LIMIT: positiveInt(64),
  OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: optionalPositiveInt,
  OTEL_SPAN_EVENT_COUNT_LIMIT: positiveInt(64),
  OTEL_SPAN_LINK_COUNT_LIMIT: positiveInt(16),
  OTEL_SPAN_ATTRIBUTE_PER_EVENT_COUNT_LIMIT: positiveInt(16),
  OTEL_SPAN_ATTRIBUTE_PER_LINK_COUNT_LIMIT: positiveInt(16),
  /** `true` turns tracing off even with an endpoint set. */
  OTEL_SDK_DISABLED: bool(false),
});

export type Env = z.infer<typeof envSchema>;
