/**
 * CPU of the span work of one small traced request, alone, in one process: what the gateway does for
 * `gig + seller` (a SERVER span continuing no `traceparent`, `graphql.execute` with the operation's
 * attributes, two CLIENT spans with `traceparent` injected), exported over OTLP/HTTP protobuf through the
 * configured batch processor to a no-op receiver in another process (its CPU is not counted).
 *   npx tsx bench/span-cost-probe.ts [requests per run] [runs]
 * Env: the OTEL_* variables as the gateway reads them (OTEL_BSP_*, OTEL_EXPORTER_OTLP_PROTOCOL, ...).
 * PROBE_EXPORT=0 drops the ended spans instead (the SDK's cost without the exporter's); PROBE_EXPORT=serialize
 * encodes them as the OTLP/HTTP protobuf exporter does, and sends nothing.
 * PROBE_HOLD_MB: keeps that much of other garbage alive per run, so the spans live in a heap like the gateway's.
 */
import { spawn } from 'node:child_process';
import { ROOT_CONTEXT, SpanKind, propagation, trace, type Attributes } from '@opentelemetry/api';
import { ProtobufTraceSerializer } from '@opentelemetry/otlp-transformer';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-base';
import { loadConfig } from '../src/config.js';
import { activeTracer, beginRequestTrace, endRequestTrace, startTracing } from '../src/tracing.js';
import { endAttemptSpan, spanTargetOf, startAttemptSpan } from '../src/upstreams/upstream-span.js';

const perRun = Number(process.argv[2] ?? 5000);
const runs = Number(process.argv[3] ?? 7);

const sink = spawn(
  process.execPath,
  [
    '-e',
    `require('node:http').createServer((q, s) => { q.resume(); q.on('end', () => s.end()); }).listen(0, '127.0.0.1', function () { console.log(this.address().port); });`,
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const port = await new Promise<string>((resolve) => sink.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim())));
const config = loadConfig({ ...process.env, OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`, OTEL_TRACES_SAMPLER: 'always_on' });
const dropping: SpanExporter = { export: (_: ReadableSpan[], done) => done({ code: 0 }), shutdown: async () => undefined };
const serializing: SpanExporter = {
  export: (spans: ReadableSpan[], done) => {
    ProtobufTraceSerializer.serializeRequest(spans);
    done({ code: 0 });
  },
  shutdown: async () => undefined,
};
const exporter = { '0': dropping, serialize: serializing }[process.env.PROBE_EXPORT ?? ''];
const tracing = startTracing(config.tracing!, exporter);
const tracer = activeTracer()!;
const target = spanTargetOf('marketplace', 'http://127.0.0.1:4010');
const operation: Attributes = { 'graphql.operation.type': 'query' };
const upstreamHeaders = { accept: 'application/json', 'user-agent': 'unigraph-gateway' };
const incoming = new Headers({ 'content-type': 'application/json', host: 'gateway' });
const request = new Request('http://gateway/graphql');
const getter = { get: (h: Headers, k: string) => h.get(k) ?? undefined, keys: (h: Headers) => [...h.keys()] };

function oneRequest(): void {
  const parent = propagation.extract(ROOT_CONTEXT, incoming, getter);
  const attributes: Attributes = { 'http.request.method': 'POST', 'url.scheme': 'http', 'http.route': '/graphql', 'url.path': '/graphql' };
  const server = tracer.startSpan('POST /graphql', { kind: SpanKind.SERVER, attributes }, parent);
  const serverContext = trace.setSpan(parent, server);
  const requestTrace = beginRequestTrace(request, serverContext, 'req-1');
  const execute = tracer.startSpan('graphql.execute', { kind: SpanKind.INTERNAL }, serverContext);
  requestTrace.current = trace.setSpan(serverContext, execute);
  execute.setAttributes(operation);
  for (const [template, op] of [
    ['/api/v1/gigs', 'gigs.list'],
    ['/api/v1/sellers/{username}', 'sellers.show'],
  ] as const) {
    const attempt = startAttemptSpan(target, { method: 'GET', template, operation: op, attempt: 1 }, upstreamHeaders, requestTrace)!;
    endAttemptSpan(attempt, 200, undefined);
  }
  execute.end();
  server.setAttribute('http.response.status_code', 200);
  server.end();
  endRequestTrace(requestTrace, 'req-1');
}

const held: unknown[] = [];
const holdBytes = Number(process.env.PROBE_HOLD_MB ?? 0) * 1024 * 1024;
for (let bytes = 0; bytes < holdBytes; bytes += 1024) held.push({ text: 'x'.repeat(1000), at: bytes });

const results: number[] = [];
for (let run = -1; run < runs; run++) {
  const before = process.cpuUsage();
  for (let i = 0; i < perRun; i++) {
    oneRequest();
    // Let the exporter's timers and sockets run, as between a gateway's requests.
    if (i % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
  }
  const cpu = process.cpuUsage(before);
  if (run >= 0) results.push((cpu.user + cpu.system) / perRun);
}
results.sort((a, b) => a - b);
// Bytes allocated per request: heap growth over a stretch short enough for no collection to run in it
// (run with --max-semi-space-size=64 so the young generation holds it); the spans are still queued, not exported.
let allocated = Number.NaN;
{
  const gcs = await import('node:perf_hooks').then(({ PerformanceObserver }) => {
    let count = 0;
    const observer = new PerformanceObserver((list) => (count += list.getEntries().length));
    observer.observe({ entryTypes: ['gc'] });
    return { count: () => count, stop: () => observer.disconnect() };
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const before = process.memoryUsage().heapUsed;
  const seen = gcs.count();
  for (let i = 0; i < 200; i++) oneRequest();
  const grown = process.memoryUsage().heapUsed - before;
  await new Promise((resolve) => setTimeout(resolve, 10));
  if (gcs.count() === seen) allocated = grown / 200;
  gcs.stop();
}
console.log(
  `span work of one request (4 spans${process.env.PROBE_EXPORT === '0' ? ', not exported' : ''}): median ${results[results.length >> 1]!.toFixed(1)} µs, min ${results[0]!.toFixed(1)} µs (${runs} runs of ${perRun}), ${Number.isNaN(allocated) ? 'allocation not measured (a collection ran)' : `${(allocated / 1024).toFixed(1)} KiB allocated`}`,
);
await tracing.shutdown();
sink.kill();
