/**
 * The listener bounds what one address can hold open: connections above
 * MAX_CONNECTIONS_PER_IP are closed at once, and a request whose headers do
 * not arrive within HEADERS_TIMEOUT_MS is answered 408 and closed.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpServer } from '../../src/http-server.js';
import { loadConfig } from '../../src/config.js';

const servers: Server[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function start(options: Parameters<typeof createHttpServer>[1]) {
  const server = createHttpServer((_req, res) => res.end('ok'), options);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** Opens a socket; `closed` resolves with what the server wrote before closing it. */
function open(port: number) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('utf8')));
  socket.on('error', () => undefined);
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, connected, closed };
}

const isOpen = (closed: Promise<string>, ms: number) =>
  Promise.race([closed.then(() => false), new Promise<boolean>((r) => setTimeout(() => r(true), ms))]);

describe('connections per address', () => {
  it('closes connections above the cap and serves the ones below it', async () => {
    const port = await start({ requestTimeoutMs: 30_000, headersTimeoutMs: 10_000, maxConnectionsPerIp: 3 });
    const held = [open(port), open(port), open(port)];
    await Promise.all(held.map((c) => c.connected));
    const extra = open(port);
    await extra.connected;
    expect(await Promise.race([extra.closed.then(() => 'closed'), new Promise((r) => setTimeout(() => r('still open'), 3000))])).toBe(
      'closed',
    );
    // The ones under the cap are untouched and still served.
    held[0]!.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(await held[0]!.closed).toContain('200 OK');
    expect(await isOpen(held[1]!.closed, 200)).toBe(true);
    // A slot freed is a slot available again.
    const next = open(port);
    await next.connected;
    next.socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(await next.closed).toContain('200 OK');
  });
});

describe('slow headers', () => {
  it('answers 408 and closes a connection whose headers do not arrive in time', async () => {
    const port = await start({ requestTimeoutMs: 30_000, headersTimeoutMs: 500, maxConnectionsPerIp: 10 });
    const slow = open(port);
    await slow.connected;
    slow.socket.write('GET / HTTP/1.1\r\nHost: x\r\n'); // and never the blank line
    const started = Date.now();
    const written = await Promise.race([slow.closed, new Promise<string>((r) => setTimeout(() => r('still open after 10 s'), 10_000))]);
    expect(written).toContain('408');
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 15_000);
});

describe('configuration', () => {
  it('reads MAX_CONNECTIONS_PER_IP and HEADERS_TIMEOUT_MS, with bounded defaults', () => {
    expect(loadConfig({}).connections).toEqual({ maxPerIp: 128, headersTimeoutMs: 10_000 });
    expect(loadConfig({ MAX_CONNECTIONS_PER_IP: '0', HEADERS_TIMEOUT_MS: '2500' }).connections).toEqual({
      maxPerIp: 0,
      headersTimeoutMs: 2500,
    });
  });
});
