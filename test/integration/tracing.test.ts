/**
 * Traces as an operator's collector receives them: the gateway exports over
 * OTLP/HTTP (both encodings) to an in-process receiver, and a seller → gigs →
 * reviews query (plus the two other upstreams) sent with a W3C traceparent
 * must come back as one trace continuing the caller's, with one CLIENT span
 * per upstream attempt, each named by the `traceparent` the upstream received.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ALL_CREDENTIALS, ITEMS_KEY, SEO_KEY, startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from '../helpers/otlp-receiver.js';
import { useTracedGateway } from '../helpers/traced-gateway.js';
import type { SandboxName } from '../../src/sandbox/index.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { eventFor, postWebhook, until } from '../helpers/events.js';
import { activeTracer } from '../../src/tracing.js';

const CALLER_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER_SPAN = '00f067aa0ba902b7';
const SERVER = 2;
const CLIENT = 3;
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
    await vi.waitFor(() => expect(receiver.spans().filter((s) => s.kind === CLIENT).length).toBeGreaterThanOrEqual(calls), { timeout: 10_000, interval: 50 });
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
    expect(phases.find((s) => s.name === 'graphql.execute')!.attributes).toMatchObject({ 'graphql.operation.type': 'query', 'graphql.operation.name': 'Traced' });
  });

  it('has one CLIENT span per upstream attempt, with the HTTP attributes and the path template, never the path', () => {
    const calls = UPSTREAMS.flatMap((name) => gw.calls(name));
    expect(clientSpans()).toHaveLength(calls.length);
    const execute = spans.find((s) => s.name === 'graphql.execute')!;
    for (const span of clientSpans()) {
      expect(span.parentSpanId).toBe(execute.spanId);
      expect(span.attributes).toMatchObject({ 'http.request.method': 'GET', 'server.address': '127.0.0.1', 'server.port': expect.any(Number) });
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
    expect(new Set(operations)).toEqual(new Set(['marketplace sellersShow', 'marketplace gigsIndex', 'marketplace reviewsGig', 'seo listReports', 'items listItems']));
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
    const [failed, retried] = [seo.find((s) => s.attributes['http.request.resend_count'] === undefined)!, seo.find((s) => s.attributes['http.request.resend_count'] === 1)!];
    expect(failed.status.code).toBe(ERROR);
    expect(failed.attributes).toMatchObject({ 'http.response.status_code': 503, 'error.type': '503', 'gateway.error.code': 'UPSTREAM_UNAVAILABLE' });
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
    await fetch(`${gw.url}/graphql?query=%7B__typename%7D&api_key=query-secret`, { headers: { 'x-graphql-yoga-csrf': '1', accept: 'application/json' } });
    await fetch(`${gw.url}/not-ours/path-secret`);
    const serverSpans = () => receiver.spans().filter((s) => s.kind === SERVER);
    await vi.waitFor(() => expect(serverSpans().length).toBeGreaterThanOrEqual(3), { timeout: 10_000, interval: 50 });
    expect(serverSpans().find((s) => s.name === 'GET /graphql')!.attributes).toMatchObject({ 'url.path': '/graphql', 'http.response.status_code': 200 });
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

describe('a subscription over graphql-ws', () => {
  const { receiver, gw } = useTracedGateway();

  it("is a SERVER span continuing the connection's traceparent, and each delivered event a span linked to its subscribe span", async () => {
    const client = createClient({
      url: `${gw.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { Authorization: `Bearer ${TOKENS.buyer}`, traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
    });
    const received: unknown[] = [];
    const dispose = client.subscribe(
      { query: 'subscription Offers { marketplaceEvents(events: ["offer.created"]) { id } }' },
      { next: (value) => received.push(value), error: () => undefined, complete: () => undefined },
    );
    await vi.waitFor(() => expect(receiver.spans().some((s) => s.name === 'graphql.subscribe')).toBe(true), { timeout: 10_000, interval: 50 });
    // Until two have arrived: the event source may start listening a moment after the set-up span ends.
    for (let sent = 0; received.length < 2 && sent < 20; sent++) {
      const before = received.length;
      expect((await postWebhook(gw.url, eventFor({ username: 'alice' }, 'offer.created'))).status).toBe(202);
      await until(() => received.length > before, 1000).catch(() => undefined);
    }
    expect(received.length).toBe(2);
    await vi.waitFor(() => expect(receiver.spans().filter((s) => s.name === 'subscription event Offers')).toHaveLength(received.length), { timeout: 10_000, interval: 50 });
    dispose();
    await client.dispose();

    const spans = receiver.spans();
    const operation = spans.find((s) => s.name === 'graphql-ws operation')!;
    expect(operation).toMatchObject({ kind: SERVER, traceId: CALLER_TRACE, parentSpanId: CALLER_SPAN });
    const subscribe = spans.find((s) => s.name === 'graphql.subscribe')!;
    expect(subscribe).toMatchObject({ traceId: CALLER_TRACE, parentSpanId: operation.spanId });
    expect(subscribe.attributes).toMatchObject({ 'graphql.operation.type': 'subscription', 'graphql.operation.name': 'Offers' });
    const events = spans.filter((s) => s.name === 'subscription event Offers');
    for (const event of events) {
      // A trace of its own per event, so one long subscription is not one endless trace.
      expect(event.traceId).not.toBe(CALLER_TRACE);
      expect(event.links).toEqual([{ traceId: CALLER_TRACE, spanId: subscribe.spanId }]);
    }
    expect(events.map((e) => e.attributes['gateway.subscription.event']).sort()).toEqual(received.map((_, i) => i + 1));
    expect(Buffer.concat(receiver.exports.map((e) => e.body)).toString('latin1')).not.toContain(TOKENS.buyer);
  });
});

describe('a call refused by an open circuit breaker', () => {
  // No item store: its calls fail at once, and one failed call opens its circuit.
  const { receiver, gw } = useTracedGateway({ BREAKER_FAILURES: '1', UPSTREAM_RETRIES: '0' }, ['marketplace', 'seo']);

  it('is an event on the span that wanted the call, and no CLIENT span', async () => {
    const headers = { 'x-items-api-key': ITEMS_KEY };
    expect((await gw.query('query First { items { id } }', { headers })).errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    const refused = await gw.query('query Second { items { id } }', { headers });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    const executeOf = (name: string) => receiver.spans().find((s) => s.name === 'graphql.execute' && s.attributes['graphql.operation.name'] === name);
    await vi.waitFor(() => expect(executeOf('Second')).toBeDefined(), { timeout: 10_000, interval: 50 });
    const second = executeOf('Second')!;
    expect(second.events).toEqual([
      { name: 'gateway.upstream.short_circuit', attributes: { 'gateway.upstream': 'items', 'gateway.upstream.operation': 'listItems', 'gateway.error.code': 'UPSTREAM_UNAVAILABLE' } },
    ]);
    expect(receiver.spans().filter((s) => s.kind === CLIENT && s.traceId === second.traceId)).toEqual([]);
    expect(receiver.spans().filter((s) => s.kind === CLIENT && s.traceId === executeOf('First')!.traceId)).toHaveLength(1);
  });
});

describe('a read served by the reference-data cache', () => {
  const { receiver, gw } = useTracedGateway({ REFERENCE_CACHE_TTL_MS: '60000' });

  it('is a cache-hit event instead of a CLIENT span', async () => {
    await gw.query('query Miss { categories { slug } }');
    await gw.query('query Hit { categories { slug } }');
    const executeOf = (name: string) => receiver.spans().find((s) => s.name === 'graphql.execute' && s.attributes['graphql.operation.name'] === name);
    await vi.waitFor(() => expect(executeOf('Hit')).toBeDefined(), { timeout: 10_000, interval: 50 });
    const clientsOf = (name: string) => receiver.spans().filter((s) => s.kind === CLIENT && s.traceId === executeOf(name)!.traceId);
    expect(clientsOf('Miss').map((s) => s.attributes['gateway.upstream.operation'])).toEqual(['categoriesIndex']);
    expect(clientsOf('Hit')).toEqual([]);
    expect(executeOf('Hit')!.events).toEqual([{ name: 'gateway.cache.hit', attributes: { 'gateway.cache': 'reference-data', 'gateway.cache.key': 'categories' } }]);
  });
});

describe('a document the parse cache answers', () => {
  const { receiver, gw } = useTracedGateway();

  it('has no parse or validate span on its second request (nothing was parsed or validated), and all the rest', async () => {
    const query = 'query Repeated { seller(username: "pixelcraft") { name } }';
    const traces = ['4bf92f3577b34da6a3ce929d0e0e4701', '4bf92f3577b34da6a3ce929d0e0e4702'];
    for (const trace of traces) {
      const response = await gw.query(query, { headers: { traceparent: `00-${trace}-${CALLER_SPAN}-01` } });
      expect(response.errors).toBeUndefined();
    }
    const namesIn = (trace: string) => receiver.spans().filter((s) => s.traceId === trace).map((s) => s.name).sort();
    await vi.waitFor(() => expect(namesIn(traces[1]!)).toContain('graphql.execute'), { timeout: 10_000, interval: 50 });
    await vi.waitFor(() => expect(namesIn(traces[0]!)).toContain('graphql.execute'), { timeout: 10_000, interval: 50 });
    const client = 'GET /api/v1/sellers/{username}';
    expect(namesIn(traces[0]!)).toEqual([client, 'POST /graphql', 'graphql.execute', 'graphql.parse', 'graphql.validate'].sort());
    expect(namesIn(traces[1]!)).toEqual([client, 'POST /graphql', 'graphql.execute'].sort());
  });
});

describe("a request the caller's traceparent marks unsampled", () => {
  const { receiver, gw } = useTracedGateway();

  it('makes one sampling decision and no other span: none per phase or upstream attempt, yet passes the trace on unsampled', async () => {
    const tracer = activeTracer()!;
    const startSpan = vi.spyOn(tracer, 'startSpan');
    try {
      const response = await gw.query('query Unsampled { seller(username: "pixelcraft") { name gigs(first: 2) { totalCount } } }', {
        headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-00` },
      });
      expect(response.errors).toBeUndefined();
      expect(startSpan.mock.calls.map(([name]) => name)).toEqual(['POST /graphql']);
    } finally {
      startSpan.mockRestore();
    }
    const calls = gw.calls('marketplace');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(String(call.headers.traceparent)).toMatch(new RegExp(`^00-${CALLER_TRACE}-[0-9a-f]{16}-00$`));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.spans()).toEqual([]);
  });
});

describe('tracing off (no OTLP endpoint)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway();
  });
  afterAll(() => gw?.close());

  it('sends no traceparent upstream, even when the caller sent one', async () => {
    const response = await gw.query('{ seller(username: "pixelcraft") { name } }', { headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` } });
    expect(response.errors).toBeUndefined();
    const calls = gw.calls('marketplace');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers.traceparent).toBeUndefined();
  });
});
