/**
 * Logs people can read and follow to a trace: every line the gateway writes
 * while serving a request inside an active span carries that span's
 * `trace_id` and `span_id`; a request outside any span carries neither; the
 * development format is readable text, production's is JSON, LOG_FORMAT
 * overrides it.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Writable } from 'node:stream';
import { trace } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { createLogger, requestLogScope } from '../../src/logger.js';
import { MarketplaceClient } from '../../src/upstreams/marketplace/client.js';

const exporter = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
let gw: TestGateway;
beforeAll(async () => {
  // As the tracing set-up does: a global provider with the AsyncLocalStorage context manager.
  provider.register();
  // Only the marketplace runs: the website-analysis upstream is unreachable, so its field fails and is logged.
  gw = await startTestGateway({}, ['marketplace']);
});
afterAll(async () => {
  await gw.close();
  await provider.shutdown();
  trace.disable();
});

const failingQuery = '{ seller(username: "pixelcraft") { name } seoReports(first: 1) { totalCount } }';

/** Sends the query through the gateway's own request handler, as the HTTP server does. */
async function send(headers: Record<string, string> = {}): Promise<void> {
  const response = await gw.app.yoga.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-seo-api-key': 'seo-demo-key', ...headers },
    body: JSON.stringify({ query: failingQuery }),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  expect(body.errors?.length).toBeGreaterThan(0);
}

function linesSince(mark: number, from: TestGateway = gw): Array<Record<string, unknown>> {
  return from.logs
    .slice(mark)
    .join('')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

describe('trace ids in log lines', () => {
  it("puts the active span's trace_id and span_id on every line of a traced request", async () => {
    const mark = gw.logs.length;
    const ids = await trace.getTracer('test').startActiveSpan('caller', async (span) => {
      await send();
      span.end();
      return span.spanContext();
    });
    const lines = linesSince(mark);
    expect(lines.some((line) => line.msg === 'field error')).toBe(true);
    for (const line of lines) {
      expect(line.trace_id, JSON.stringify(line)).toBe(ids.traceId);
      expect(line.span_id, JSON.stringify(line)).toMatch(/^[0-9a-f]{16}$/);
    }
    expect(exporter.getFinishedSpans().some((span) => span.spanContext().traceId === ids.traceId)).toBe(true);
  });

  it('writes no trace ids on a request outside any span', async () => {
    const mark = gw.logs.length;
    await send();
    const lines = linesSince(mark);
    expect(lines.some((line) => line.msg === 'field error')).toBe(true);
    for (const line of lines) expect(line).not.toHaveProperty('trace_id');
  });
});

describe('request ids in log lines', () => {
  it("puts the request's requestId on every line written while serving it, Yoga's own debug lines included", async () => {
    const mark = gw.logs.length;
    await send({ 'x-request-id': 'req-log-scope-1' });
    const lines = linesSince(mark);
    // Yoga's lines (the test gateway logs at debug) and the gateway's own field error.
    expect(lines.some((line) => line.msg === 'Processing GraphQL Parameters')).toBe(true);
    expect(lines.some((line) => line.msg === 'field error')).toBe(true);
    for (const line of lines) expect(line.requestId, JSON.stringify(line)).toBe('req-log-scope-1');
    // Each request its own, and a line outside any request none.
    const next = gw.logs.length;
    await send();
    const other = linesSince(next);
    expect(new Set(other.map((line) => line.requestId)).size).toBe(1);
    expect(other[0]!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    gw.app.yoga.logger.debug('outside any request');
    expect(linesSince(next + other.length).at(-1)).not.toHaveProperty('requestId');
  });
  it('keeps one id for a request whose chunked body the body limit read and handed on as a request of its own', async () => {
    const mark = gw.logs.length;
    const text = new TextEncoder().encode(JSON.stringify({ query: failingQuery }));
    const response = await gw.app.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-seo-api-key': 'seo-demo-key' },
      // A stream has no length: the body limit reads it whole, then hands Yoga an equivalent request.
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(text);
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect(((await response.json()) as { errors?: unknown[] }).errors?.length).toBeGreaterThan(0);
    const lines = linesSince(mark);
    expect(lines.some((line) => line.msg === 'field error')).toBe(true);
    expect(new Set(lines.map((line) => line.requestId)).size).toBe(1);
  });
});

describe('request ids at info level (no request scope: the lines that can carry the id carry it)', () => {
  let info: TestGateway;
  beforeAll(async () => {
    info = await startTestGateway({ LOG_LEVEL: 'info' }, ['marketplace']);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await info.close();
  });

  it("puts the request's id on the one line of an unexpected error", async () => {
    let scope: unknown = 'not called';
    vi.spyOn(MarketplaceClient.prototype, 'call').mockImplementation(() => {
      scope = requestLogScope.getStore();
      throw new TypeError('a bug in a client');
    });
    const mark = info.logs.length;
    const response = await info.app.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-request-id': 'req-info-1' },
      body: JSON.stringify({ query: '{ seller(username: "pixelcraft") { name } }' }),
    });
    const body = (await response.json()) as { errors?: Array<{ extensions?: { code?: string } }> };
    expect(body.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    const lines = linesSince(mark, info);
    // The gateway's line with the error's stack (Yoga's own line for the error it masked would repeat it), and the field error.
    expect(lines.filter((line) => line.level === 50)).toMatchObject([{ msg: 'unexpected error', requestId: 'req-info-1' }]);
    expect(lines.find((line) => line.msg === 'field error')).toMatchObject({ requestId: 'req-info-1' });
    for (const line of lines) expect(line.requestId, JSON.stringify(line)).toBe('req-info-1');
    // No AsyncLocalStorage scope without debug lines: on Node 20 it turns on promise hooks for every promise.
    expect(scope).toBeUndefined();
  });

  it('puts it on the line of an unexpected error in a deferred part too', async () => {
    vi.spyOn(MarketplaceClient.prototype, 'call').mockImplementation(() => {
      throw new TypeError('a bug in a deferred field');
    });
    const mark = info.logs.length;
    const response = await info.app.yoga.fetch('http://gateway.test/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed', 'x-request-id': 'req-info-2' },
      body: JSON.stringify({ query: '{ __typename ... @defer { seller(username: "pixelcraft") { name } } }' }),
    });
    expect(await response.text()).toContain('INTERNAL_SERVER_ERROR');
    const lines = linesSince(mark, info);
    expect(lines.find((line) => line.msg === 'unexpected error')).toMatchObject({ requestId: 'req-info-2' });
  });
});

