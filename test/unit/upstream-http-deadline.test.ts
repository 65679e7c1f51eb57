/**
 * The breaker's verdict around the two clocks of a call: the attempt's own
 * timeout (the upstream was too slow: its failure) and the whole request's
 * deadline (other calls may have spent it: no verdict on this upstream).
 * Just before, at and just after the attempt's timeout, with the upstream
 * answering just after both, so a late answer lands on a settled call.
 */
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamHttp } from '../../src/upstreams/http.js';
import { createLogger } from '../../src/logger.js';
import { listenOnLoopback } from '../helpers/free-port.js';

const TIMEOUT_MS = 300;
const logger = createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));

/** A breaker that opens on the first failure, so one verdict shows. */
function client(origin: string) {
  return new UpstreamHttp({
    name: 'marketplace',
    origin,
    root: '',
    timeoutMs: TIMEOUT_MS,
    connections: 4,
    maxResponseBytes: 1024 * 1024,
    retries: 2,
    backoffBaseMs: 1,
    breaker: { failureThreshold: 1, cooldownMs: 60_000 },
    logger,
  });
}

/** Sends one GET whose request deadline (a TimeoutError abort, as src/context.ts sends) falls `deadlineMs` after it starts. */
async function callWithDeadline(http: UpstreamHttp, deadlineMs: number) {
  const deadline = new AbortController();
  // Created before the call, so at an equal duration Node fires it first (timers of one duration run in creation order).
  const timer = setTimeout(() => deadline.abort(new DOMException('deadline', 'TimeoutError')), deadlineMs);
  try {
    return await http.send({ method: 'GET', path: '/slow', signal: deadline.signal, operation: 'slow' }).then(
      () => 'answered',
      (error: { code?: string }) => error.code,
    );
  } finally {
    clearTimeout(timer);
  }
}

describe('UpstreamHttp: the request deadline against the attempt timeout', () => {
  let server: Server;
  let origin: string;
  beforeAll(async () => {
    // Answers just after the attempt's timeout: every call below is settled before its answer lands.
    server = createServer((req, res) => {
      req.resume();
      const delay = req.url?.endsWith('/fast') ? 0 : TIMEOUT_MS + 60;
      setTimeout(() => res.end('{"data":{}}'), delay).unref();
    });
    origin = await listenOnLoopback(server);
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('a deadline just before the attempt timeout: UPSTREAM_TIMEOUT for the caller, no failure for the breaker', async () => {
    const http = client(origin);
    expect(await callWithDeadline(http, TIMEOUT_MS - 40)).toBe('UPSTREAM_TIMEOUT');
    expect(http.breakerState()).toBe('closed');
    await http.close();
  });

  it('a deadline at the attempt timeout: the deadline came first, so still no failure', async () => {
    const http = client(origin);
    expect(await callWithDeadline(http, TIMEOUT_MS)).toBe('UPSTREAM_TIMEOUT');
    expect(http.breakerState()).toBe('closed');
    await http.close();
  });

  it('a deadline just after the attempt timeout: the upstream was too slow, and the breaker hears it once', async () => {
    const http = client(origin);
    expect(await callWithDeadline(http, TIMEOUT_MS + 40)).toBe('UPSTREAM_TIMEOUT');
    expect(http.breakerState()).toBe('open');
    // Open: the next call is refused without reaching the upstream.
    expect(await callWithDeadline(http, TIMEOUT_MS + 40)).toBe('UPSTREAM_UNAVAILABLE');
    await http.close();
  });

  it('answers landing after their calls settled leave the client whole: the next call is answered', async () => {
    const http = client(origin);
    const verdicts = await Promise.all([TIMEOUT_MS - 40, TIMEOUT_MS].map((ms) => callWithDeadline(http, ms)));
    expect(verdicts).toEqual(['UPSTREAM_TIMEOUT', 'UPSTREAM_TIMEOUT']);
    // Past the moment the upstream writes its late answers on the sockets the gateway cut.
    await new Promise((resolve) => setTimeout(resolve, 150));
    await expect(http.send({ method: 'GET', path: '/fast', operation: 'fast' })).resolves.toBeDefined();
    expect(http.breakerState()).toBe('closed');
    await http.close();
  });
});
