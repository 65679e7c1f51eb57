/**
 * The CLIENT span of one upstream HTTP attempt (HTTP semantic conventions),
 * and the `traceparent` that names it on the request, so an upstream that
 * traces joins the caller's trace. Only the path template is recorded, never
 * the path or query: the items API takes its key as `?api_key=`.
 */
import { propagation, SpanKind, SpanStatusCode, trace, type Attributes, type Span } from '@opentelemetry/api';
import { UpstreamError, type UpstreamName } from '../errors.js';
import { activeTracer, sampledOut, type RequestTrace } from '../tracing.js';

export interface SpanTarget {
  upstream: UpstreamName;
  host: string;
  port: number;
}

export interface AttemptSpan {
  span: Span;
  /** The request's headers plus `traceparent` (and `tracestate`) naming this span. */
  headers: Record<string, string>;
}

export function spanTargetOf(upstream: UpstreamName, origin: string): SpanTarget {
  const url = new URL(origin);
  return { upstream, host: url.hostname, port: Number(url.port) || (url.protocol === 'https:' ? 443 : 80) };
}

/**
 * Starts the attempt's span under the request's running operation span; undefined (and no work) while tracing
 * is off or the call belongs to no traced request.
 */
export function startAttemptSpan(
  target: SpanTarget,
  call: { method: string; template: string | undefined; operation: string; attempt: number },
  headers: Record<string, string> | undefined,
  requestTrace: Pick<RequestTrace, 'current'> | undefined,
): AttemptSpan | undefined {
  const tracer = activeTracer();
  if (!tracer || !requestTrace) return undefined;
  const parent = requestTrace.current;
  if (sampledOut(parent)) {
    // No span of its own: the upstream hears the unsampled trace as it is, and ending the stand-in does nothing.
    const carrier: Record<string, string> = { ...headers };
    propagation.inject(parent, carrier);
    return { span: trace.wrapSpanContext(trace.getSpanContext(parent)!), headers: carrier };
  }
  const attributes: Attributes = {
    'http.request.method': call.method,
    'server.address': target.host,
    'server.port': target.port,
    'gateway.upstream': target.upstream,
    'gateway.upstream.operation': call.operation,
  };
  if (call.template) attributes['url.template'] = call.template;
  if (call.attempt > 1) attributes['http.request.resend_count'] = call.attempt - 1;
  const span = tracer.startSpan(
    call.template ? `${call.method} ${call.template}` : call.method,
    { kind: SpanKind.CLIENT, attributes },
    parent,
  );
  const carrier: Record<string, string> = { ...headers };
  propagation.inject(trace.setSpan(parent, span), carrier);
  return { span, headers: carrier };
}

/**
 * Ends the span with what the attempt came to: the status, and on failure error status with
 * `error.type` and the gateway's code (the transport error's, or `codeOf(status)` for an answer of 4xx/5xx).
 */
export function endAttemptSpan(
  attempt: AttemptSpan,
  status: number | undefined,
  error: unknown,
  codeOf?: (status: number) => string | undefined,
): void {
  const { span } = attempt;
  if (status !== undefined) span.setAttribute('http.response.status_code', status);
  const code = error instanceof UpstreamError ? error.code : status !== undefined && status >= 400 ? codeOf?.(status) : undefined;
  if (error !== undefined || (status !== undefined && status >= 400)) {
    const type = error instanceof UpstreamError ? error.code : error !== undefined ? 'INTERNAL' : String(status);
    span.setAttribute('error.type', type);
    if (code) span.setAttribute('gateway.error.code', code);
    span.setStatus({ code: SpanStatusCode.ERROR, message: code ?? type });
  }
  span.end();
}

/** A call the open circuit refused without sending: an event on the span that wanted it. */
export function noteShortCircuit(requestTrace: Pick<RequestTrace, 'current'> | undefined, upstream: UpstreamName, operation: string): void {
  if (!activeTracer() || !requestTrace) return;
  trace.getSpan(requestTrace.current)?.addEvent('gateway.upstream.short_circuit', {
    'gateway.upstream': upstream,
    'gateway.upstream.operation': operation,
    'gateway.error.code': 'UPSTREAM_UNAVAILABLE',
  });
}

/** A read the shared reference-data cache answered without a call: an event on the span that asked. */
export function noteCacheHit(requestTrace: Pick<RequestTrace, 'current'> | undefined, key: string): void {
  if (!activeTracer() || !requestTrace) return;
  trace.getSpan(requestTrace.current)?.addEvent('gateway.cache.hit', { 'gateway.cache': 'reference-data', 'gateway.cache.key': key });
}
