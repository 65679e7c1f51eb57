/**
 * The gateway's HTTP listener: the Node server around the Yoga handler, and
 * `listen`, which fails with a clear message instead of an 'error' event
 * nobody handles (graphql-ws's server would swallow it and the process would
 * idle on without listening).
 */
import { createServer, type RequestListener, type Server } from 'node:http';

export interface HttpServerOptions {
  /** Whole-request bound (headers and body), longer than the GraphQL deadline so that one answers first. */
  requestTimeoutMs: number;
}

export function createHttpServer(handler: RequestListener, { requestTimeoutMs }: HttpServerOptions): Server {
  const server = createServer(handler);
  server.requestTimeout = requestTimeoutMs;
  return server;
}

export class ListenError extends Error {
  override name = 'ListenError';
}

/** Resolves once listening; rejects with a ListenError saying what to change. */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve) => server.listen(port, host, () => resolve()));
}
