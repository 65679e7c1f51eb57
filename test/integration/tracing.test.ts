/**
 * Traces as an operator's collector receives them: the gateway exports over
 * OTLP/HTTP (both encodings) to an in-process receiver, and a seller → gigs →
 * reviews query (plus the two other upstreams) sent with a W3C traceparent
 * must come back as one trace continuing the caller's, with one CLIENT span
 * per upstream attempt, each named by the `traceparent` the upstream received.
 * (Subscriptions, short-circuit and cache-hit events, unsampled requests and
 * tracing off: tracing-events-and-sampling.test.ts.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_CREDENTIALS, ITEMS_KEY, SEO_KEY, startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.js';
import type { SandboxName } from '../../src/sandbox/index.js';
import { CALLER_SPAN, CALLER_TRACE, CLIENT, SERVER } from './tracing-fixtures.js';

/** OTLP status code of a span in error. */
const ERROR = 2;

const QUERY = `query Traced {
  seller(username: "pixelcraft") { name gigs(first: 2) { nodes { slug reviews(first: 1) { nodes { rating } } } } }
  seoReports(first: 1) { totalCount }
  items { id }
}`;

const UPSTREAMS: SandboxName[] = ['marketplace', 'seo', 'items'];

describe.each(['http/protobuf', 'http/json'])('traces exported over OTLP %s', (protocol) => {
  let receiver: OtlpReceiver;
  let gw: TestGateway;
  let spans: ReceivedSpan[];
  let response: Awaited<ReturnType<TestGateway['query']>>;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    gw = await startTestGateway({
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_EXPORTER_OTLP_PROTOCOL: protocol,
      OTEL_EXPORTER_OTLP_HEADERS: 'x-collector-key=collector%20secret',
      OTEL_SERVICE_NAME: 'gateway-under-test',
      OTEL_BSP_SCHEDULE_DELAY: '20',
      UPSTREAM_TIMEOUT_MS: '2000',
    });
    // The website-analysis service fails once (retried), the item store cannot be reached at all.
    gw.sandbox.services.seo!.control.setFaults([{ kind: 'status', status: 503, pathIncludes: '/reports', times: 1 }]);
    gw.sandbox.services.items!.control.setFaults([{ kind: 'reset' }]);
    gw.resetCalls();
    response = await gw.query(QUERY, {
      headers: { ...ALL_CREDENTIALS, traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01`, tracestate: 'caller=abc' },
    });
    const calls = UPSTREAMS.flatMap((name) => gw.calls(name)).length;
    await vi.waitFor(() => expect(receiver.spans().filter((s) => s.kind === CLIENT).length).toBeGreaterThanOrEqual(calls), {
      timeout: 10_000,
      interval: 50,
    });
    spans = receiver.spans();
  });
  afterAll(async () => {
    await gw?.close();
    await receiver?.close();
  });

  const clientSpans = () => spans.filter((s) => s.kind === CLIENT);

  it('answers as without tracing: the seller and the seo report, an error for the unreachable item store', () => {
    expect(response.data).toMatchObject({ seller: { name: expect.any(String) }, seoReports: { totalCount: expect.any(Number) } });
    expect(response.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_UNAVAILABLE']);
  });

  it("continues the caller's trace: the SERVER span is a child of the caller's span", () => {
    const server = spans.find((s) => s.kind === SERVER && s.attributes['http.route'] === '/graphql')!;
    expect(server).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: CALLER_SPAN, name: 'POST /graphql' });
    expect(server.attributes).toMatchObject({ 'http.request.method': 'POST', 'http.response.status_code': 200 });
    expect(server.resource['service.name']).toBe('gateway-under-test');
    expect(new Set(spans.map((s) => s.traceId))).toEqual(new Set([CALLER_TRACE]));
    const phases = spans.filter((s) => s.name.startsWith('graphql.'));
    expect(phases.map((s) => s.name).sort()).toEqual(['graphql.execute', 'graphql.parse', 'graphql.validate']);
    for (const phase of phases) expect(phase.parentSpanId).toBe(server.spanId);
    expect(phases.find((s) => s.name === 'graphql.execute')!.attributes).toMatchObject({
      'graphql.operation.type': 'query',
      'graphql.operation.name': 'Traced',
    });
  });

  it('has one CLIENT span per upstream attempt, with the HTTP attributes and the path template, never the path', () => {
    const calls = UPSTREAMS.flatMap((name) => gw.calls(name));
    expect(clientSpans()).toHaveLength(calls.length);
    const execute = spans.find((s) => s.name === 'graphql.execute')!;
    for (const span of clientSpans()) {
      expect(span.parentSpanId).toBe(execute.spanId);
      expect(span.attributes).toMatchObject({
        'http.request.method': 'GET',
        'server.address': '127.0.0.1',
        'server.port': expect.any(Number),
      });
      expect(span.attributes['url.full']).toBeUndefined();
      expect(String(span.attributes['url.template'])).not.toMatch(/pixelcraft|\?/);
    }
    const reviews = clientSpans().filter((s) => s.attributes['gateway.upstream.operation'] === 'reviewsGig');
    expect(reviews).toHaveLength(2);
    expect(reviews[0]!.name).toBe('GET /api/v1/gigs/{slug}/reviews');
    expect(reviews[0]!.attributes).toMatchObject({
      'url.template': '/api/v1/gigs/{slug}/reviews',
      'gateway.upstream': 'marketplace',
      'http.response.status_code': 200,
      'server.port': Number(new URL(gw.sandbox.urls.marketplace!).port),
    });
    const operations = clientSpans().map((s) => `${s.attributes['gateway.upstream']} ${s.attributes['gateway.upstream.operation']}`);
    expect(new Set(operations)).toEqual(
      new Set(['marketplace sellersShow', 'marketplace gigsIndex', 'marketplace reviewsGig', 'seo listReports', 'items listItems']),
    );
  });

  it("names each upstream request's CLIENT span in its traceparent, with the caller's tracestate", () => {
    const ids = new Set(clientSpans().map((s) => s.spanId));
    const named = new Set<string>();
    for (const call of UPSTREAMS.flatMap((name) => gw.calls(name))) {
      const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(call.headers.traceparent));
      expect(match, `${call.method} ${call.path}`).not.toBeNull();
      expect(match![1]).toBe(CALLER_TRACE);
      expect(ids.has(match![2]!)).toBe(true);
      expect(call.headers.tracestate).toBe('caller=abc');
      named.add(match![2]!);
    }
    expect(named.size).toBe(ids.size);
  });

  it('marks a failed attempt with error status and the gateway code, and counts the retry', () => {
    const seo = clientSpans().filter((s) => s.attributes['gateway.upstream'] === 'seo');
    expect(seo).toHaveLength(2);
    const [failed, retried] = [
      seo.find((s) => s.attributes['http.request.resend_count'] === undefined)!,
      seo.find((s) => s.attributes['http.request.resend_count'] === 1)!,
    ];
    expect(failed.status.code).toBe(ERROR);
    expect(failed.attributes).toMatchObject({
      'http.response.status_code': 503,
      'error.type': '503',
      'gateway.error.code': 'UPSTREAM_UNAVAILABLE',
    });
    expect(retried.status.code).not.toBe(ERROR);
    const items = clientSpans().filter((s) => s.attributes['gateway.upstream'] === 'items');
    expect(items.length).toBeGreaterThanOrEqual(1);
    for (const span of items) {
      expect(span.status.code).toBe(ERROR);
      expect(span.attributes).toMatchObject({ 'gateway.error.code': 'UPSTREAM_UNAVAILABLE', 'url.template': '/api/items/all' });
      expect(span.attributes['http.response.status_code']).toBeUndefined();
    }
  });

  it("records neither a query string nor a path that is not the gateway's own", async () => {
    await fetch(`${gw.url}/graphql?query=%7B__typename%7D&api_key=query-secret`, {
      headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json' },
    });
    await fetch(`${gw.url}/not-ours/path-secret`);
    const serverSpans = () => receiver.spans().filter((s) => s.kind === SERVER);
    await vi.waitFor(() => expect(serverSpans().length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 });
    expect(serverSpans().find((s) => s.name === 'GET /graphql')!.attributes).toMatchObject({
      'url.path': '/graphql',
      'http.response.status_code': 200,
    });
    expect(serverSpans().find((s) => s.name === 'GET')!.attributes['url.path']).toBeUndefined();
    const raw = Buffer.concat(receiver.exports.map((e) => e.body)).toString('latin1');
    for (const secret of ['query-secret', 'path-secret', '__typename']) expect(raw).not.toContain(secret);
  });

  it('exports no credential: not in any attribute, event, link or resource (the raw bytes)', () => {
    const raw = Buffer.concat(receiver.exports.map((e) => e.body)).toString('latin1');
    for (const secret of [TOKENS.buyer, SEO_KEY, ITEMS_KEY, 'api_key', 'Bearer', 'collector secret']) expect(raw).not.toContain(secret);
    // The collector's own credential travels as a header of the export, as configured.
    expect(receiver.exports[0]!.headers['x-collector-key']).toBe('collector secret');
    expect(receiver.exports[0]!.contentType).toBe(protocol === 'http/json' ? 'application/json' : 'application/x-protobuf');
  });
});
