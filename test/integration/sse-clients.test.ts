/**
 * Server-sent events as the mainstream clients use them: graphql-sse's client
 * in single-connection mode (`PUT /graphql` reserves a stream, operations are
 * POSTed into it), and a browser-style EventSource (the `eventsource`
 * package, which follows the WHATWG reconnection rules) that is refused for
 * missing credentials and must then stop instead of reconnecting forever.
 */
import { createClient, type Client } from 'graphql-sse';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';
import { eventFor, postWebhook, until } from '../helpers/events.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw?.close());

/** The protocol by hand: PUT reserves a stream, then each operation is a POST naming its token. */
async function reservedStream(url: string) {
  const token = await (await fetch(`${url}/graphql`, { method: 'PUT' })).text();
  return (body: Record<string, unknown>) =>
    fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-event-stream-token': token },
      body: JSON.stringify({ ...body, extensions: { operationId: String(Math.random()) } }),
    });
}

type Result = { data?: Record<string, unknown> | null; errors?: { message: string; extensions?: Record<string, unknown> }[] };

describe('graphql-sse, singleConnection: true', () => {
  let client: Client<true>;
  beforeAll(() => {
    client = createClient({
      url: `${gw.url}/graphql`,
      singleConnection: true,
      retryAttempts: 0,
      headers: { authorization: `Bearer ${TOKENS.buyer}` },
    });
  });
  afterAll(() => client?.dispose());

  const once = async (query: string) => {
    const results: Result[] = [];
    for await (const result of client.iterate({ query })) results.push(result as Result);
    return results;
  };

  it("reserves a stream with PUT and runs a query in it, with the caller's credentials", async () => {
    const [result] = await once('{ me { username } seller(username: "pixelcraft") { name } }');
    expect(result?.errors).toBeUndefined();
    expect(result?.data).toMatchObject({ me: { username: 'alice' }, seller: { name: expect.any(String) } });
    expect(gw.calls('marketplace').some((call) => call.headers.authorization === `Bearer ${TOKENS.buyer}`)).toBe(true);
  });

  it("delivers a subscription's events through the same stream", async () => {
    const received: Result[] = [];
    const stop = client.subscribe(
      { query: 'subscription { marketplaceEvents { event data } }' },
      { next: (value) => void received.push(value as Result), error: () => {}, complete: () => {} },
    );
    const event = eventFor({ buyer_username: 'alice' });
    // The subscription is registered once the operation's POST is answered; keep delivering fresh events until one arrives.
    await until(() => {
      if (received.length === 0) void postWebhook(gw.url, { ...event, id: `${event.id}_${Date.now()}` });
      return received.length > 0;
    }, 10_000);
    stop();
    expect(received[0]?.data).toMatchObject({ marketplaceEvents: { event: 'order.created' } });
  });

  it('refuses an invalid operation with 400 and its coded errors, as the protocol says, calling nothing', async () => {
    const operation = await reservedStream(gw.url);
    gw.resetCalls();
    const refused = await operation({ query: '{ nope }' });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Result).errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('single-connection mode with PERSISTED_DOCUMENTS_ONLY', () => {
  const trusted = '{ categories { slug } }';
  const id = `sha256:${createHash('sha256').update(trusted).digest('hex')}`;
  const folder = mkdtempSync(join(tmpdir(), 'sse-trusted-'));
  let only: TestGateway;
  beforeAll(async () => {
    writeFileSync(join(folder, 'documents.json'), JSON.stringify({ [id]: trusted }));
    only = await startTestGateway({ PERSISTED_DOCUMENTS: join(folder, 'documents.json'), PERSISTED_DOCUMENTS_ONLY: 'true' });
  });
  afterAll(async () => {
    await only?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it("refuses query text as over HTTP (the protocol's 400 with the coded error), calling nothing", async () => {
    const operation = await reservedStream(only.url);
    const refused = await operation({ query: trusted });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as Result).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
    expect(only.calls('marketplace')).toHaveLength(0);
  });
});

describe('an EventSource refused for missing credentials', () => {
  const url = () => `${gw.url}/graphql?query=${encodeURIComponent('subscription { marketplaceEvents { event } }')}`;

  it('is answered 401 with a JSON body, not a stream', async () => {
    const response = await fetch(url(), { headers: { accept: 'text/event-stream' } });
    expect(response.status).toBe(401);
    expect(response.headers.get('content-type')).toMatch(/^application\/(graphql-response\+)?json/);
    const body = (await response.json()) as Result;
    expect(body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('stops: one request, then CLOSED, no reconnection', async () => {
    let requests = 0;
    const counting: typeof fetch = (input, init) => (requests++, fetch(input, init));
    const source = new EventSource(url(), { fetch: counting });
    const failed = new Promise<void>((resolve) => (source.onerror = () => resolve()));
    await failed;
    // A reconnection would come after the stream's retry delay (EventSource's default is a few seconds at most).
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(source.readyState).toBe(EventSource.CLOSED);
    expect(requests).toBe(1);
    source.close();
  });

  it('still streams for a caller with credentials', async () => {
    const response = await fetch(url(), { headers: { accept: 'text/event-stream', authorization: `Bearer ${TOKENS.buyer}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await response.body?.cancel();
  });
});
