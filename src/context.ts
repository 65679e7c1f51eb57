/**
 * The per-request context: the request-bound clients (each holding only its
 * own upstream's credential, and its per-request read cache), and the request's deadline signal, which
 * aborts every upstream call still running when the caller leaves, the
 * result has been produced, or the request's deadline passes. Caller-supplied
 * values that travel further (credentials, Idempotency-Key, X-Request-Id) are
 * shape-checked here, once.
 */
import { setMaxListeners } from 'node:events';
import type { YogaInitialContext } from 'graphql-yoga';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import type { ReferenceData, ReferenceUse } from './reference-data.js';
import type { EventBus } from './webhooks/events.js';
import { bindClients, type Clients, type Credentials, type UpstreamPools } from './upstreams/index.js';
import type { RequestBinding } from './upstreams/wire.js';
import { CallBudget } from './upstreams/call-budget.js';
import { PublicReads } from './upstreams/public-cache/public-reads.js';
import { carryRequestTrace, operationTrace, requestTraceOf, type RequestTrace } from './tracing.js';

export interface GatewayContext extends YogaInitialContext {
  requestId: string;
  /** The three clients, each holding only its own upstream's credential: nothing else in the request sees one. */
  clients: Clients;
  reference: ReferenceData;
  /** How long the reference data this operation read stays fresh (src/plugins/use-cache-headers.ts, use-response-cache.ts). */
  referenceUse: ReferenceUse;
  /** Marketplace webhook events, for subscriptions. */
  events: EventBus;
  config: Config;
  /** The process logger; a line about this request carries its `requestId` (a child logger per request showed in profiles). */
  logger: Logger;
  signal: AbortSignal;
  deadlineAt: number;
  /** Upstream calls this operation made, and may make (set by the cost limit, src/plugins/use-query-limits.ts). */
  budget: CallBudget;
  /** The upstream answers this operation was built from: whether and how long its whole answer may be shared (src/plugins/use-response-cache.ts). */
  publicReads: PublicReads;
  /** Cancels every upstream call of this request still running (the result has been produced). */
  finish(): void;
  /** With tracing on, this operation's trace (src/request-trace.ts `operationTrace`). */
  trace?: RequestTrace;
}

export interface ContextDeps {
  config: Config;
  events: EventBus;
  pools: UpstreamPools;
  reference: ReferenceData;
  logger: Logger;
}

/** What reading a request's headers needs: a Fetch Request, or the front door's view of a Node request (src/front-door.ts). */
export interface HeaderSource {
  headers: { get(name: string): string | null };
}

const header = (request: HeaderSource, name: string): string | undefined => {
  const value = request.headers.get(name)?.trim();
  return value ? value : undefined;
};

/**
 * A value forwarded upstream as (part of) a header or parameter: visible
 * ASCII only and bounded, so it can never split a header, smuggle a control
 * character, or make the HTTP client throw (which would look like an upstream
 * failure and count against its circuit breaker for everyone).
 */
const FORWARDABLE = /^[\x21-\x7e]{1,4096}$/;
const forwardable = (value: string | undefined): string | undefined => (value && FORWARDABLE.test(value) ? value : undefined);

/** Reads the three credentials (README, "Credentials"); an empty or malformed header counts as absent. */
export function readCredentials(request: HeaderSource): Credentials {
  const authorization = header(request, 'authorization');
  const bearer = authorization ? /^Bearer\s+(\S+)\s*$/i.exec(authorization)?.[1] : undefined;
  return {
    marketplaceToken: forwardable(bearer),
    seoApiKey: forwardable(header(request, 'x-seo-api-key')),
    itemsApiKey: forwardable(header(request, 'x-items-api-key')),
  };
}

/** A caller's Idempotency-Key, forwarded on mutations only when it is a plausible key. */
const idempotencyKeyOf = (request: Request): string | undefined => {
  const value = forwardable(header(request, 'idempotency-key'));
  return value && value.length <= 255 ? value : undefined;
};

