/**
 * Spans for the gateway's side of a request (src/tracing.ts says when tracing is on):
 * - one SERVER span per HTTP request, continuing the caller's W3C `traceparent`/`tracestate`;
 * - `graphql.parse`, `graphql.validate`, `graphql.execute` / `graphql.subscribe` below it
 *   (parse and validate only when they run: a document Yoga's parse cache answers was
 *   parsed and validated by an earlier request, and a span of a cache lookup, two of a
 *   small request's four or five, would cost more than it tells);
 * - for a subscription, one span per delivered event, in a trace of its own and linked
 *   to the `graphql.subscribe` span (a subscription can live for hours; one trace per
 *   event keeps each readable).
 * The upstream CLIENT spans are opened in src/upstreams/upstream-span.ts, under the running
 * `graphql.execute`/`graphql.subscribe` span. Each parent is passed explicitly, through the request's
 * RequestTrace (src/tracing.ts says why there is no context manager). Only names, types, codes and
 * statuses are recorded: never the document, variables or headers, which can hold a credential.
 */
import {
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
  type Attributes,
  type Span,
  type SpanContext,
  type TextMapGetter,
} from '@opentelemetry/api';
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import type { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { requestIdOf, type GatewayContext } from '../context.js';
import { activeTracer, beginRequestTrace, endRequestTrace, requestTraceOf, sampledOut, type RequestTrace } from '../tracing.js';
import { endPhase, endUnfinished, operationAttributes, recordErrors, startPhase, startServerSpan } from './tracing-spans.js';

/** Fixed paths only, so a span name never carries a caller's made-up path. */
const ROUTES = new Set(['/graphql', '/healthz', '/readyz', '/metrics', '/webhooks/marketplace']);

const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

export interface TracingOptions {
  /** This endpoint's GraphQL path when it is not /graphql (the federation subgraph's), named like the fixed routes. */
  endpoint?: string;
  /** A path this Yoga hands whole to another (the subgraph's), whose own tracing opens its SERVER span. */
  handedOff?: string;
  /** Yoga's parse cache (src/document-cache.ts): a document it holds is neither parsed nor validated again. */
  documentCache?: { has(text: string): boolean };
}

/** Operations whose document the parse cache answered, so validation is answered from Yoga's cache too. */
const cachedDocuments = new WeakSet<object>();

/**
 * One instrumentation wrapper, around the whole request, for its SERVER span: it ends whatever becomes of the
 * request, answered by Yoga's own plugins before ours (CORS preflights), or failed in an onRequest hook (a chunked
 * body abandoned halfway), where no onResponse runs. The GraphQL phases' spans open from hooks, not from Yoga's
 * and Envelop's wrappers (a chain of closures and promises per phase, docs/benchmarks.md "Spans opened from
 * hooks"): a phase's span opens in its hook and ends in the hook's done callback; a phase that throws past its
 * done callback (Envelop calls none then) is ended, in error, with its request (`endUnfinished`). This plugin
 * is first, so its phase hooks open before every other plugin's and its done callbacks run before theirs: a
 * phase's span holds the phase and the other plugins' opening hooks, not their done callbacks.
 */
export function useTracing({ endpoint, handedOff, documentCache }: TracingOptions = {}): Plugin<GatewayContext> {
  /** Whether this operation's text is in the parse cache; asked before parsing, which would add it. */
  const answeredFromCache = (context: { params?: { query?: unknown } }): boolean => {
    const text = context.params?.query;
    const cached = typeof text === 'string' && documentCache?.has(text) === true;
    // A batch's operations share one context: each parse decides for the validation after it.
    if (cached) cachedDocuments.add(context);
    else cachedDocuments.delete(context);
    return cached;
  };
  return {
    instrumentation: {
      request({ request }, wrapped) {
        const tracer = activeTracer();
        if (!tracer) return wrapped();
        const { scheme, path } = schemeAndPath(request.url);
        if (path === handedOff) return wrapped();
        const route = ROUTES.has(path) || path === endpoint ? path : undefined;
        const parent = propagation.extract(ROOT_CONTEXT, request.headers, headerGetter);
        const span = startServerSpan(tracer, request.method, scheme, route, parent, handedOnArrival);
        const requestId = requestIdOf(request);
        const requestTrace = beginRequestTrace(request, trace.setSpan(parent, span), requestId);
        return within(span, wrapped, () => letGo(requestTrace, requestId));
      },
    },
    onResponse({ request, response }) {
      // The request's trace, carried to a request handed on in its place (src/context.ts `carryRequest`).
      const requestTrace = requestTraceOf(request);
      const span = requestTrace && trace.getSpan(requestTrace.server);
      if (!span) return;
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    },
    onParse({ context }) {
      const requestTrace = activeTracer() && traceOf(context);
      // Sampled first: an unsampled request makes no span, and needs no look-up in the parse cache to decide.
      if (!requestTrace || sampledOut(requestTrace.server) || answeredFromCache(context)) return;
      const span = startPhase('graphql.parse', requestTrace);
      return span && (({ result }) => endPhase(requestTrace, span, result instanceof Error ? result : undefined));
    },
    onValidate({ context }) {
      if (cachedDocuments.has(context)) return;
      const requestTrace = traceOf(context);
      const span = requestTrace && startPhase('graphql.validate', requestTrace);
      return span && (() => endPhase(requestTrace, span));
    },
    onExecute({ args }) {
      const requestTrace = traceOf(args.contextValue);
      const span = requestTrace && startPhase('graphql.execute', requestTrace, true);
      if (!span) return;
      span.setAttributes(operationAttributes(args.document, args.operationName));
      return {
        onExecuteDone: ({ result }) => {
          recordErrors(span, 'errors' in result ? result.errors : undefined);
          endPhase(requestTrace, span);
        },
      };
    },
    onSubscribe({ args }) {
      const requestTrace = traceOf(args.contextValue);
      const span = requestTrace && startPhase('graphql.subscribe', requestTrace, true);
      if (!span) return;
      const operation = operationAttributes(args.document, args.operationName);
      span.setAttributes(operation);
      const link = span.spanContext();
      return {
        onSubscribeResult: () => {
          endPhase(requestTrace, span);
          let delivered = 0;
          return { onNext: ({ result: event }) => deliveredEvent(operation, link, ++delivered, event.errors) };
        },
      };
    },
  };
}

/** When each request the front door reads arrived (while tracing is on): the start of its SERVER span if it answers it. */
const arrivals = new WeakMap<IncomingMessage, number>();

/** The arrival of the request the front door is handing to Yoga at this moment (`handOnTraced`), else undefined. */
let handedOnArrival: number | undefined;

/**
 * Hands a request the front door read to Yoga (`next`), so that its SERVER span starts at its arrival: the front
 * door's share (the rate limit's token, the body, the look-up, each possibly waiting on Redis) inside it, as on
 * Yoga's path. Yoga's adapter reaches the request wrapper synchronously, within this call.
 */
export function handOnTraced(req: IncomingMessage, res: ServerResponse, next: RequestListener): void {
  handedOnArrival = arrivals.get(req);
  try {
    next(req, res);
  } finally {
    handedOnArrival = undefined;
  }
}

/** Notes a request's arrival at the front door (src/front-door.ts), where tracing is on. */
export function noteArrival(req: IncomingMessage): void {
  if (activeTracer()) arrivals.set(req, performance.now());
}

/**
 * The SERVER span of a request the front door answered before Yoga, as onRequest and onResponse record it on
 * Yoga's path: from its arrival to now, continuing its traceparent.
 */
export function recordAnsweredBeforeYoga(req: IncomingMessage, route: string, status: number): void {
  const tracer = activeTracer();
  if (!tracer) return;
  const parent = propagation.extract(ROOT_CONTEXT, req.headers);
  const span = startServerSpan(tracer, req.method!, 'http', route, parent, arrivals.get(req) ?? performance.now());
  span.setAttribute('http.response.status_code', status);
  span.end(performance.now());
}

/** The trace a GraphQL context serves: its operation's (src/request-trace.ts `operationTrace`) once built, else its request's. */
function traceOf(context: { request?: Request; trace?: RequestTrace } | undefined): RequestTrace | undefined {
  return context?.trace ?? requestTraceOf(context?.request);
}

/** A request (or graphql-ws operation) is over: the phases a throw left open end, and its log lines stop finding its trace. */
function letGo(requestTrace: RequestTrace, requestId: string): void {
  endUnfinished(requestTrace);
  endRequestTrace(requestTrace, requestId);
}

/** A graphql-ws operation's SERVER span, and `release`, which stops its log lines finding its trace by request id. */
export interface WebSocketOperationSpan {
  span: Span;
  release(): void;
}

/**
 * A graphql-ws operation's SERVER span, continuing a `traceparent` from connectionParams or the upgrade request,
 * as the trace of `request` (the one its GraphQL context is built with).
 */
export function startWebSocketOperationSpan(carrier: Record<string, string>, request: Request): WebSocketOperationSpan | undefined {
  const tracer = activeTracer();
  if (!tracer) return undefined;
  const parent = propagation.extract(ROOT_CONTEXT, carrier);
  const span = tracer.startSpan(
    'graphql-ws operation',
    { kind: SpanKind.SERVER, attributes: { 'network.protocol.name': 'websocket', 'url.path': '/graphql' } },
    parent,
  );
  const requestId = requestIdOf(request);
  const requestTrace = beginRequestTrace(request, trace.setSpan(parent, span), requestId);
  return { span, release: () => letGo(requestTrace, requestId) };
}

/** Runs a graphql-ws operation, its SERVER span (if any) ended when its result (or, for a subscription, its stream) is ready. */
export function runWebSocketOperation<T>(operation: WebSocketOperationSpan | undefined, run: () => T): T {
  return operation ? within(operation.span, run, operation.release) : run();
}

/** Ends a graphql-ws operation refused before it ran (syntax, validation, limits), with the errors' codes. */
export function endRefusedOperation(operation: WebSocketOperationSpan | undefined, errors: readonly GraphQLError[]): void {
  if (!operation) return;
  recordErrors(operation.span, errors);
  operation.span.end();
  operation.release();
}

/** One delivered subscription event: a span of its own trace, linked to the subscription's `graphql.subscribe` span. */
function deliveredEvent(
  operation: Attributes,
  link: SpanContext | undefined,
  number: number,
  errors: readonly GraphQLError[] | undefined,
): void {
  const tracer = activeTracer();
  if (!tracer) return;
  const span = tracer.startSpan(`subscription event ${String(operation['graphql.operation.name'] ?? '')}`.trim(), {
    kind: SpanKind.SERVER,
    root: true,
    links: link ? [{ context: link }] : [],
    attributes: { ...operation, 'gateway.subscription.event': number },
  });
  recordErrors(span, errors);
  span.end();
}

/**
 * The scheme and path of a request's absolute URL (the server's own, `scheme://host[:port]/path[?query]`), read
 * without building a URL object: the path is compared with fixed routes only, so an unusual one is merely not a route.
 */
export function schemeAndPath(url: string): { scheme: string; path: string } {
  const colon = url.indexOf(':');
  const slash = url.indexOf('/', url.indexOf('//') + 2);
  if (colon <= 0 || slash < 0) return { scheme: colon > 0 ? url.slice(0, colon) : '', path: '/' };
  const query = url.indexOf('?', slash);
  const hash = url.indexOf('#', slash);
  const end = Math.min(query < 0 ? url.length : query, hash < 0 ? url.length : hash);
  return { scheme: url.slice(0, colon), path: url.slice(slash, end) };
}

/** Runs `wrapped` and ends `span` (then calls `after`) when it is done, synchronously or not. */
function within<T>(span: Span, wrapped: () => T, after?: () => void): T {
  // On the performance clock: a span given its start (`handedOnArrival`) would otherwise end on Date.now()'s.
  const end = () => {
    span.end(performance.now());
    after?.();
  };
  let result: T;
  try {
    result = wrapped();
  } catch (error) {
    span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
    end();
    throw error;
  }
  // Yoga often returns already-settled thenables that are not Promises: any `then` counts.
  if (isThenable(result)) {
    return result.then(
      (value: unknown) => {
        end();
        return value;
      },
      (error: unknown) => {
        span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
        end();
        throw error;
      },
    ) as T;
  }
  end();
  return result;
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | undefined)?.then === 'function';
}
