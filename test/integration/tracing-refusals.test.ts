/**
 * The spans of requests that do not run to an answer of data: a syntax error, an invalid document, an operation
 * the cost limit refuses before it runs, a route answered before GraphQL and a path that is none of ours, a CORS
 * preflight Yoga's own plugin answers, a chunked body abandoned halfway, and a graphql-ws operation refused
 * before it runs (graphql-ws would otherwise refuse it itself, where no span of ours ends). Each
 * request's trace holds exactly its spans, every one ended (so exported), with error status where the phase
 * failed, and the request id is let go of once the request is over (its log lines no longer find its trace).
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { useTracedGateway } from '../helpers/traced-gateway.js';
import { requestTraceById } from '../../src/tracing.js';
import { CALLER_SPAN, CLIENT, SERVER } from './tracing-fixtures.js';

/** OTLP status code of a span in error. */
const ERROR = 2;

const { receiver, gw } = useTracedGateway({ MAX_COST: '50', CORS_ORIGINS: 'https://app.example' });

let traces = 0;
/** Sends `init` to `path` under a trace of its own and a request id of its own; the trace id. */
async function send(
  path: string,
  init: { method?: string; body?: unknown; chunked?: boolean } = {},
): Promise<{ trace: string; status: number; id: string }> {
  const trace = `4bf92f3577b34da6a3ce929d0e0e${String(4800 + ++traces).padStart(4, '0')}`;
  const id = `refusal-${traces}`;
  const response = await fetch(`${gw.url}${path}`, {
    method: init.method ?? 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      traceparent: `00-${trace}-${CALLER_SPAN}-01`,
      'x-request-id': id,
    },
    ...(init.body !== undefined && { body: init.chunked ? chunked(JSON.stringify(init.body)) : JSON.stringify(init.body) }),
    ...(init.chunked && { duplex: 'half' }),
  } as RequestInit);
  await response.arrayBuffer();
  return { trace, status: response.status, id };
}

/** `text` as a stream of two chunks: sent without a Content-Length (chunked), which the body limit reads whole first. */
function chunked(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const half = Math.floor(bytes.length / 2);
  return new ReadableStream({
    start(controller) {
      controller.enqueue(bytes.subarray(0, half));
      controller.enqueue(bytes.subarray(half));
      controller.close();
    },
  });
}

/** The trace's spans once its SERVER span (the last to end) has been exported: name, status code and error codes. */
async function spansOf(trace: string) {
  await vi.waitFor(() => expect(receiver.spans().some((s) => s.traceId === trace && s.kind === SERVER)).toBe(true), {
    timeout: 10_000,
    interval: 20,
  });
  // The SERVER span ends last; a span ended before it is in the same export or an earlier one.
  return receiver
    .spans()
    .filter((s) => s.traceId === trace)
    .map((s) => ({ name: s.name, status: s.status.code, codes: s.attributes['gateway.error.codes'] }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

describe('a traced request refused or failed before an answer of data', () => {
  it('a syntax error: the parse span in error, nothing validated or executed', async () => {
    const { trace, status, id } = await send('/graphql', { body: { query: '{ seller(username: "x") { name }' } });
    expect(status).toBe(400);
    expect(await spansOf(trace)).toEqual([
      { name: 'POST /graphql', status: 0, codes: undefined },
      { name: 'graphql.parse', status: ERROR, codes: undefined },
    ]);
    expect(requestTraceById(id)).toBeUndefined();
  });

  it('an invalid document: parsed and validated, not executed', async () => {
    const { trace, status } = await send('/graphql', { body: { query: '{ seller(username: "x") { noSuchField } }' } });
    expect(status).toBe(400);
    expect(await spansOf(trace)).toEqual([
      { name: 'POST /graphql', status: 0, codes: undefined },
      { name: 'graphql.parse', status: 0, codes: undefined },
      { name: 'graphql.validate', status: 0, codes: undefined },
    ]);
  });

  it('an operation over the cost limit: its execute span carries the refusal, and no upstream is called', async () => {
    gw.resetCalls();
    const query = '{ sellers(first: 100) { nodes { gigs(first: 100) { nodes { reviews(first: 100) { nodes { rating } } } } } } }';
    const { trace, id } = await send('/graphql', { body: { query } });
    expect(await spansOf(trace)).toEqual([
      { name: 'POST /graphql', status: 0, codes: undefined },
      { name: 'graphql.execute', status: ERROR, codes: ['QUERY_TOO_COMPLEX'] },
      { name: 'graphql.parse', status: 0, codes: undefined },
      { name: 'graphql.validate', status: 0, codes: undefined },
    ]);
    expect(gw.calls('marketplace')).toEqual([]);
    expect(requestTraceById(id)).toBeUndefined();
  });

  it('a route answered before GraphQL, and a path that is none of ours: one SERVER span each', async () => {
    const health = await send('/healthz', { method: 'GET' });
    expect(health.status).toBe(200);
    expect(await spansOf(health.trace)).toEqual([{ name: 'GET /healthz', status: 0, codes: undefined }]);
    const unknown = await send('/no/such/path', { method: 'GET' });
    expect(unknown.status).toBe(404);
    expect(await spansOf(unknown.trace)).toEqual([{ name: 'GET', status: 0, codes: undefined }]);
    expect(requestTraceById(unknown.id)).toBeUndefined();
  });

  it("a CORS preflight, answered by Yoga's own plugin before ours: its SERVER span all the same", async () => {
    const trace = `4bf92f3577b34da6a3ce929d0e0e${String(4800 + ++traces).padStart(4, '0')}`;
    const response = await fetch(`${gw.url}/graphql`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        traceparent: `00-${trace}-${CALLER_SPAN}-01`,
      },
    });
    expect(response.status).toBeLessThan(300);
    expect(await spansOf(trace)).toEqual([{ name: 'OPTIONS /graphql', status: 0, codes: undefined }]);
  });

  it('a chunked body the caller abandons halfway: its SERVER span ended, its request id let go of', async () => {
    const trace = `4bf92f3577b34da6a3ce929d0e0e${String(4800 + ++traces).padStart(4, '0')}`;
    const id = `abandoned-${traces}`;
    const { port } = new URL(gw.url);
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/graphql',
      headers: {
        'content-type': 'application/json',
        'transfer-encoding': 'chunked',
        traceparent: `00-${trace}-${CALLER_SPAN}-01`,
        'x-request-id': id,
      },
    });
    req.on('error', () => undefined);
    req.write('{"query": "{ seller(username: ');
    await vi.waitFor(() => expect(requestTraceById(id)).toBeDefined(), { timeout: 5_000, interval: 10 });
    req.destroy();
    await vi.waitFor(() => expect(requestTraceById(id)).toBeUndefined(), { timeout: 5_000, interval: 20 });
    expect((await spansOf(trace)).map((span) => span.name)).toEqual(['POST /graphql']);
  });
});