/** Each request's id, decided once: by the log scope (src/plugins/use-request-id.ts) or the context, whichever asks first. */
const requestIds = new WeakMap<Request, string>();

/** X-Request-Id when it is a plain token (it lands in every log line), else a fresh UUID. */
export const requestIdOf = (request: Request): string => {
  let id = requestIds.get(request);
  if (id === undefined) requestIds.set(request, (id = newRequestId(request)));
  return id;
};

/**
 * `replacement` is served in `request`'s place from here on (a plugin handing Yoga an equivalent request, as the
 * body limit does with a chunked body read whole): the same request id, and the same trace.
 */
export function carryRequest(request: Request, replacement: Request): void {
  requestIds.set(replacement, requestIdOf(request));
  carryRequestTrace(request, replacement);
}

/** A request's id by the rules of `requestIdOf`, decided anew: for a request that never becomes a Fetch Request (src/front-door.ts). */
export function newRequestId(request: HeaderSource): string {
  const value = header(request, 'x-request-id');
  return value && /^[\w.:-]{1,64}$/.test(value) ? value : crypto.randomUUID();
}

/** Shared reasons: building a DOMException (it captures a stack) per request showed in profiles. */
const REQUEST_ENDED = new DOMException('The GraphQL request has ended', 'AbortError');
/** Named TimeoutError, which is how UpstreamHttp tells a passed deadline from a caller that left. */
const DEADLINE_PASSED = new DOMException('The GraphQL request passed its deadline', 'TimeoutError');

export function createContextFactory(deps: ContextDeps) {
  return (initial: YogaInitialContext): Omit<GatewayContext, keyof YogaInitialContext> => {
    const { request } = initial;
    const credentials = readCredentials(request);
    const deadlineAt = Date.now() + deps.config.requestDeadlineMs;
    // One controller per request, aborted by whichever comes first: the deadline, the caller
    // leaving, or the result being ready (finish). AbortSignal.timeout + AbortSignal.any did the
    // same with three signals and showed in profiles of small requests.
    const controller = new AbortController();
    const signal = controller.signal;
    const deadline = setTimeout(() => controller.abort(DEADLINE_PASSED), deps.config.requestDeadlineMs);
    deadline.unref();
    const callerSignal = request.signal as AbortSignal | undefined;
    if (callerSignal) {
      if (callerSignal.aborted) controller.abort(callerSignal.reason);
      else callerSignal.addEventListener('abort', () => controller.abort(callerSignal.reason), { once: true });
    }
    // Every upstream call of the request listens on this one signal; a wide query makes
    // hundreds (bounded by MAX_COST), which is expected, not a listener leak.
    setMaxListeners(deps.config.limits.cost + 10, signal);
    const requestId = requestIdOf(request);
    const inFlight = { count: 0 };
    const budget = new CallBudget();
    const reads = new PublicReads();
    const referenceUse: ReferenceUse = { until: Number.POSITIVE_INFINITY };
    // With tracing on, the request's trace (opened by use-tracing.ts), as this operation's, parents every upstream call's CLIENT span.
    const trace = operationTrace(requestTraceOf(request));
    const binding: RequestBinding = {
      signal,
      deadlineAt,
      idempotencyKey: idempotencyKeyOf(request),
      requestId,
      trace,
      inFlight,
      budget,
      reads,
    };
    const clients = bindClients(deps.pools, credentials, binding, {
      itemsBatchThreshold: deps.config.itemsBatchThreshold,
      validateConcurrency: deps.config.validatePurchaseConcurrency,
    });
    return {
      finish: () => {
        clearTimeout(deadline);
        // Only a call still running (under a nulled field, or a prefetch nobody awaits) needs cancelling.
        if (inFlight.count > 0) controller.abort(REQUEST_ENDED);
      },
      requestId,
      clients,
      reference: deps.reference.viewFor(trace, referenceUse),
      referenceUse,
      events: deps.events,
      config: deps.config,
      logger: deps.logger,
      signal,
      deadlineAt,
      budget,
      publicReads: reads,
      trace,
    };
  };
}
