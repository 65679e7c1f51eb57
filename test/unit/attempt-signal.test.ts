/**
 * The request's signal and the attempts under it (src/upstreams/attempt-control.ts): the calls of one
 * GraphQL request share one 'abort' listener on its signal while any is in flight. Whatever their number,
 * aborting the request ends every call in flight at once (none waits for its own timeout), and once they
 * are over, answered or cut, the signal is left with no listener.
 */
import { getEventListeners } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamHttp } from '../../src/upstreams/http.js';
import { createLogger } from '../../src/logger.js';
import { listenOnLoopback } from '../helpers/free-port.js';

const logger = createLogger('warn', new Writable({ write: (_chunk, _e, cb) => cb() }));
const CALLS = 12;

describe('attempts under one request signal', () => {
  let server: Server;
  let http: UpstreamHttp;
  /** Requests to /hold are answered only when the test says so. */
  const held: ServerResponse[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      if (req.url?.startsWith('/hold')) held.push(res);
      else res.writeHead(200, { 'content-type': 'application/json' }).end('{"data":{}}');
    });
    const origin = await listenOnLoopback(server);
    http = new UpstreamHttp({
      name: 'marketplace',
      origin,
      root: '',
      timeoutMs: 30_000,
      connections: CALLS,
      maxResponseBytes: 1024,
      retries: 0,
      logger,
    });
  });
  afterAll(async () => {
    for (const res of held) res.destroy();
    await http.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('leaves no listener once concurrent calls are answered', async () => {
    const controller = new AbortController();
    const answers = await Promise.all(
      Array.from({ length: CALLS }, (_, i) =>
        http.send({ method: 'GET', path: `/ok/${i}`, operation: 'gigsShow', signal: controller.signal }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(CALLS).fill(200));
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('ends every call in flight when the request is aborted, with one listener meanwhile', async () => {
    const controller = new AbortController();
    const calls = Array.from({ length: CALLS }, (_, i) =>
      http.send({ method: 'GET', path: `/hold/${i}`, operation: 'gigsShow', signal: controller.signal }).then(
        () => 'answered',
        (error: { extensions?: { code?: string } }) => error.extensions?.code ?? 'thrown',
      ),
    );
    await expect.poll(() => held.length, { timeout: 10_000 }).toBe(CALLS);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(1);
    controller.abort(new Error('the caller left'));
    const outcomes = await Promise.all(calls);
    expect(new Set(outcomes).size).toBe(1);
    expect(outcomes[0]).not.toBe('answered');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });
});
