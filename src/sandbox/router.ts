/**
 * The request and response shapes of the simulated upstreams and the router
 * that matches them. Path parameters are decoded one segment at a time, so
 * `%2F` stays inside a segment, as a real server sees it.
 */
import type { IncomingMessage } from 'node:http';

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
  private readonly table: Route[] = [];

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
    this.table.push({ method, segments: pattern.split('/').filter(Boolean), handler });
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

  /** What this router serves, as `METHOD /path/{param}` in registration order (the contract tests compare it with the documents). */
  routes(): string[] {
    return this.table.map((r) => `${r.method} /${r.segments.map((s) => (s.startsWith(':') ? `{${s.slice(1)}}` : s)).join('/')}`);
  }

  /** Finds the route for a path below the root; literal segments win over parameters. */
  match(method: string, rawPath: string): { handler: Handler; params: Record<string, string> } | 'method' | undefined {
    const parts = rawPath
      .split('/')
      .filter((s, i, all) => s !== '' || i === all.length - 1)
      .filter(Boolean);
    let methodMismatch = false;
    let best: { handler: Handler; params: Record<string, string>; literals: number } | undefined;
    for (const route of this.table) {
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
