/**
 * SIGTERM as an orchestrator sends it, to the real process (src/server.ts)
 * over a sandbox in this process whose item store answers slowly: the
 * request in flight still gets its data, /readyz says 503 while the process
 * drains, new connections are refused once the listener closes, open
 * subscriptions get a `complete`, and the process exits 0 within
 * SHUTDOWN_GRACE_MS. A request that outlives the grace period is cut and the
 * process exits 1.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connect } from 'node:net';
import { Agent, request } from 'node:http';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { spawnGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ITEMS_KEY } from '../helpers/gateway.js';
import { until } from '../helpers/events.js';

const ADMIN_KEY = 'drain-admin-key';
const ITEM_QUERY = '{ item(id: "1") { id name } }';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

async function startGateway(env: Record<string, string>): Promise<{ gateway: GatewayProcess; port: number; url: string }> {
  const gateway = spawnGatewayProcess({
    PORT: '0',
    LOG_FORMAT: 'json',
    GATEWAY_ADMIN_KEY: ADMIN_KEY,
    MARKETPLACE_URL: sandbox.urls.marketplace!,
    SEO_URL: sandbox.urls.seo!,
    ITEMS_URL: sandbox.urls.items!,
    ...env,
  });
  await until(() => /Gateway ready: http:\/\/[^:]+:(\d+)\/graphql/.test(gateway.output()), 30_000);
  const port = Number(/Gateway ready: http:\/\/[^:]+:(\d+)\/graphql/.exec(gateway.output())![1]);
  return { gateway, port, url: `http://127.0.0.1:${port}` };
}

/** A slow item query: resolves with the caller's view of it (status and body, or the failure). */
function slowItemQuery(url: string) {
  return fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-items-api-key': ITEMS_KEY },
    body: JSON.stringify({ query: ITEM_QUERY }),
  }).then(
    async (response) => ({
      status: response.status,
      body: (await response.json()) as { data?: { item?: { id: string } }; errors?: unknown },
    }),
    (error: unknown) => ({ status: 0, failure: String(error) }),
  );
}