describe('log format', () => {
  function capture(format: 'json' | 'pretty', message = 'Gateway ready: http://localhost:4000/graphql'): string {
    let text = '';
    const sink = new Writable({ write: (chunk, _encoding, done) => ((text += String(chunk)), done()) });
    const logger = createLogger('info', sink, format);
    logger.info({ upstream: 'seo', password: 'hunter2' }, message);
    return text;
  }

  it('lets no CR or LF in a message start a forged line in pretty format', () => {
    const pretty = capture('pretty', 'unknown field\r\nX-Evil: forged');
    expect(pretty).not.toMatch(/^X-Evil/m);
    expect(pretty).toContain('INFO: unknown field\\r\\nX-Evil: forged');
  });

  it('is readable text in pretty format, one JSON object per line in json format, redacted in both', () => {
    const pretty = capture('pretty');
    expect(pretty).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Gateway ready: http:\/\/localhost:4000\/graphql\n/);
    expect(pretty).toContain('upstream: "seo"');
    expect(() => JSON.parse(pretty)).toThrow();
    const json = JSON.parse(capture('json')) as Record<string, unknown>;
    expect(json).toMatchObject({ level: 30, msg: 'Gateway ready: http://localhost:4000/graphql', upstream: 'seo', password: '[redacted]' });
    expect(pretty + JSON.stringify(json)).not.toContain('hunter2');
  });

  it('is pretty in development, JSON in production and tests, and LOG_FORMAT overrides it', () => {
    const production = {
      NODE_ENV: 'production',
      MARKETPLACE_URL: 'https://m.example',
      SEO_URL: 'https://s.example',
      ITEMS_URL: 'https://i.example',
    };
    expect(loadConfig({}).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'development' }).logFormat).toBe('pretty');
    expect(loadConfig({ NODE_ENV: 'test' }).logFormat).toBe('json');
    expect(loadConfig(production).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
    expect(loadConfig({ ...production, LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOG_FORMAT: 'yaml' })).toThrow(/LOG_FORMAT/);
  });
});
