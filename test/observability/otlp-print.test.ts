/**
 * The development OTLP receiver (`npm run otlp:print`): what the
 * OpenTelemetry SDK's own exporters send it, over http/protobuf and
 * http/json, comes out as one indented tree per trace with kinds, durations,
 * attributes, events, links and error status; a hand-written OTLP/JSON
 * sample prints exactly as documented; payloads it cannot read are refused.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Tracer } from '@opentelemetry/api';
import { BasicTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { OTLPTraceExporter as ProtobufExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { startReceiver, type Receiver } from '../../scripts/otlp/receiver.js';

let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  receiver = undefined;
});

async function listen(): Promise<{ output: () => string; url: string }> {
  let output = '';
  receiver = await startReceiver({ port: 0, quietMs: 100, write: (text) => (output += text) });
  return { output: () => output, url: receiver.url };
}

async function until(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const CALLER = { traceId: '4bf92f3577b34da6a3ce929d0e0e4736', spanId: '00f067aa0ba902b7', traceFlags: 1, isRemote: true };

/** A gateway-shaped trace: a SERVER span under a caller's span, execute, two upstream CLIENT spans, one failing. */
function recordTrace(tracer: Tracer): void {
  const parent = trace.setSpanContext(ROOT_CONTEXT, CALLER);
  const server = tracer.startSpan(
    'POST /graphql',
    { kind: SpanKind.SERVER, attributes: { 'http.request.method': 'POST', 'http.response.status_code': 200 } },
    parent,
  );
  const inServer = trace.setSpan(parent, server);
  const execute = tracer.startSpan('graphql.execute', { attributes: { 'graphql.operation.type': 'query' } }, inServer);
  const inExecute = trace.setSpan(inServer, execute);
  const ok = tracer.startSpan(
    'GET',
    {
      kind: SpanKind.CLIENT,
      attributes: { 'gateway.upstream': 'marketplace', 'url.template': '/api/v1/sellers/{username}', 'http.request.resend_count': 0 },
    },
    inExecute,
  );
  ok.addEvent('cache.miss', { 'gateway.cache': 'reference' });
  ok.end();
  const failed = tracer.startSpan(
    'GET',
    { kind: SpanKind.CLIENT, attributes: { 'gateway.upstream': 'seo', 'url.template': '/api/v1/reports' } },
    inExecute,
  );
  failed.addLink({ context: ok.spanContext() });
  failed.setStatus({ code: SpanStatusCode.ERROR, message: 'UPSTREAM_UNAVAILABLE' });
  failed.end();
  execute.end();
  server.end();
}

async function exportVia(exporter: SpanExporter): Promise<void> {
  const provider = new BasicTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'gateway' }),
    spanProcessors: [new SimpleSpanProcessor(exporter)],
  });
  recordTrace(provider.getTracer('test'));
  await provider.forceFlush();
  await provider.shutdown();
}

describe.each([
  ['http/protobuf', (url: string) => new ProtobufExporter({ url: `${url}/v1/traces` })],
  ['http/json', (url: string) => new JsonExporter({ url: `${url}/v1/traces` })],
])('otlp:print over %s', (_protocol, makeExporter) => {
  it("prints the SDK's export as one tree under the caller's span", async () => {
    const { output, url } = await listen();
    await exportVia(makeExporter(url));
    await until(() => output().includes('\n\n'), 'the printed trace');
    const lines = output().trimEnd().split('\n');
    expect(lines[0]).toMatch(new RegExp(`^trace ${CALLER.traceId}  4 spans, \\d+\\.\\d ms  \\(gateway\\)$`));
    expect(lines[1]).toMatch(
      /^POST \/graphql \[server\] \+0\.0 ms \d+\.\d ms {2}\(child of 00f067aa0ba902b7, not received\) {2}http\.request\.method=POST http\.response\.status_code=200$/,
    );
    expect(lines[2]).toMatch(/^└─ graphql\.execute \[internal\] \+\d+\.\d ms \d+\.\d ms {2}graphql\.operation\.type=query$/);
    expect(lines[3]).toMatch(
      /^ {3}├─ GET \[client\] .* gateway\.upstream=marketplace url\.template=\/api\/v1\/sellers\/\{username\} http\.request\.resend_count=0$/,
    );
    expect(lines[4]).toMatch(/^ {3}│ {4}· event cache\.miss \+\d+\.\d ms {2}gateway\.cache=reference$/);
    expect(lines[5]).toMatch(
      /^ {3}└─ GET \[client\] \+\d+\.\d ms \d+\.\d ms {2}ERROR: UPSTREAM_UNAVAILABLE {2}gateway\.upstream=seo url\.template=\/api\/v1\/reports$/,
    );
    expect(lines[6]).toMatch(new RegExp(`^ {8}↪ link ${CALLER.traceId}/[0-9a-f]{16}$`));
    expect(lines).toHaveLength(7);
  });
});

