/**
 * Serves a simulated upstream: one `Router` behind a node:http server, with
 * the fault/latency/recording hooks of `SandboxControl`. Every answer of a
 * route is written by `send` at the end of `handle`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseBody, readBody } from './body.js';
import { withCacheHeaders } from './cache-headers.js';
import { SandboxControl, type RecordedCall } from './control.js';
import type { Router, SandboxFile } from './router.js';

export interface RunningService {
  name: string;
  url: string;
  port: number;
  control: SandboxControl;
  server: Server;
  close(): Promise<void>;
}

export interface ServeOptions {
  port?: number;
  host?: string;
  control?: SandboxControl;
  /** Body shape for 404/405/500 answers of this service. */
  errorBody?: (status: number, message: string) => unknown;
}

const defaultErrorBody = (_status: number, message: string) => ({ message });

/** Starts one simulated service on loopback. Port 0 picks a free port. */
export async function serve(name: string, router: Router, options: ServeOptions = {}): Promise<RunningService> {
  const control = options.control ?? new SandboxControl(name);
  const errorBody = options.errorBody ?? defaultErrorBody;
  const server = createServer((req, res) => {
    handle(router, control, errorBody, req, res).catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, errorBody(500, 'Server Error'));
      else res.destroy(err instanceof Error ? err : undefined);
    });
  });
  // Keep-alive sockets from gateway pools must not hold close() forever.
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const host = options.host ?? '127.0.0.1';
  return {
    name,
    url: `http://${host}:${port}`,
    port,
    control,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        control.releaseHangs();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

function send(res: ServerResponse, status: number, json: unknown, headers: Record<string, string> = {}) {
  const body = json === undefined ? '' : JSON.stringify(json);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

async function handle(
  router: Router,
  control: SandboxControl,
  errorBody: (status: number, message: string) => unknown,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://sandbox');
  const method = req.method ?? 'GET';

  if (url.pathname.startsWith('/__sandbox')) {
    const raw = await readBody(req);
    const result = control.handleControlRequest(method, url.pathname, raw.length ? JSON.parse(raw.toString('utf8')) : undefined);
    send(res, result.status, result.json);
    return;
  }

  const raw = await readBody(req);
  const call: RecordedCall = {
    method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: { ...req.headers },
    body: raw.toString('utf8'),
    at: Date.now(),
  };
  const release = control.begin(call);
  try {
    const fault = control.takeFault(method, url.pathname);
    await control.delay(fault?.latencyMs);
    if (fault && (await control.applyFault(fault, req, res))) return;

    const rootPath = router.rootOf(url.pathname);
    if (rootPath === undefined) {
      send(res, 404, errorBody(404, 'Not Found'));
      return;
    }
    const rawPath = url.pathname.slice(rootPath.length) || '/';
    const found = router.match(method, rawPath);
    if (found === undefined) {
      send(res, 404, errorBody(404, 'Not Found'));
      return;
    }
    if (found === 'method') {
      send(res, 405, errorBody(405, 'Method Not Allowed'));
      return;
    }
    let parsed: { body: Record<string, unknown>; files: SandboxFile[] };
    try {
      parsed = parseBody(String(req.headers['content-type'] ?? ''), raw);
    } catch {
      send(res, 400, errorBody(400, 'Malformed request body'));
      return;
    }
    const response = withCacheHeaders(
      req,
      method,
      await found.handler({
        method,
        rawPath,
        params: found.params,
        query: url.searchParams,
        headers: req.headers,
        body: parsed.body,
        files: parsed.files,
        rawBody: raw,
      }),
    );
    call.status = response.status;
    if (fault?.kind === 'wrong-shape') {
      send(res, response.status, { unexpected: true, data: 'not-the-agreed-shape' });
      return;
    }
    send(res, response.status, response.json, response.headers);
  } finally {
    release();
  }
}
