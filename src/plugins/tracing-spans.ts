/**
 * The span pieces the tracing plugin (use-tracing.ts) and the spans made outside Yoga's hooks (graphql-ws
 * operations, front-door hits) share: a request's SERVER span, the GraphQL phases' spans, and what is recorded
 * on them (the operation's type and name, the errors' codes).
 */
import { SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type Tracer } from '@opentelemetry/api';
import { getOperationAST, type GraphQLError } from 'graphql';
import { activeTracer, sampledOut, type RequestTrace } from '../tracing.js';
import { clip } from '../logger.js';

/** A request's SERVER span; the path named only when it is one of ours (any other is the caller's text), never the query. */
export function startServerSpan(
  tracer: Tracer,
  method: string,
  scheme: string,
  route: string | undefined,
  parent: Context,
  startTime?: number,
): Span {
  const attributes: Attributes = { 'http.request.method': method, 'url.scheme': scheme };
  if (route) {
    attributes['http.route'] = route;
    attributes['url.path'] = route;
  }
  return tracer.startSpan(route ? `${method} ${route}` : method, { kind: SpanKind.SERVER, attributes, startTime }, parent);
}

/**
 * Opens a GraphQL phase's span, child of the request's SERVER span (or a graphql-ws operation's), for the trace of
 * its request or of its operation (`operationTrace`), whose phases are its request's; undefined (no
 * span) while tracing is off, for a context of no traced request, or an unsampled one. An operation's phase
 * (`parents`) becomes the parent of the upstream calls made while and after it runs (a subscription's resolvers
 * run after `subscribe` has returned its stream).
 */
export function startPhase(name: string, trace$: RequestTrace, parents = false): Span | undefined {
  const tracer = activeTracer();
  if (!tracer) return undefined;
  const parent = trace$.server;
  if (sampledOut(parent)) return undefined;
  const span = tracer.startSpan(name, { kind: SpanKind.INTERNAL }, parent);
  const request = trace$.request ?? trace$;
  if (parents) {
    trace$.current = trace.setSpan(parent, span);
    // The request's too, for its log lines (found by request id): in a batch, the operation begun last.
    request.current = trace$.current;
  }
  (request.phases ??= new Set()).add(span);
  return span;
}

/** Ends a phase's span once, in error when it failed (a parse's error is its result). */
export function endPhase(trace$: RequestTrace, span: Span, error?: unknown): void {
  if (!(trace$.request ?? trace$).phases?.delete(span)) return;
  if (error !== undefined) span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.name : 'error' });
  span.end();
}

/** Ends, in error, the phases of a request that threw past their done hooks (Envelop calls none then). */
export function endUnfinished(requestTrace: RequestTrace): void {
  for (const span of requestTrace.phases ?? []) endPhase(requestTrace, span, new Error('unfinished'));
}

/** An operation name is the caller's text: cut here, so a span's name (which no span limit bounds) stays short too. */
const OPERATION_NAME_CHARS = 256;

/** Per document (Yoga's parse cache hands the same object to every request sending its text) and operation name. */
const attributesByDocument = new WeakMap<object, Map<string, Attributes>>();

export function operationAttributes(document: Parameters<typeof getOperationAST>[0], operationName: string | null | undefined): Attributes {
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
export function recordErrors(span: Span | undefined, errors: readonly GraphQLError[] | undefined): void {
  if (!span || !errors?.length) return;
  const codes = [...new Set(errors.map((error) => String(error.extensions?.code ?? 'INTERNAL_SERVER_ERROR')))];
  span.setAttribute('gateway.error.codes', codes);
  span.setStatus({ code: SpanStatusCode.ERROR, message: codes.join(',') });
}