describe('a traced request whose body came chunked (the body limit reads it and hands on a request of its own)', () => {
  it('is one trace all the same: its SERVER span ended, its phases and upstream call under it, its id let go of', async () => {
    const { trace, status, id } = await send('/graphql', { body: { query: '{ seller(username: "pixelcraft") { name } }' }, chunked: true });
    expect(status).toBe(200);
    expect(await spansOf(trace)).toEqual([
      { name: 'GET /api/v1/sellers/{username}', status: 0, codes: undefined },
      { name: 'POST /graphql', status: 0, codes: undefined },
      { name: 'graphql.execute', status: 0, codes: undefined },
      { name: 'graphql.parse', status: 0, codes: undefined },
      { name: 'graphql.validate', status: 0, codes: undefined },
    ]);
    expect(requestTraceById(id)).toBeUndefined();
  });
});

describe('a traced graphql-ws operation refused before it runs', () => {
  it('a document of two operations and no operationName: refused as over HTTP, its SERVER span ended in error', async () => {
    const trace = `4bf92f3577b34da6a3ce929d0e0e${String(4800 + ++traces).padStart(4, '0')}`;
    const client = createClient({
      url: `${gw.url.replace('http', 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { traceparent: `00-${trace}-${CALLER_SPAN}-01` },
    });
    const errors = await new Promise<unknown>((resolve) => {
      client.subscribe(
        { query: 'query A { __typename } query B { __typename }' },
        { next: () => undefined, error: resolve, complete: () => resolve([]) },
      );
    });
    await client.dispose();
    expect(errors).toMatchObject([{ extensions: { code: 'OPERATION_RESOLUTION_FAILURE' } }]);
    const spans = await vi.waitFor(
      () => {
        const found = receiver.spans().filter((s) => s.traceId === trace && s.name === 'graphql-ws operation');
        expect(found).toHaveLength(1);
        return found;
      },
      { timeout: 10_000, interval: 20 },
    );
    expect(spans[0]!.status.code).toBe(ERROR);
  });
});

describe('a traced batch (an array body: its operations run at once)', () => {
  it("parents each operation's upstream calls under its own graphql.execute span", async () => {
    const trace = `4bf92f3577b34da6a3ce929d0e0e${String(4800 + ++traces).padStart(4, '0')}`;
    const response = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${trace}-${CALLER_SPAN}-01`, 'x-request-id': `batch-${traces}` },
      body: JSON.stringify([
        // A gig's reviews are read once its gigs have come: when the other operation has begun too.
        { query: 'query Seller { seller(username: "pixelcraft") { gigs(first: 1) { nodes { reviews(first: 1) { totalCount } } } } }' },
        { query: 'query Gigs { gigs(first: 1) { nodes { slug } } }' },
      ]),
    });
    expect(response.status).toBe(200);
    await vi.waitFor(() => expect(receiver.spans().filter((s) => s.traceId === trace && s.kind === SERVER)).toHaveLength(1), {
      timeout: 10_000,
      interval: 20,
    });
    const spans = receiver.spans().filter((s) => s.traceId === trace);
    const executeOf = (name: string) => spans.find((s) => s.name === 'graphql.execute' && s.attributes['graphql.operation.name'] === name)!;
    const calls = spans.filter((s) => s.kind === CLIENT);
    const reviews = calls.filter((s) => String(s.name).includes('/reviews'));
    expect(reviews).toHaveLength(1);
    expect(reviews[0]!.parentSpanId).toBe(executeOf('Seller').spanId);
    const underGigs = calls.filter((s) => s.parentSpanId === executeOf('Gigs').spanId);
    expect(underGigs.map((s) => s.name)).toEqual(['GET /api/v1/gigs']);
    // And the log line of each upstream call names its own operation's span, as its CLIENT span's parent.
    const lines = gw.logs
      .join('')
      .split('\n')
      .filter((line) => line.includes(`"batch-${traces}"`) && line.includes('"upstream call"'))
      .map((line) => JSON.parse(line) as { operation: string; span_id: string });
    const reviewsOperation = reviews[0]!.attributes['gateway.upstream.operation'];
    expect(lines.filter((line) => line.operation === reviewsOperation).map((line) => line.span_id)).toEqual([executeOf('Seller').spanId]);
  });
});