/** Resolves 'refused' once a TCP connect to the port is refused (the listener is closed). */
async function refused(port: number): Promise<'refused'> {
  for (;;) {
    const outcome = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => (socket.destroy(), resolve('accepted')));
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    if (outcome === 'ECONNREFUSED') return 'refused';
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('SIGTERM drain', () => {
  it('finishes the request in flight, completes subscriptions, refuses new connections and exits 0 within the grace period', async () => {
    const graceMs = 15_000;
    const { gateway, port, url } = await startGateway({ SHUTDOWN_GRACE_MS: String(graceMs) });

    const sseResponse = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-gateway-admin-key': ADMIN_KEY },
      body: JSON.stringify({ query: 'subscription { marketplaceEvents { id } }' }),
    });
    expect(sseResponse.status).toBe(200);
    const sseText = new Response(sseResponse.body).text();
    const client = createClient({
      url: `ws://127.0.0.1:${port}/graphql`,
      webSocketImpl: WebSocket,
      connectionParams: { 'x-gateway-admin-key': ADMIN_KEY },
      retryAttempts: 0,
    });
    let acknowledged = false;
    client.on('connected', () => (acknowledged = true));
    const ws = new Promise<string>((resolve) => {
      client.subscribe(
        { query: 'subscription { marketplaceEvents { id } }' },
        { next: () => undefined, error: () => resolve('error'), complete: () => resolve('complete') },
      );
    });
    await until(() => acknowledged, 10_000);

    sandbox.services.items!.control.latencyMs = 4_000;
    const inFlight = slowItemQuery(url);
    await until(() => sandbox.services.items!.control.inFlight > 0, 10_000);
    const signalled = Date.now();
    gateway.child.kill('SIGTERM');

    // Ordered: the listener closes while the slow answer is still on its way.
    const first = await Promise.race([refused(port), inFlight.then(() => 'answered')]);
    expect(first).toBe('refused');
    expect(await sseText).toContain('event: complete');
    expect(await ws).toBe('complete');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect('body' in answer && answer.body.data?.item?.id).toBe('1');
    expect(await gateway.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(graceMs);
    expect(gateway.output()).toContain('"cutRequests":0');
    await client.dispose();
  }, 60_000);

  it('completes a graphql-sse single-connection subscription, ends its reserved stream and exits 0 within the grace period', async () => {
    const graceMs = 15_000;
    const { gateway, url } = await startGateway({ SHUTDOWN_GRACE_MS: String(graceMs) });
    const token = await (await fetch(`${url}/graphql`, { method: 'PUT' })).text();
    const stream = await fetch(`${url}/graphql`, { headers: { accept: 'text/event-stream', 'x-graphql-event-stream-token': token } });
    expect(stream.status).toBe(200);
    const streamText = new Response(stream.body).text();
    const operation = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-graphql-event-stream-token': token, 'x-gateway-admin-key': ADMIN_KEY },
      body: JSON.stringify({ query: 'subscription { marketplaceEvents { id } }', extensions: { operationId: 'events' } }),
    });
    expect(operation.status).toBe(202);
    const signalled = Date.now();
    gateway.child.kill('SIGTERM');
    expect(await streamText).toContain('event: complete');
    expect(await gateway.exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(graceMs);
  }, 60_000);

  it('with SHUTDOWN_DELAY_MS answers /readyz 503 and still serves queries before closing the listener', async () => {
    const { gateway, port, url } = await startGateway({ SHUTDOWN_DELAY_MS: '3000', SHUTDOWN_GRACE_MS: '10000' });
    expect((await fetch(`${url}/readyz`)).status).toBe(200);
    sandbox.services.items!.control.latencyMs = 2_000;
    const inFlight = slowItemQuery(url);
    await until(() => sandbox.services.items!.control.inFlight > 0, 10_000);
    gateway.child.kill('SIGTERM');

    let readyz: { status: number; body: { status?: string; reason?: string } } | undefined;
    for (let i = 0; i < 100 && readyz?.status !== 503; i++) {
      const response = await fetch(`${url}/readyz`);
      readyz = { status: response.status, body: (await response.json()) as { status?: string; reason?: string } };
      if (readyz.status !== 503) await new Promise((r) => setTimeout(r, 50));
    }
    expect(readyz).toEqual({ status: 503, body: { status: 'not ready', reason: 'shutting down' } });
    // Not ready, yet serving: a balancer that has not noticed yet loses nothing.
    sandbox.services.items!.control.latencyMs = 0;
    const during = await fetch(`${url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-items-api-key': ITEMS_KEY, connection: 'close' },
      body: JSON.stringify({ query: ITEM_QUERY }),
    });
    expect(during.status).toBe(200);
    expect(((await during.json()) as { data: { item: { id: string } } }).data.item.id).toBe('1');

    expect(await refused(port)).toBe('refused');
    const answer = await inFlight;
    expect(answer.status).toBe(200);
    expect(await gateway.exited).toBe(0);
  }, 60_000);

  it('answers every request the listener already took (busy keep-alive connections, the accept queue); one in flight says Connection: close', async () => {
    const { gateway, port } = await startGateway({ SHUTDOWN_GRACE_MS: '10000' });
    const keepAlive = new Agent({ keepAlive: true, maxSockets: 17 });
    const fresh = new Agent({ keepAlive: false });
    const post = (agent: Agent, query = '{ __typename }', headers: Record<string, string> = {}) =>
      new Promise<{ status: number; connection?: string; failure?: string }>((resolve) => {
        const req = request(
          { host: '127.0.0.1', port, path: '/graphql', method: 'POST', agent, headers: { 'content-type': 'application/json', ...headers } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
          },
        );
        req.on('error', (error: NodeJS.ErrnoException) => resolve({ status: 0, failure: error.code ?? error.message }));
        req.end(JSON.stringify({ query }));
      });
    // 16 clients, each with its keep-alive connection open and idle.
    expect((await Promise.all(Array.from({ length: 16 }, () => post(keepAlive)))).map((r) => r.status)).toEqual(Array(16).fill(200));
    expect(keepAlive.freeSockets[`127.0.0.1:${port}:`]?.length).toBe(16);
    // And a slow one in flight on a keep-alive connection of its own.
    sandbox.services.items!.control.latencyMs = 1500;
    const slow = post(keepAlive, ITEM_QUERY, { 'x-items-api-key': ITEMS_KEY });
    await until(() => sandbox.services.items!.control.inFlight > 0, 10_000);

    // The process is busy (stopped here, so the order is certain): the requests reach its sockets and its
    // accept queue, unread, and SIGTERM comes after them.
    gateway.child.kill('SIGSTOP');
    const sent = [...Array.from({ length: 16 }, () => post(keepAlive)), ...Array.from({ length: 4 }, () => post(fresh))];
    await new Promise((resolve) => setTimeout(resolve, 300));
    gateway.child.kill('SIGTERM');
    gateway.child.kill('SIGCONT');

    // Each answered (those read before the signal was seen may have been answered before it, keep-alive)...
    expect((await Promise.all(sent)).map(({ status, failure }) => ({ status, failure }))).toEqual(
      Array(20).fill({ status: 200, failure: undefined }),
    );
    // ...and the one in flight told not to send another request on its connection, about to close.
    expect(await slow).toEqual({ status: 200, connection: 'close' });
    expect(await gateway.exited).toBe(0);
    expect(gateway.output()).toContain('"cutRequests":0');
    keepAlive.destroy();
  }, 60_000);

  it('cuts a request that outlives SHUTDOWN_GRACE_MS and exits 1', async () => {
    const { gateway, url } = await startGateway({ SHUTDOWN_GRACE_MS: '1500' });
    sandbox.services.items!.control.latencyMs = 20_000;
    const inFlight = slowItemQuery(url);
    await until(() => sandbox.services.items!.control.inFlight > 0, 10_000);
    const signalled = Date.now();
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(1);
    // Long before the upstream would have answered: the grace period bounds the wait.
    expect(Date.now() - signalled).toBeLessThan(12_000);
    expect((await inFlight).status).toBe(0);
    expect(gateway.output()).toContain('grace period over: cutting the requests still in flight');
  }, 60_000);
});
