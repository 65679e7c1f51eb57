/**
 * The gateway as `npm start` runs it, in a child process: it says so and
 * exits non-zero when its port is taken or its trusted-documents file is unusable, and on Ctrl-C (SIGINT) it completes
 * open subscriptions at once (SSE and graphql-ws subscribers see a proper
 * `complete`, not a broken stream) and exits 0 well within its grace period.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { spawnGatewayProcess } from '../helpers/gateway-process.js';

const blockers: Server[] = [];
afterEach(async () => {
  for (const server of blockers.splice(0)) await new Promise((resolve) => server.close(resolve));
});

const spawnGateway = (env: Record<string, string>) => spawnGatewayProcess({ GATEWAY_ADMIN_KEY: 'process-admin-key', ...env });

async function waitFor<T>(check: () => T | undefined, ms: number, what: string): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const readyPort = (output: string) => /Gateway ready: http:\/\/[^:]+:(\d+)\/graphql/.exec(output)?.[1];

describe('gateway process', () => {
  it('exits non-zero at once, naming the port, when the port is taken', async () => {
    const blocker = createServer();
    blockers.push(blocker);
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    const gateway = spawnGateway({ PORT: String(port) });
    const code = await Promise.race([gateway.exited, new Promise<string>((r) => setTimeout(() => r('still running after 20 s'), 20_000))]);
    expect(code).not.toBe('still running after 20 s');
    expect(code).not.toBe(0);
    expect(gateway.output()).toContain(`port ${port} is in use (set PORT)`);
    // Once, not once in the log and again on stderr.
    expect(gateway.output().split(`port ${port} is in use`)).toHaveLength(2);
  }, 30_000);

  it('exits 1 at start-up, naming PERSISTED_DOCUMENTS, when the trusted-documents file is not usable', async () => {
    const gateway = spawnGateway({ PORT: '0', PERSISTED_DOCUMENTS: 'no/such/persisted-documents.json' });
    const code = await Promise.race([gateway.exited, new Promise<string>((r) => setTimeout(() => r('still running after 20 s'), 20_000))]);
    expect(code).toBe(1);
    expect(gateway.output()).toContain('PERSISTED_DOCUMENTS: no/such/persisted-documents.json: cannot be read (ENOENT)');
    expect(gateway.output()).not.toContain('Gateway ready');
  }, 30_000);

  it('on SIGINT completes an open SSE subscription and a graphql-ws one, then exits 0 promptly', async () => {
    const gateway = spawnGateway({ PORT: '0' });
    const port = await waitFor(() => readyPort(gateway.output()), 20_000, 'the gateway to listen');
    const url = `http://127.0.0.1:${port}/graphql`;

    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-gateway-admin-key': 'process-admin-key' },
      body: JSON.stringify({ query: 'subscription { marketplaceEvents { id } }' }),
    });
    expect(response.status).toBe(200);
    const stream = (async () => {
      let text = '';
      const reader = response.body!.getReader();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return { text, ended: 'cleanly' };
          text += new TextDecoder().decode(value);
        }
      } catch {
        return { text, ended: 'broken' };
      }
    })();

    const client = createClient({
      url: url.replace('http', 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { 'x-gateway-admin-key': 'process-admin-key' },
      retryAttempts: 0,
    });
    const ws = new Promise<string>((resolve) => {
      client.subscribe(
        { query: 'subscription { marketplaceEvents { id } }' },
        { next: () => undefined, error: () => resolve('error'), complete: () => resolve('complete') },
      );
    });
    // Both subscriptions are open (the WS one is acknowledged once the socket has connected).
    await new Promise((r) => setTimeout(r, 500));

    const signalled = Date.now();
    gateway.child.kill('SIGINT');
    const sse = await stream;
    expect(sse.ended).toBe('cleanly');
    expect(sse.text).toContain('event: complete');
    expect(await ws).toBe('complete');
    expect(await gateway.exited).toBe(0);
    // The grace period is 10 s; completing the subscriptions at once means not waiting it out.
    expect(Date.now() - signalled).toBeLessThan(8_000);
    await client.dispose();
  }, 40_000);

  it('says "press Ctrl-C again to force" while a request is still in flight, and a second SIGINT exits at once', async () => {
    const gateway = spawnGateway({ PORT: '0' });
    const port = await waitFor(() => readyPort(gateway.output()), 20_000, 'the gateway to listen');
    // A request whose body never finishes arriving: in flight until the grace period ends.
    const socket = connect(Number(port), '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write('POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"query":');
    await new Promise((r) => setTimeout(r, 300));
    gateway.child.kill('SIGINT');
    await waitFor(() => (gateway.output().includes('press Ctrl-C again to force') ? true : undefined), 5_000, 'the hint');
    const again = Date.now();
    gateway.child.kill('SIGINT');
    expect(await gateway.exited).not.toBe(0);
    expect(Date.now() - again).toBeLessThan(5_000);
    socket.destroy();
  }, 40_000);
});
