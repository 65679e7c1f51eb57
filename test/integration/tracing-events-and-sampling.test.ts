/**
 * Traces beyond one query's spans: a graphql-ws subscription (a SERVER span
 * continuing the connection's traceparent, one linked span per event), a call
 * refused by an open breaker and a read served from the reference-data cache
 * (events instead of CLIENT spans), a caller's unsampled traceparent (one
 * sampling decision, no span, the trace passed on), and tracing off (no
 * traceparent upstream).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ITEMS_KEY, startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';
import { useTracedGateway } from '../helpers/traced-gateway.js';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { eventFor, postWebhook, until } from '../helpers/events.js';
import { activeTracer } from '../../src/tracing.js';
import { CALLER_SPAN, CALLER_TRACE, CLIENT, SERVER } from './tracing-fixtures.js';

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
    await vi.waitFor(() => expect(receiver.spans().some((s) => s.name === 'graphql.subscribe')).toBe(true), {
      timeout: 10_000,
      interval: 50,
    });
    // Until two have arrived: the event source may start listening a moment after the set-up span ends.
    for (let sent = 0; received.length < 2 && sent < 20; sent++) {
      const before = received.length;
      expect((await postWebhook(gw.url, eventFor({ username: 'alice' }, 'offer.created'))).status).toBe(202);
      await until(() => received.length > before, 1000).catch(() => undefined);
    }
    expect(received.length).toBe(2);
    await vi.waitFor(() => expect(receiver.spans().filter((s) => s.name === 'subscription event Offers')).toHaveLength(received.length), {
      timeout: 10_000,
      interval: 50,
    });
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
    const executeOf = (name: string) =>
      receiver.spans().find((s) => s.name === 'graphql.execute' && s.attributes['graphql.operation.name'] === name);
    await vi.waitFor(() => expect(executeOf('Second')).toBeDefined(), { timeout: 10_000, interval: 50 });
    const second = executeOf('Second')!;
    expect(second.events).toEqual([
      {
        name: 'gateway.upstream.short_circuit',
        attributes: {
          'gateway.upstream': 'items',
          'gateway.upstream.operation': 'listItems',
          'gateway.error.code': 'UPSTREAM_UNAVAILABLE',
        },
      },
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
    const executeOf = (name: string) =>
      receiver.spans().find((s) => s.name === 'graphql.execute' && s.attributes['graphql.operation.name'] === name);
    await vi.waitFor(() => expect(executeOf('Hit')).toBeDefined(), { timeout: 10_000, interval: 50 });
    const clientsOf = (name: string) => receiver.spans().filter((s) => s.kind === CLIENT && s.traceId === executeOf(name)!.traceId);
    expect(clientsOf('Miss').map((s) => s.attributes['gateway.upstream.operation'])).toEqual(['categoriesIndex']);
    expect(clientsOf('Hit')).toEqual([]);
    expect(executeOf('Hit')!.events).toEqual([
      { name: 'gateway.cache.hit', attributes: { 'gateway.cache': 'reference-data', 'gateway.cache.key': 'categories' } },
    ]);
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
    const namesIn = (trace: string) =>
      receiver
        .spans()
        .filter((s) => s.traceId === trace)
        .map((s) => s.name)
        .sort();
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
    const response = await gw.query('{ seller(username: "pixelcraft") { name } }', {
      headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
    });
    expect(response.errors).toBeUndefined();
    const calls = gw.calls('marketplace');
    expect(calls.length).toBeGreaterThan(0);
    for (const call of calls) expect(call.headers.traceparent).toBeUndefined();
  });
});
