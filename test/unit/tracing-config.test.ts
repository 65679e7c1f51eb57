/**
 * The OTEL_* variables as README and docs/observability.md describe them:
 * where traces go, which encodings, the export headers, when tracing is off,
 * that the sampler named is the sampler used, and how exports travel (uncompressed on one kept-alive
 * connection unless OTEL_EXPORTER_OTLP_COMPRESSION=gzip: each is CPU the gateway pays per export).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReadableSpan, SpanExporter } from '@opentelemetry/sdk-trace-node';
import { ConfigError, loadConfig } from '../../src/config.js';
import { activeTracer, startTracing, type Tracing } from '../../src/tracing.js';
import { startOtlpReceiver } from '../helpers/otlp-receiver.js';

const tracingOf = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', ...env }).tracing;

describe('tracing configuration', () => {
  it('is off without an endpoint, and with OTEL_SDK_DISABLED=true', () => {
    expect(tracingOf({})).toBeUndefined();
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: '' })).toBeUndefined();
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
  });

  it('sends to <endpoint>/v1/traces, or to the traces endpoint as it is', () => {
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })?.url).toBe('http://collector:4318/v1/traces');
    expect(
      tracingOf({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'https://otlp.example.com/custom/traces',
      })?.url,
    ).toBe('https://otlp.example.com/custom/traces');
  });

  it('defaults to http/protobuf, takes http/json, and refuses gRPC naming the variable', () => {
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' })?.protocol).toBe('http/protobuf');
    expect(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })?.protocol).toBe(
      'http/json',
    );
    expect(() => tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc' })).toThrow(
      /OTEL_EXPORTER_OTLP_PROTOCOL/,
    );
  });

  it('reads the export headers as key=value pairs with percent-encoded values', () => {
    const headers = tracingOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_EXPORTER_OTLP_HEADERS: 'x-api-key=a%20b%3Dc, tenant=t1',
    })?.headers;
    expect(headers).toEqual({ 'x-api-key': 'a b=c', tenant: 't1' });
    expect(() => tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_EXPORTER_OTLP_HEADERS: 'x=%E0%A4%A' })).toThrow(
      ConfigError,
    );
  });

  it('bounds spans and exports by default, and the standard variables change the bounds', () => {
    const defaults = tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318' });
    expect(defaults?.spanLimits).toEqual({
      attributeValueLengthLimit: 1024,
      attributeCountLimit: 64,
      eventCountLimit: 64,
      linkCountLimit: 16,
      attributePerEventCountLimit: 16,
      attributePerLinkCountLimit: 16,
    });
    expect(defaults?.exportTimeoutMillis).toBe(10_000);
    const set = tracingOf({
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318',
      OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '200',
      OTEL_SPAN_ATTRIBUTE_COUNT_LIMIT: '10',
      OTEL_ATTRIBUTE_COUNT_LIMIT: '20',
      OTEL_EXPORTER_OTLP_TIMEOUT: '3000',
      OTEL_EXPORTER_OTLP_TRACES_TIMEOUT: '2000',
    });
    expect(set?.spanLimits).toMatchObject({ attributeValueLengthLimit: 200, attributeCountLimit: 10 });
    expect(set?.exportTimeoutMillis).toBe(2000);
    expect(() => tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT: '-1' })).toThrow(
      /OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT/,
    );
  });

  it('refuses an unknown sampler and a ratio outside 0..1', () => {
    expect(() => tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER: 'jaeger_remote' })).toThrow(
      /OTEL_TRACES_SAMPLER/,
    );
    expect(() => tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER_ARG: '2' })).toThrow(
      /OTEL_TRACES_SAMPLER_ARG/,
    );
  });
});

describe('startTracing', () => {
  let tracing: Tracing | undefined;
  afterEach(async () => {
    await tracing?.shutdown();
    tracing = undefined;
  });

  it('registers nothing without a configuration', () => {
    tracing = startTracing(undefined);
    expect(activeTracer()).toBeUndefined();
  });

  it.each([
    ['always_on', '1', true],
    ['always_off', '1', false],
    ['traceidratio', '0', false],
    ['traceidratio', '1', true],
  ])('with OTEL_TRACES_SAMPLER=%s (argument %s) records: %s', async (sampler, ratio, recorded) => {
    // Keeps what it was given (the SDK's InMemorySpanExporter forgets it all on shutdown).
    const exported: ReadableSpan[] = [];
    const exporter: SpanExporter = {
      export: (spans, done) => (exported.push(...spans), done({ code: 0 })),
      shutdown: async () => undefined,
    };
    tracing = startTracing(
      tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER: sampler, OTEL_TRACES_SAMPLER_ARG: ratio }),
      exporter,
    );
    activeTracer()!.startSpan('probe').end();
    await tracing.shutdown();
    tracing = undefined;
    expect(exported.map((s) => s.name)).toEqual(recorded ? ['probe'] : []);
    expect(activeTracer()).toBeUndefined();
  });

  it.each([
    [{}, [512, 88]],
    [{ OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '128' }, [128, 128, 128, 128, 88]],
  ])('exports at most 512 spans at a time by default, or OTEL_BSP_MAX_EXPORT_BATCH_SIZE (%j): %j', async (env, batches) => {
    const exported: number[] = [];
    const exporter: SpanExporter = {
      export: (spans, done) => (exported.push(spans.length), done({ code: 0 })),
      shutdown: async () => undefined,
    };
    tracing = startTracing(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_TRACES_SAMPLER: 'always_on', ...env }), exporter);
    for (let i = 0; i < 600; i++) activeTracer()!.startSpan(`span ${i}`).end();
    await tracing.shutdown();
    tracing = undefined;
    expect(exported).toEqual(batches);
  });

  it.each([
    [{}, undefined],
    [{ OTEL_EXPORTER_OTLP_COMPRESSION: 'gzip' }, 'gzip'],
  ])('sends its exports one after another on one kept-alive connection (%j), Content-Encoding %s', async (env, encoding) => {
    const receiver = await startOtlpReceiver();
    try {
      // The exporter reads the compression from the environment itself, as the specification names it.
      for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
      tracing = startTracing(tracingOf({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_TRACES_SAMPLER: 'always_on' }));
      // Three full batches while serving: each export starts when the batch fills and the one before has finished.
      for (let batch = 1; batch <= 3; batch++) {
        for (let i = 0; i < 512; i++) activeTracer()!.startSpan(`span ${i}`).end();
        await vi.waitFor(() => expect(receiver.exports).toHaveLength(batch), { timeout: 10_000 });
      }
      await tracing.shutdown();
      tracing = undefined;
      expect(receiver.connections()).toBe(1);
      expect(receiver.exports.map((e) => e.headers['content-encoding'])).toEqual([encoding, encoding, encoding]);
      if (!encoding) expect(receiver.spans()).toHaveLength(3 * 512);
    } finally {
      vi.unstubAllEnvs();
      await receiver.close();
    }
  });
});
