/**
 * OpenTelemetry traces, on only when an OTLP endpoint is configured
 * (config.tracing, from the standard OTEL_* variables). Off, nothing is
 * registered and the hot spots (use-tracing.ts, upstreams/upstream-span.ts) skip all
 * span work after one check of `activeTracer()`, so tracing costs nothing.
 *
 * On, a NodeTracerProvider is registered globally with the W3C trace-context
 * propagator and no context manager: each request's trace context is passed
 * explicitly (a RequestTrace, found by the request and bound to its upstream
 * clients), never looked up as "the active context". OTel's AsyncLocalStorage
 * context manager would do that lookup for us, but on Node 20 an entered
 * AsyncLocalStorage makes every promise of the process pay a hook, 7-18 % of the
 * CPU per request (docs/benchmarks.md, "Tracing overhead").
 */
import { context, propagation, trace, TraceFlags, type Context, type Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import {
  AlwaysOffSampler,
  AlwaysOnSampler,
  BatchSpanProcessor,
  NodeTracerProvider,
  ParentBasedSampler,
  TraceIdRatioBasedSampler,
  type Sampler,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import type { TracingConfig } from './config.js';

export * from './request-trace.js';

/** The instrumentation scope every gateway span is recorded under. */
export const TRACER_NAME = 'unigraph-gateway';

let tracer: Tracer | undefined;

/** The gateway's tracer while tracing is on; undefined (the cheap check at every hot spot) while it is off. */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

/**
 * Whether spans under `ctx` are sampled out: its span belongs to a trace the sampler (or the caller's
 * `traceparent`) did not sample. No child span, attribute or event is worth making for it; the trace
 * context still travels on, unsampled. A span that has merely ended is still sampled.
 */
export function sampledOut(ctx: Context): boolean {
  const span = trace.getSpan(ctx);
  return span !== undefined && (span.spanContext().traceFlags & TraceFlags.SAMPLED) === 0;
}

export interface Tracing {
  /** Exports the spans still queued, then unregisters the provider. */
  shutdown(): Promise<void>;
}

const OFF: Tracing = { shutdown: async () => undefined };

/** Starts tracing for this process when configured; with `config` undefined it does nothing at all. */
export function startTracing(config: TracingConfig | undefined, exporter?: SpanExporter): Tracing {
  if (!config) return OFF;
  if (tracer) throw new Error('Tracing is already started in this process');
  const provider = new NodeTracerProvider({
    // Only what names the service: the process detector would add the command line, which can hold a secret.
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: config.serviceName })),
    sampler: samplerOf(config),
    // Every span bounded, whatever a caller sends: its attributes' lengths and counts, its events and links.
    spanLimits: config.spanLimits,
    spanProcessors: [new BatchSpanProcessor(exporter ?? exporterOf(config), config.batch)],
  });
  // No context manager (see above): nothing of ours asks for the active context while tracing is on.
  provider.register({ contextManager: null });
  tracer = provider.getTracer(TRACER_NAME);
  return {
    async shutdown() {
      tracer = undefined;
      try {
        await provider.shutdown();
      } finally {
        trace.disable();
        context.disable();
        propagation.disable();
      }
    },
  };
}

function exporterOf(config: TracingConfig): SpanExporter {
  // While serving, the batch processor sends one export at a time, so a hanging collector holds one batch (and a
  // timed-out one still closing); the processor's queue, bounded by maxQueueSize, holds the rest and drops beyond it.
  // On shutdown it sends its whole queue at once, one export per batch: the exporter takes them all (still bounded by
  // the queue), where a limit of 2 refused the third and lost its spans (test/unit/tracing-shutdown.test.ts).
  const { maxQueueSize, maxExportBatchSize } = config.batch;
  const concurrencyLimit = Math.ceil(maxQueueSize / Math.min(maxExportBatchSize, maxQueueSize)) + 1;
  const options = { url: config.url, headers: config.headers, timeoutMillis: config.exportTimeoutMillis, concurrencyLimit };
  return config.protocol === 'http/json' ? new JsonExporter(options) : new ProtobufExporter(options);
}

/** OTEL_TRACES_SAMPLER and its argument, as the specification names them. */
function samplerOf(config: TracingConfig): Sampler {
  const ratio = new TraceIdRatioBasedSampler(config.samplerRatio);
  switch (config.sampler) {
    case 'always_on':
      return new AlwaysOnSampler();
    case 'always_off':
      return new AlwaysOffSampler();
    case 'traceidratio':
      return ratio;
    case 'parentbased_always_off':
      return new ParentBasedSampler({ root: new AlwaysOffSampler() });
    case 'parentbased_traceidratio':
      return new ParentBasedSampler({ root: ratio });
    case 'parentbased_always_on':
      return new ParentBasedSampler({ root: new AlwaysOnSampler() });
  }
}
