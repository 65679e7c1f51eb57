/**
 * What the marketplace sandbox suites share: a sandbox (seed 1) started for the
 * file, with its signed webhooks sent to a local receiver, and small callers of
 * its REST API. Each test file starts its own, so one file's writes never show
 * in another's reads.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import { serve, type RunningService } from '../../src/sandbox/http.js';
import { createMarketplaceRouter, DEMO_TOKENS } from '../../src/sandbox/marketplace/index.js';

export const SECRET = 'test-webhook-secret';
export const BUYER = DEMO_TOKENS.buyer.token;
export const SELLER = DEMO_TOKENS.seller.token;

export interface Received {
  signature: string;
  raw: string;
  body: { id: string; event: string; created_at: string; data: Record<string, unknown> };
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
}

/** Starts the sandbox and the webhook receiver before the file's tests and closes both after them. */
export function useMarketplaceSandbox() {
  let service: RunningService;
  let receiver: Server;
  const received: Received[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ signature: String(req.headers['x-signature']), raw, body: JSON.parse(raw) as Received['body'] });
        res.writeHead(202).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    service = await serve(
      'marketplace',
      createMarketplaceRouter({ seed: 1, webhook: { url: `http://127.0.0.1:${port}/hook`, secret: SECRET } }),
    );
  });

  afterAll(async () => {
    await service.close();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  });

  async function call(method: string, path: string, options: CallOptions = {}) {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | FormData | undefined;
    if (options.form) body = options.form;
    else if (options.body !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    const res = await fetch(`${service.url}/api/v1${path}`, { method, headers, body });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const json = (await res.json()) as any;
    return { status: res.status, json };
  }

  const get = (path: string, token?: string) => call('GET', path, { token });
  const post = (path: string, token: string, body: unknown = {}) => call('POST', path, { token, body });

  async function waitForEvent(event: string, match: (data: Record<string, unknown>) => boolean = () => true): Promise<Received> {
    for (let i = 0; i < 100; i++) {
      const hit = received.find((r) => r.body.event === event && match(r.body.data));
      if (hit) return hit;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error(`no ${event} event received`);
  }

  return { call, get, post, waitForEvent };
}
