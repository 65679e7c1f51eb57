/**
 * What UpstreamHttp tells its circuit breaker: only the upstream's own
 * outcomes. An exception of ours while streaming a body, a caller who left
 * and a call never sent leave it closed; a refused connection counts once per
 * call however many retries it took, and its cause is named.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamHttp } from '../../src/upstreams/http.js';
import { createLogger } from '../../src/logger.js';
import { Writable } from 'node:stream';
import { listenOnLoopback } from '../helpers/free-port.js';

const lines: string[] = [];
const logger = createLogger('debug', new Writable({ write: (chunk: Buffer, _e, cb) => (lines.push(chunk.toString()), cb()) }));

function client(origin: string, threshold = 2) {
  return new UpstreamHttp({
    name: 'marketplace',
    origin,
    root: '',
    timeoutMs: 500,
    connections: 4,
    maxResponseBytes: 1024 * 1024,
    retries: 2,
    backoffBaseMs: 1,
    breaker: { failureThreshold: threshold, cooldownMs: 60_000 },
    logger,
  });
}

describe('UpstreamHttp breaker verdicts', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => res.end('{"data":{}}'));
    });
    origin = await listenOnLoopback(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a request body that throws while streaming is our error, not an upstream failure', async () => {
    const http = client(origin);
    for (let i = 0; i < 5; i++) {
      const body = Readable.from(
        (async function* () {
          yield Buffer.from('start');
          throw new TypeError('file.stream is not a function');
        })(),
      );
      await expect(http.send({ method: 'POST', path: '/media', body, operation: 'mediaStore' })).rejects.toThrow();
    }
    expect(http.breakerState()).toBe('closed');
    await http.close();
  });

  it('a caller who left, or a call never sent, is no failure either', async () => {
    const http = client(origin);
    for (let i = 0; i < 5; i++) {
      const controller = new AbortController();
      controller.abort(new DOMException('gone', 'AbortError'));
      await expect(http.send({ method: 'GET', path: '/x', signal: controller.signal, operation: 'x' })).rejects.toMatchObject({
        code: 'UPSTREAM_UNAVAILABLE',
      });
    }
    expect(http.breakerState()).toBe('closed');
    await http.close();
  });

  it("a request's deadline ending a call the upstream was still within its time for is no upstream failure", async () => {
    // The deadline is the whole GraphQL request's (src/context.ts): other calls may have used it up, so it says
    // nothing of this upstream. Only the attempt's own timeout (500 ms here) or a transport failure does.
    const slow = createServer((req, res) => {
      req.resume();
      setTimeout(() => res.end('{"data":{}}'), 300).unref();
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    const http = client(`http://127.0.0.1:${(slow.address() as AddressInfo).port}`, 1);
    for (let i = 0; i < 3; i++) {
      const deadline = new AbortController();
      setTimeout(() => deadline.abort(new DOMException('deadline', 'TimeoutError')), 30);
      await expect(http.send({ method: 'GET', path: '/x', signal: deadline.signal, operation: 'x' })).rejects.toMatchObject({
        code: 'UPSTREAM_TIMEOUT',
      });
    }
    expect(http.breakerState()).toBe('closed');
    await http.close();
    slow.closeAllConnections();
    await new Promise<void>((resolve) => slow.close(() => resolve()));
  });

  it('a refused connection counts once per call, retries included, and is named with its address', async () => {
    const http = client('http://127.0.0.1:1', 2);
    await expect(http.send({ method: 'GET', path: '/x', operation: 'x' })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(http.breakerState()).toBe('closed');
    expect(http.lastError?.message).toMatch(/ECONNREFUSED \(127\.0\.0\.1:1\)/);
    expect(lines.some((line) => line.includes('ECONNREFUSED') && line.includes('127.0.0.1:1'))).toBe(true);
    await expect(http.send({ method: 'GET', path: '/x', operation: 'x' })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(http.breakerState()).toBe('open');
    await http.close();
  });

  it('a TLS failure counts against the upstream and is named by its code', async () => {
    // An https origin that answers plain HTTP: the handshake fails.
    const http = client(origin.replace('http:', 'https:'), 1);
    await expect(http.send({ method: 'GET', path: '/x', operation: 'x' })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    expect(http.lastError?.message).toMatch(/(SSL|TLS|EPROTO)\S* \(127\.0\.0\.1:\d+\)/);
    expect(http.breakerState()).toBe('open');
    await http.close();
  });

  it('never puts the userinfo of an origin in its errors or logs', async () => {
    const http = client('http://user:s3cret-pass@127.0.0.1:1', 5);
    await expect(http.send({ method: 'GET', path: '/x', operation: 'x' })).rejects.toThrow();
    expect(http.lastError?.message).not.toContain('s3cret-pass');
    expect(lines.join('')).not.toContain('s3cret-pass');
    await http.close();
  });
});

describe('UpstreamHttp attempts waiting for a connection', () => {
  let server: Server;
  let origin: string;
  const hung: Array<() => void> = [];
  beforeAll(async () => {
    // /hang answers only when released; anything else at once.
    server = createServer((req, res) => {
      req.resume();
      if (req.url === '/hang') hung.push(() => res.end('{"data":{}}'));
      else res.end('{"data":{}}');
    });
    origin = await listenOnLoopback(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const oneConnection = (timeoutMs: number) =>
    new UpstreamHttp({
      name: 'marketplace',
      origin,
      root: '',
      timeoutMs,
      connections: 1,
      maxResponseBytes: 1024 * 1024,
      retries: 0,
      breaker: { failureThreshold: 1, cooldownMs: 60_000 },
      logger,
    });

  it('a caller who leaves while its call waits for a connection is answered at once, and is no upstream failure', async () => {
    const http = oneConnection(2000);
    const blocking = http.send({ method: 'GET', path: '/hang', operation: 'hang' });
    const controller = new AbortController();
    const started = performance.now();
    const queued = http.send({ method: 'GET', path: '/quick', operation: 'quick', signal: controller.signal });
    setTimeout(() => controller.abort(new DOMException('gone', 'AbortError')), 50);
    await expect(queued).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    // Answered when the caller left, not when the connection freed up (or the attempt's timer ran out).
    expect(performance.now() - started).toBeLessThan(1000);
    expect(http.breakerState()).toBe('closed');
    hung.splice(0).forEach((release) => release());
    await blocking;
    await http.close();
  });

  it('a call still waiting for a connection when its request passes its deadline is UPSTREAM_TIMEOUT at once', async () => {
    const http = oneConnection(2000);
    const blocking = http.send({ method: 'GET', path: '/hang', operation: 'hang' });
    const deadline = new AbortController();
    const started = performance.now();
    const queued = http.send({ method: 'GET', path: '/quick', operation: 'quick', signal: deadline.signal });
    // As src/context.ts ends a request at its deadline: a TimeoutError reason.
    setTimeout(() => deadline.abort(new DOMException('deadline', 'TimeoutError')), 100);
    await expect(queued).rejects.toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
    // Answered at the deadline, not when the connection freed up or the attempt's own timer ran out.
    expect(performance.now() - started).toBeLessThan(1000);
    hung.splice(0).forEach((release) => release());
    await blocking;
    await http.close();
  });
});
