/**
 * Prometheus metrics (prom-client) on one registry: GraphQL requests, upstream
 * calls per upstream and operation, and breaker states. Labels never carry a
 * credential or an argument value, only names and status classes.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const registry = new Registry();
collectDefaultMetrics({ register: registry });

const latencyBuckets = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

const graphqlRequests = new Counter({
  name: 'gateway_graphql_requests_total',
  help: 'GraphQL operations executed, by operation type and outcome (ok, error, cancelled: the caller left); a subscription counts once, when it is set up.',
  labelNames: ['operation_type', 'outcome'] as const,
  registers: [registry],
});

const graphqlDuration = new Histogram({
  name: 'gateway_graphql_request_duration_seconds',
  help: 'Wall time of a GraphQL operation from parse to result.',
  labelNames: ['operation_type'] as const,
  buckets: latencyBuckets,
  registers: [registry],
});

/**
 * Each label set's counter and histogram, found once: prom-client hashes a labels object on every `inc` or
 * `observe` given one, per request here. Bounded: four operation types, three outcomes.
 */
const operationCounters = new Map<string, { inc(): void }>();
const operationTimers = new Map<string, { observe(value: number): void }>();

/** One GraphQL operation done (or a subscription set up), by its type and outcome; timed when `seconds` is given. */
export function countOperation(operationType: string, outcome: 'ok' | 'error' | 'cancelled', seconds?: number): void {
  const key = `${operationType} ${outcome}`;
  let counter = operationCounters.get(key);
  if (!counter) operationCounters.set(key, (counter = graphqlRequests.labels(operationType, outcome)));
  counter.inc();
  if (seconds === undefined) return;
  let timer = operationTimers.get(operationType);
  if (!timer) operationTimers.set(operationType, (timer = graphqlDuration.labels(operationType)));
  timer.observe(seconds);
}

/** Unhandled rejections and uncaught exceptions (src/process-guard.ts): each one is a bug. */
export const bugs = new Counter({
  name: 'gateway_bugs_total',
  help: 'Unhandled promise rejections and uncaught exceptions: each is a bug, logged with its stack.',
  labelNames: ['kind'] as const,
  registers: [registry],
});

const upstreamCalls = new Counter({
  name: 'gateway_upstream_requests_total',
  help: 'Upstream HTTP calls by upstream, operation and status class (2xx, 4xx, 5xx, error).',
  labelNames: ['upstream', 'operation', 'status'] as const,
  registers: [registry],
});

const upstreamDuration = new Histogram({
  name: 'gateway_upstream_request_duration_seconds',
  help: 'Latency of upstream HTTP calls, including the body.',
  labelNames: ['upstream'] as const,
  buckets: latencyBuckets,
  registers: [registry],
});

export const breakerGauge = new Gauge({
  name: 'gateway_upstream_circuit_state',
  help: 'Circuit breaker state per upstream: 0 closed, 1 half-open, 2 open.',
  labelNames: ['upstream'] as const,
  registers: [registry],
});

const upstreamRetries = new Counter({
  name: 'gateway_upstream_retries_total',
  help: 'GET retries after a transport failure, 502/503/504, or a 429/503 with a Retry-After that fit the deadline.',
  labelNames: ['upstream'] as const,
  registers: [registry],
});

const upstreamShortCircuits = new Counter({
  name: 'gateway_upstream_short_circuits_total',
  help: 'Calls refused without reaching the upstream because its circuit was open.',
  labelNames: ['upstream'] as const,
  registers: [registry],
});

/** Requests refused before execution, by reason (depth, aliases, cost, rate, body...). */
export const rejectedRequests = new Counter({
  name: 'gateway_rejected_requests_total',
  help: 'Requests refused before any upstream call, by reason.',
  labelNames: ['reason'] as const,
  registers: [registry],
});

const BREAKER_VALUE = { closed: 0, 'half-open': 1, open: 2 } as const;

// Every upstream call records both metrics; prom-client hashes a label object on each call, so
// the labelled children are looked up once per label combination (a few hundred at most) and kept,
// by upstream, then operation (row ids: strings made once), then status class: no key is built per call.
type CallCounters = Record<string, { inc(): void } | undefined>;
const STATUS_CLASSES: readonly string[] = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];
const callCounters = new Map<string, Map<string, CallCounters>>();
const durationHistograms = new Map<string, { observe(value: number): void }>();

function statusClassOf(status: number | undefined): string {
  if (status === undefined) return 'error';
  return STATUS_CLASSES[Math.floor(status / 100)] ?? `${Math.floor(status / 100)}xx`;
}

export const upstreamMetrics = {
  observe(upstream: string, operation: string, status: number | undefined, seconds: number): void {
    const statusClass = statusClassOf(status);
    let byOperation = callCounters.get(upstream);
    if (!byOperation) callCounters.set(upstream, (byOperation = new Map()));
    let counters = byOperation.get(operation);
    if (!counters) byOperation.set(operation, (counters = {}));
    (counters[statusClass] ??= upstreamCalls.labels(upstream, operation, statusClass)).inc();
    let histogram = durationHistograms.get(upstream);
    if (!histogram) durationHistograms.set(upstream, (histogram = upstreamDuration.labels(upstream)));
    histogram.observe(seconds);
  },
  retried(upstream: string): void {
    upstreamRetries.inc({ upstream });
  },
  rejected(upstream: string): void {
    upstreamShortCircuits.inc({ upstream });
  },
  breakerChanged(upstream: string, state: keyof typeof BREAKER_VALUE): void {
    breakerGauge.set({ upstream }, BREAKER_VALUE[state]);
  },
};

/** Outcomes of a read through the shared public cache (src/upstreams/public-cache/). */
export type CacheResult = 'hit' | 'miss' | 'stale' | 'revalidated' | 'coalesced' | 'bypass';

const cacheRequests = new Counter({
  name: 'gateway_cache_requests_total',
  help: 'Upstream reads by cache outcome: hit (fresh), miss (fetched), stale (served past freshness), revalidated (304), coalesced (joined a call in flight), bypass (sent with a credential, never cached).',
  labelNames: ['upstream', 'operation', 'result'] as const,
  registers: [registry],
});
const cacheCounters = new Map<string, { inc(): void }>();

export function countCacheRequest(upstream: string, operation: string, result: CacheResult): void {
  const key = `${upstream} ${operation} ${result}`;
  let counter = cacheCounters.get(key);
  if (!counter) cacheCounters.set(key, (counter = cacheRequests.labels(upstream, operation, result)));
  counter.inc();
}

/** Outcomes of a GraphQL operation's look-up in the response cache (src/plugins/use-response-cache.ts). */
export type ResponseCacheResult = 'hit' | 'miss';

const responseCacheRequests = new Counter({
  name: 'gateway_response_cache_requests_total',
  help: 'GraphQL operations by response cache outcome: hit (answered whole from the cache, no execution, no upstream call), miss (executed).',
  labelNames: ['result'] as const,
  registers: [registry],
});
const responseCacheCounters = { hit: responseCacheRequests.labels('hit'), miss: responseCacheRequests.labels('miss') };

export function countResponseCache(result: ResponseCacheResult): void {
  responseCacheCounters[result].inc();
}

const responseCacheStores = new Counter({
  name: 'gateway_response_cache_stored_total',
  help: 'Whole answers stored in the response cache (every upstream answer they used was a fresh public one).',
  registers: [registry],
});

export function countResponseCacheStore(): void {
  responseCacheStores.inc();
}
