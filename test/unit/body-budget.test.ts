/**
 * The process's budget of upstream answer bytes being read at once
 * (UPSTREAM_INFLIGHT_BYTES, src/upstreams/body-budget.ts): concurrent large
 * answers past it are refused with a coded error before their bytes are held,
 * the bytes in use never pass it, and every read gives back what it took once
 * it ends, whether parsed, refused, or cut short by its caller or its timeout.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/logger.js';
import { BodyBudget } from '../../src/upstreams/body-budget.js';
import { UpstreamHttp } from '../../src/upstreams/http.js';
import { listenOnLoopback } from '../helpers/free-port.js';

const logger = createLogger('warn', new Writable({ write: (_chunk, _e, cb) => cb() }));
/** One answer: a JSON string of this many bytes in all. */
const ANSWER = 100_000;
const answer = Buffer.from(JSON.stringify('x'.repeat(ANSWER - 2)));

describe('the budget of answer bytes read at once', () => {
  let server: Server;
  let origin: string;
  // Each request's response, held open after its first chunk until the test lets it finish.
  const held: ServerResponse[] = [];
  let chunked = false;
  const connections = new Set<Socket>();
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      res.writeHead(200, chunked ? { 'content-type': 'application/json' } : { 'content-length': answer.length });
      res.write(answer.subarray(0, 1000));
      held.push(res);
    });
    server.on('connection', (socket) => (connections.add(socket), socket.once('close', () => connections.delete(socket))));
    origin = await listenOnLoopback(server);
  });
  afterEach(() => {
    for (const res of held.splice(0)) res.destroy();
  });
  afterAll(async () => {
    for (const socket of connections) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const upstream = (budget: BodyBudget, timeoutMs = 10_000) =>
    new UpstreamHttp({
      name: 'items',
      origin,
      root: '',
      timeoutMs,
      connections: 8,
      maxResponseBytes: 1_000_000,
      retries: 2,
      bodyBudget: budget,
      logger,
    });
  const get = (http: UpstreamHttp, signal?: AbortSignal) =>
    http.send({ method: 'GET', path: '/items/all', operation: 'listItems', signal }).then(
      (response) => ({ body: response.body }),
      (error: unknown) => ({ error }),
    );
  const until = async (done: () => boolean) => {
    for (let waited = 0; !done(); waited += 10) {
      if (waited > 5000) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const finishHeld = () => {
    for (const res of held.splice(0)) res.end(answer.subarray(1000));
  };

  for (const declared of [true, false]) {
    it(`refuses the answers past it with a coded error and gives every byte back (${declared ? 'Content-Length' : 'chunked'})`, async () => {
      chunked = !declared;
      const budget = new BodyBudget(Math.floor(ANSWER * 2.5));
      const http = upstream(budget);
      const calls = Array.from({ length: 4 }, () => get(http));
      await until(() => held.length === 4);
      // Declared: two answers hold their whole length; chunked: each holds what arrived so far.
      expect(budget.inUse).toBeLessThanOrEqual(budget.limit);
      let settled = 0;
      for (const call of calls) void call.then(() => settled++);
      // Declared: the two refused as their headers arrived, before a byte of their bodies was held.
      if (declared) await until(() => settled === 2);
      else {
        // Chunked: 70 KB more of each, none ended: four of them would hold 280 KB, past the 250 KB budget.
        for (const res of held) res.write(answer.subarray(1000, 70_000));
        await until(() => settled > 0);
        expect(budget.inUse).toBeLessThanOrEqual(budget.limit);
        // Then one after another, each given back before the next one's rest arrives.
        for (const res of held.splice(0)) {
          const before = settled;
          res.end(answer.subarray(70_000));
          await until(() => settled > before || res.destroyed);
        }
      }
      finishHeld();
      const results = await Promise.all(calls);
      const refused = results.filter((r) => 'error' in r);
      const read = results.filter((r) => 'body' in r);
      // Declared: two fit whole; chunked: three hold 210 KB, the fourth's bytes pass the budget.
      expect(refused).toHaveLength(declared ? 2 : 1);
      for (const { error } of refused as Array<{ error: unknown }>) {
        expect(error).toBeInstanceOf(UpstreamError);
        expect((error as UpstreamError).extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstream: 'items', retryAfter: 1 });
        expect((error as UpstreamError).message).toMatch(/as many upstream bytes as it allows/);
      }
      for (const { body } of read as Array<{ body: unknown }>) expect((body as string).length).toBe(ANSWER - 2);
      expect(budget.inUse).toBe(0);
      // Refused, not counted against the upstream: it answered.
      expect(http.breakerState()).toBe('closed');
      await http.destroy();
    });
  }

  it('gives the bytes back when the caller leaves mid-body, and when the attempt times out', async () => {
    chunked = false;
    const budget = new BodyBudget(ANSWER * 10);
    const http = upstream(budget, 400);
    const caller = new AbortController();
    const left = get(http, caller.signal);
    const late = get(http);
    await until(() => budget.inUse === 2 * answer.length);
    caller.abort();
    expect(await left).toMatchObject({ error: expect.anything() });
    expect((await late) as { error: UpstreamError }).toMatchObject({ error: { extensions: { code: 'UPSTREAM_TIMEOUT' } } });
    expect(budget.inUse).toBe(0);
    // Room again: the next answer is read whole.
    const next = get(http);
    await until(() => held.length === 3);
    finishHeld();
    expect(await next).toEqual({ body: 'x'.repeat(ANSWER - 2) });
    expect(budget.inUse).toBe(0);
    await http.destroy();
  });

  it('counts without refusing when its limit is 0', async () => {
    chunked = false;
    const budget = new BodyBudget(0);
    const http = upstream(budget);
    const calls = Array.from({ length: 3 }, () => get(http));
    // Every declared length is taken, none refused.
    await until(() => budget.inUse === 3 * answer.length);
    finishHeld();
    expect((await Promise.all(calls)).every((r) => 'body' in r)).toBe(true);
    expect(budget.inUse).toBe(0);
    await http.destroy();
  });
});
