/**
 * Each traced request's trace context, passed explicitly to where spans, events and `traceparent`s are made
 * (src/tracing.ts says why there is no context manager): found by the request (its GraphQL context holds it),
 * bound to its upstream clients, and by request id for its log lines. No OpenTelemetry SDK here, so the
 * logger can ask without loading it.
 */
import type { Context, Span } from '@opentelemetry/api';

/**
 * The trace context of one request being served, passed explicitly to where spans and `traceparent`s are made.
 * A batch's operations share it (they share one request).
 */
export interface RequestTrace {
  /** The SERVER span's context: parent of the GraphQL phases. */
  readonly server: Context;
  /** Parent of upstream CLIENT spans and events: the running `graphql.execute`/`subscribe` span's, else the server's. */
  current: Context;
  /** GraphQL phase spans opened and not yet ended (use-tracing.ts): one a phase threw past ends with the request. */
  phases?: Set<Span>;
  /** An operation's trace (`operationTrace`): the trace of the request it belongs to. */
  readonly request?: RequestTrace;
}

/**
 * One operation's view of its request's trace, with its own `current`: a batch's operations run at once, and each
 * one's upstream calls are parented under its own `graphql.execute` span, not whichever operation began last.
 */
export function operationTrace(requestTrace: RequestTrace | undefined): RequestTrace | undefined {
  return requestTrace && { server: requestTrace.server, current: requestTrace.server, request: requestTrace };
}

/** Weak: a trace is forgotten with its request. */
const traceOfRequest = new WeakMap<Request, RequestTrace>();
/** The traced requests in flight under one request id: its trace while there is one, none while several share it. */
interface ById {
  trace: RequestTrace | undefined;
  inFlight: number;
}

/**
 * Requests in flight by request id, for log lines that name a request (`requestId`) but not its trace. The id
 * is the caller's X-Request-Id when it sends one, so two requests in flight can share it (a client reusing one
 * id, or one sending another caller's): their lines then name no trace rather than, for one of them, the other's.
 */
const traceOfRequestId = new Map<string, ById>();

/** Opens `request`'s trace at its SERVER span's context; `endRequestTrace` forgets it by id. */
export function beginRequestTrace(request: Request, server: Context, requestId?: string): RequestTrace {
  const requestTrace: RequestTrace = { server, current: server };
  traceOfRequest.set(request, requestTrace);
  if (requestId !== undefined) {
    const byId = traceOfRequestId.get(requestId);
    if (byId) {
      byId.trace = undefined;
      byId.inFlight++;
    } else traceOfRequestId.set(requestId, { trace: requestTrace, inFlight: 1 });
  }
  return requestTrace;
}

/** Once per `beginRequestTrace`, when the request is over. */
export function endRequestTrace(_requestTrace: RequestTrace, requestId?: string): void {
  if (requestId === undefined) return;
  const byId = traceOfRequestId.get(requestId);
  if (byId && --byId.inFlight <= 0) traceOfRequestId.delete(requestId);
}

/** `replacement` is served as `request` from here on (src/context.ts `carryRequest`): it has its trace. */
export function carryRequestTrace(request: Request, replacement: Request): void {
  const requestTrace = traceOfRequest.get(request);
  if (requestTrace) traceOfRequest.set(replacement, requestTrace);
}

/** The trace of the request being served, if tracing saw it begin. */
export function requestTraceOf(request: Request | undefined): RequestTrace | undefined {
  return request && traceOfRequest.get(request);
}

/** The trace of the request in flight with this id, for its log lines. */
export function requestTraceById(requestId: string): RequestTrace | undefined {
  return traceOfRequestId.get(requestId)?.trace;
}
