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
import { getOperationAST, type GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { requestIdOf, type GatewayContext } from '../context.js';
import { activeTracer, beginRequestTrace, endRequestTrace, requestTraceOf, sampledOut, type RequestTrace } from '../tracing.js';
import { clip } from '../logger.js';

/** Fixed paths only, so a span name never carries a caller's made-up path. */
const ROUTES = new Set(['/graphql', '/healthz', '/readyz', '/metrics', '/webhooks/marketplace']);

const headerGetter: TextMapGetter<Headers> = {
  get: (headers, key) => headers.get(key) ?? undefined,
  keys: (headers) => [...headers.keys()],
};

/** SERVER spans of requests in flight, so onResponse can record the status on the right one. */
const serverSpans = new WeakMap<Request, Span>();

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
        // The path only when it is one of ours: any other is the caller's text, and never the query string.
        const attributes: Attributes = { 'http.request.method': request.method, 'url.scheme': scheme };
        if (route) {
          attributes['http.route'] = route;
          attributes['url.path'] = route;
        }
        const span = tracer.startSpan(route ? `${request.method} ${route}` : request.method, { kind: SpanKind.SERVER, attributes }, parent);
        serverSpans.set(request, span);
        const requestId = requestIdOf(request);
        const requestTrace = beginRequestTrace(request, trace.setSpan(parent, span), requestId);
        return within(span, wrapped, () => endRequestTrace(requestTrace, requestId));
      },
      parse: ({ context }, wrapped) =>
        activeTracer() && answeredFromCache(context) ? wrapped() : phase('graphql.parse', traceOf(context), wrapped),
      validate: ({ context }, wrapped) => (cachedDocuments.has(context) ? wrapped() : phase('graphql.validate', traceOf(context), wrapped)),
      execute: ({ context }, wrapped) => phase('graphql.execute', traceOf(context), wrapped, true),
      subscribe: ({ context }, wrapped) => phase('graphql.subscribe', traceOf(context), wrapped, true),
    },
    onResponse({ request, response }) {
      const span = serverSpans.get(request);
      if (!span) return;
      serverSpans.delete(request);
      span.setAttribute('http.response.status_code', response.status);
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    },
    onExecute({ args }) {
      const requestTrace = activeTracer() && traceOf(args.contextValue);
      if (!requestTrace || sampledOut(requestTrace.current)) return;
      const span = trace.getSpan(requestTrace.current);
      const operation = operationAttributes(args.document, args.operationName);
      span?.setAttributes(operation);
      return { onExecuteDone: ({ result }) => recordErrors(span, 'errors' in result ? result.errors : undefined) };
    },
    onSubscribe({ args }) {
      const requestTrace = activeTracer() && traceOf(args.contextValue);
      if (!requestTrace || sampledOut(requestTrace.current)) return;
      const subscribeSpan = trace.getSpan(requestTrace.current);
      const operation = operationAttributes(args.document, args.operationName);
      subscribeSpan?.setAttributes(operation);
      const link = subscribeSpan?.spanContext();
      return {
        onSubscribeResult: () => {
          let delivered = 0;
          return {
            onNext: ({ result }) => deliveredEvent(operation, link, ++delivered, result.errors),
          };
        },
      };
    },
  };
}

/** The trace of the request a GraphQL context serves. */
function traceOf(context: { request?: Request } | undefined): RequestTrace | undefined {
  return requestTraceOf(context?.request);
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
  return { span, release: () => endRequestTrace(requestTrace, requestId) };
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

/**
 * A span around one GraphQL phase, child of the request's SERVER span (or a graphql-ws operation's). An
 * operation's phase (`parents`) becomes the parent of the upstream calls made while and after it runs (a
 * subscription's resolvers run after `subscribe` has returned its stream).
 */
function phase<T>(name: string, requestTrace: RequestTrace | undefined, wrapped: () => T, parents = false): T {
  const tracer = activeTracer();
  if (!tracer || !requestTrace) return wrapped();
  const parent = requestTrace.server;
  if (sampledOut(parent)) return wrapped();
  const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL }, parent);
  if (parents) requestTrace.current = trace.setSpan(parent, span);
  return within(span, wrapped);
}

/** Runs `wrapped` and ends `span` (then calls `after`) when it is done, synchronously or not. */
export function within<T>(span: Span, wrapped: () => T, after?: () => void): T {
  const end = () => {
    span.end();
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

/** An operation name is the caller's text: cut here, so a span's name (which no span limit bounds) stays short too. */
const OPERATION_NAME_CHARS = 256;

/** Per document (Yoga's parse cache hands the same object to every request sending its text) and operation name. */
const attributesByDocument = new WeakMap<object, Map<string, Attributes>>();

function operationAttributes(document: Parameters<typeof getOperationAST>[0], operationName: string | null | undefined): Attributes {
  let byName = attributesByDocument.get(document);
  if (!byName) attributesByDocument.set(document, (byName = new Map()));
  const known = byName.get(operationName ?? '');
  if (known) return known;
  const operation = getOperationAST(document, operationName);
  const attributes: Attributes = {
    'graphql.operation.type': operation?.operation ?? 'unknown',
    ...(operation?.name?.value && { 'graphql.operation.name': clip(operation.name.value, OPERATION_NAME_CHARS) }),
  };
  // Bounded by the document's own operations: any other name the caller sends is not one of them, and not kept.
  if (operation) byName.set(operationName ?? '', attributes);
  return attributes;
}

/** Error status and the errors' codes (never their messages, which may quote input). */
function recordErrors(span: Span | undefined, errors: readonly GraphQLError[] | undefined): void {
  if (!span || !errors?.length) return;
  const codes = [...new Set(errors.map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR')))];
  span.setAttribute('gateway.error.codes', codes);
  span.setStatus({ code: SpanStatusCode.ERROR, message: codes.join(',') });
}
