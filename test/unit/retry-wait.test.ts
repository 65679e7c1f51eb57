/**
 * The wait between retries (src/upstreams/http.ts, node:timers/promises with
 * the request's signal): every retry waits on the request's one long-lived
 * signal, and none may leave an abort listener behind on it, or a wide query's
 * retries would pile listeners up until the request ends.
 */
import { getEventListeners } from 'node:events';
import { createServer, type Server } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamHttp } from '../../src/upstreams/http.js';
import { createLogger } from '../../src/logger.js';
import { listenOnLoopback } from '../helpers/free-port.js';

const logger = createLogger('warn', new Writable({ write: (_chunk, _e, cb) => cb() }));

describe('retry wait', () => {
  let server: Server;
  let origin: string;
  let requests = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      requests++;
      req.resume();
      res.writeHead(503, { 'content-type': 'application/json' }).end('{"message":"busy"}');
    });
    origin = await listenOnLoopback(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('leaves no abort listener on the request signal after many retried calls', async () => {
    const http = new UpstreamHttp({
      name: 'marketplace',
      origin,
      root: '',
      timeoutMs: 2_000,
      connections: 2,
      maxResponseBytes: 1024,
      retries: 3,
      backoffBaseMs: 1,
      breaker: { failureThreshold: 1_000, cooldownMs: 60_000 },
      logger,
    });
    const controller = new AbortController();
    const calls = 10;
    for (let i = 0; i < calls; i++) {
      const response = await http.send({ method: 'GET', path: '/gigs', operation: 'gigsIndex', signal: controller.signal });
      expect(response.status).toBe(503);
    }
    expect(requests).toBe(calls * 4); // every call waited three times
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
    await http.close();
  });
});
