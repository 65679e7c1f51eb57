/**
 * The gateway's HTTP listener: the Node server around the Yoga handler, with
 * what one client can hold bounded (open connections per address, time to
 * send the headers, time for the whole request), and `listen`, which fails
 * with a message saying what to change instead of an 'error' event nobody
 * handles (graphql-ws's server swallows it: the process idled on, never listening).
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { rejectedRequests } from './metrics.js';

export interface HttpServerOptions {
  /** Whole-request bound (headers and body), longer than the GraphQL deadline so that one answers first. */
  requestTimeoutMs: number;
  /** The headers must arrive within this long, or the request is answered 408 and closed. */
  headersTimeoutMs: number;
  /** Open connections one remote address may hold; 0 means no cap. */
  maxConnectionsPerIp: number;
}

export function createHttpServer(handler: RequestListener, options: HttpServerOptions): Server {
  const headersTimeout = Math.min(options.headersTimeoutMs, options.requestTimeoutMs);
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: options.requestTimeoutMs,
      // Node enforces both timeouts only when it sweeps its connections (every 30 s by default),
      // so a 10 s header limit would really be up to 40 s.
      connectionsCheckingInterval: Math.max(100, Math.min(1000, Math.floor(headersTimeout / 2))),
    },
    handler,
  );
  if (options.maxConnectionsPerIp > 0) capConnectionsPerAddress(server, options.maxConnectionsPerIp);
  return server;
}

/** Closes a new connection at once when its address already holds `max` (WebSockets and SSE streams count). */
function capConnectionsPerAddress(server: Server, max: number): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? 'unknown';
    const count = open.get(address) ?? 0;
    if (count >= max) {
      rejectedRequests.inc({ reason: 'connections' });
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

export class ListenError extends Error {
  override name = 'ListenError';
}

function explain(error: NodeJS.ErrnoException, port: number, host: string): string {
  switch (error.code) {
    case 'EADDRINUSE':
      return `port ${port} is in use (set PORT)`;
    case 'EACCES':
      return `port ${port} needs privileges this process does not have (set PORT above 1023)`;
    case 'EADDRNOTAVAIL':
      return `HOST ${host} is not an address of this machine (set HOST)`;
    default:
      return `cannot listen on ${host}:${port}: ${error.code ?? error.message}`;
  }
}

/** Resolves once listening; rejects with a ListenError saying what to change. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: NodeJS.ErrnoException) => reject(new ListenError(explain(error, port, host)));
    server.once('error', failed);
    server.listen(port, host, () => {
      server.off('error', failed);
      resolve();
    });
  });
}