describe('otlp:print with a posted sample', () => {
  const sample = {
    resourceSpans: [
      {
        resource: { attributes: [{ key: 'service.name', value: { stringValue: 'gateway' } }] },
        scopeSpans: [
          {
            spans: [
              {
                traceId: '0af7651916cd43dd8448eb211c80319c',
                spanId: 'b7ad6b7169203331',
                name: 'POST /graphql',
                kind: 2,
                startTimeUnixNano: '1700000000000000000',
                endTimeUnixNano: '1700000000084200000',
                attributes: [{ key: 'http.response.status_code', value: { intValue: '200' } }],
              },
              {
                traceId: '0af7651916cd43dd8448eb211c80319c',
                spanId: 'c7ad6b7169203332',
                parentSpanId: 'b7ad6b7169203331',
                name: 'GET',
                kind: 3,
                startTimeUnixNano: '1700000000001500000',
                endTimeUnixNano: '1700000000013500000',
                attributes: [
                  { key: 'gateway.upstream', value: { stringValue: 'items' } },
                  { key: 'retry', value: { boolValue: false } },
                ],
                status: { code: 2, message: 'UPSTREAM_TIMEOUT' },
              },
            ],
          },
        ],
      },
    ],
  };

  it('prints it exactly, durations and offsets in milliseconds', async () => {
    const { output, url } = await listen();
    const response = await fetch(`${url}/v1/traces`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(sample),
    });
    expect(response.status).toBe(200);
    await until(() => output().includes('\n\n'), 'the printed trace');
    expect(output()).toBe(
      [
        'trace 0af7651916cd43dd8448eb211c80319c  2 spans, 84.2 ms  (gateway)',
        'POST /graphql [server] +0.0 ms 84.2 ms  http.response.status_code=200',
        '└─ GET [client] +1.5 ms 12.0 ms  ERROR: UPSTREAM_TIMEOUT  gateway.upstream=items retry=false',
        '',
        '',
      ].join('\n'),
    );
  });

  it('is what `npm run otlp:print` runs: it says where it listens and prints what is posted there', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/otlp-print.ts'], {
      cwd: process.cwd(),
      env: { ...process.env, OTLP_PRINT_PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    try {
      await until(() => /OTEL_EXPORTER_OTLP_ENDPOINT=http:\/\/127\.0\.0\.1:\d+/.test(output), 'the receiver to listen');
      const url = /OTEL_EXPORTER_OTLP_ENDPOINT=(\S+)/.exec(output)![1]!;
      const response = await fetch(`${url}/v1/traces`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(sample),
      });
      expect(response.status).toBe(200);
      await until(() => output.includes('ERROR: UPSTREAM_TIMEOUT'), 'the printed trace');
      expect(output).toContain('trace 0af7651916cd43dd8448eb211c80319c  2 spans, 84.2 ms  (gateway)\nPOST /graphql [server]');
    } finally {
      child.kill('SIGTERM');
    }
  }, 30_000);

  it('refuses what it cannot read: 415 for another content type, 400 for a broken payload, 404 elsewhere', async () => {
    const { url } = await listen();
    expect((await fetch(`${url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' })).status).toBe(415);
    expect((await fetch(`${url}/v1/traces`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' })).status).toBe(
      400,
    );
    expect(
      (
        await fetch(`${url}/v1/traces`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-protobuf' },
          body: new Uint8Array([0x0a, 0x05, 0x01]),
        })
      ).status,
    ).toBe(400);
    expect((await fetch(`${url}/v1/metrics`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(
      404,
    );
  });
});
