/**
 * The response size limit of UpstreamHttp: undici's `maxResponseSize` cuts a
 * body that grows past the limit, and a Content-Length over it is refused
 * before a byte is read. Either way the caller gets UPSTREAM_BAD_RESPONSE
 * with the status, after one attempt, and the breaker hears nothing against
 * the upstream (it did answer).
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/logger.js';
import { UpstreamHttp } from '../../src/upstreams/http.js';
import { listenOnLoopback } from '../helpers/free-port.js';

const logger = createLogger('warn', new Writable({ write: (_chunk, _e, cb) => cb() }));
const LIMIT = 4096;

describe('upstream response size limit', () => {
  let server: Server;
  let http: UpstreamHttp;
  let respond: (res: ServerResponse) => void = () => undefined;
  let requests = 0;
  const open = new Set<ServerResponse>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      open.add(res);
      res.on('close', () => open.delete(res));
      req.resume();
      respond(res);
    });
    const origin = await listenOnLoopback(server);
    http = new UpstreamHttp({
      name: 'marketplace',
      origin,
      root: '',
      timeoutMs: 10_000,
      connections: 2,
      maxResponseBytes: LIMIT,
      retries: 2,
      backoffBaseMs: 1,
      logger,
    });
  });
  afterAll(async () => {
    await http.destroy();
    for (const res of open) res.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const refusal = async () => {
    requests = 0;
    const error = await http.send({ method: 'GET', path: '/gigs', operation: 'gigsIndex' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).extensions).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', upstream: 'marketplace', status: 200 });
    expect(requests).toBe(1);
    expect(http.breakerState()).toBe('closed');
  };

  it('cuts a body without Content-Length that never ends at the limit (well before the 10 s timeout)', async () => {
    const chunk = Buffer.alloc(1024, 0x20);
    respond = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const pump = () => {
        while (!res.destroyed && res.write(chunk));
      };
      res.on('drain', pump);
      pump();
    };
    await refusal();
  });

  it('refuses a claimed 1 GB body before reading it, though it only drips', async () => {
    respond = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(1024 ** 3) });
      res.write('{"data":');
    };
    await refusal();
  });

  const sized = (n: number) => JSON.stringify({ data: 'x'.repeat(n - 11) });
  const send = (text: string, declared: boolean) => (res: ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json', ...(declared ? { 'content-length': String(Buffer.byteLength(text)) } : {}) });
    // Two writes: without a Content-Length the body goes out chunked.
    res.write(text.slice(0, 1000));
    res.end(text.slice(1000));
  };

  it.each([
    ['just under the limit, with Content-Length', LIMIT - 1, true],
    ['at the limit, with Content-Length', LIMIT, true],
    ['just under the limit, chunked', LIMIT - 1, false],
    ['at the limit, chunked', LIMIT, false],
  ])('reads a body %s', async (_, n, declared) => {
    respond = send(sized(n), declared);
    const response = await http.send({ method: 'GET', path: '/gigs', operation: 'gigsIndex' });
    expect((response.body as { data: string }).data).toHaveLength(n - 11);
  });

  it.each([
    ['with Content-Length (refused before the body is read)', true],
    ['chunked (cut at the byte that passes the limit)', false],
  ])('refuses a body one byte over the limit, %s', async (_, declared) => {
    respond = send(sized(LIMIT + 1), declared);
    await refusal();
  });

  it('reads a body exactly at the limit', async () => {
    const text = JSON.stringify({ data: 'x'.repeat(LIMIT - 11) });
    expect(text.length).toBe(LIMIT);
    respond = (res) => res.writeHead(200, { 'content-type': 'application/json' }).end(text);
    const response = await http.send({ method: 'GET', path: '/gigs', operation: 'gigsIndex' });
    expect((response.body as { data: string }).data).toHaveLength(LIMIT - 11);
  });
});
