/**
 * The small HTTP kit every simulated upstream is built on: a router whose
 * path parameters are decoded one segment at a time (so `%2F` stays inside a
 * segment, as a real server sees it), body parsing for JSON, form-urlencoded
 * and multipart, and the fault/latency/recording hooks of `SandboxControl`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SandboxControl, type RecordedCall } from './control.js';
import { withCacheHeaders } from './cache-headers.js';

export interface SandboxRequest {
  method: string;
  /** Path below the service root, still percent-encoded. */
  rawPath: string;
  params: Record<string, string>;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  /** Parsed body: JSON value, form fields as a record, or multipart fields. */
  body: Record<string, unknown>;
  /** Files of a multipart body. */
  files: SandboxFile[];
  rawBody: Buffer;
}

export interface SandboxFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
}

export interface SandboxResponse {
  status: number;
  json?: unknown;
  headers?: Record<string, string>;
}

export type Handler = (req: SandboxRequest) => SandboxResponse | Promise<SandboxResponse>;

interface Route {
  method: string;
  segments: string[];
  handler: Handler;
}

export class Router {
  private readonly routes: Route[] = [];

  /** `aliases`: further roots answering the same routes (the marketplace's `/api/v2` preview). */
  constructor(
    readonly root: string,
    readonly aliases: readonly string[] = [],
  ) {}

  /** The root (or alias) `pathname` lies under, if any. */
  rootOf(pathname: string): string | undefined {
    return [this.root, ...this.aliases].find((root) => pathname === root || pathname.startsWith(root + '/'));
  }

  on(method: string, pattern: string, handler: Handler): this {
    this.routes.push({ method, segments: pattern.split('/').filter(Boolean), handler });
    return this;
  }

  get(pattern: string, handler: Handler): this {
    return this.on('GET', pattern, handler);
  }
  post(pattern: string, handler: Handler): this {
    return this.on('POST', pattern, handler);
  }
  put(pattern: string, handler: Handler): this {
    return this.on('PUT', pattern, handler);
  }
  patch(pattern: string, handler: Handler): this {
    return this.on('PATCH', pattern, handler);
  }
  delete(pattern: string, handler: Handler): this {
    return this.on('DELETE', pattern, handler);
  }

  /** Finds the route for a path below the root; literal segments win over parameters. */
  match(method: string, rawPath: string): { handler: Handler; params: Record<string, string> } | 'method' | undefined {
    const parts = rawPath.split('/').filter((s, i, all) => s !== '' || i === all.length - 1).filter(Boolean);
    let methodMismatch = false;
    let best: { handler: Handler; params: Record<string, string>; literals: number } | undefined;
    for (const route of this.routes) {
      if (route.segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let literals = 0;
      let ok = true;
      for (let i = 0; i < parts.length; i++) {
        const seg = route.segments[i]!;
        const part = parts[i]!;
        if (seg.startsWith(':')) {
          try {
            params[seg.slice(1)] = decodeURIComponent(part);
          } catch {
            ok = false;
            break;
          }
        } else if (seg === part) {
          literals++;
        } else {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (route.method !== method) {
        methodMismatch = true;
        continue;
      }
      if (!best || literals > best.literals) best = { handler: route.handler, params, literals };
    }
    if (best) return { handler: best.handler, params: best.params };
    return methodMismatch ? 'method' : undefined;
  }
}

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

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function parseBody(contentType: string, raw: Buffer): { body: Record<string, unknown>; files: SandboxFile[] } {
  if (raw.length === 0) return { body: {}, files: [] };
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  }
  if (contentType.startsWith('application/json')) {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return { body: value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value }, files: [] };
  }
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(contentType, raw);
  return { body: {}, files: [] };
}

/** Enough of multipart/form-data for the media endpoints: fields and file sizes. */
function parseMultipart(contentType: string, raw: Buffer): { body: Record<string, unknown>; files: SandboxFile[] } {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  const body: Record<string, unknown> = {};
  const files: SandboxFile[] = [];
  if (!boundary) return { body, files };
  const delimiter = Buffer.from(`--${boundary}`);
  let start = raw.indexOf(delimiter);
  while (start !== -1) {
    const next = raw.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = raw.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const head = part.subarray(0, headerEnd).toString('utf8');
      const content = part.subarray(headerEnd + 4);
      const field = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      if (filename !== undefined) {
        const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
        files.push({ field, filename, contentType: type, size: content.length });
      } else {
        body[field] = content.toString('utf8');
      }
    }
    start = next;
  }
  return { body, files };
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
    const response = withCacheHeaders(req, method, await found.handler({
      method,
      rawPath,
      params: found.params,
      query: url.searchParams,
      headers: req.headers,
      body: parsed.body,
      files: parsed.files,
      rawBody: raw,
    }));
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
