/**
 * The request body a call streams (an upload) has one owner to the end: an
 * attempt that fails before sending it destroys the stream, whether the
 * upstream refused the connection or the caller left while the call waited
 * for a connection. A call whose caller
 * left while it was queued ends at once and is never sent.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { Readable, Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { UpstreamHttp } from '../../src/upstreams/http.js';
import { freePort, listenOnLoopback } from '../helpers/free-port.js';

const logger = createLogger('warn', new Writable({ write: (_chunk, _e, cb) => cb() }));

const upstream = (origin: string, connections = 4) =>
  new UpstreamHttp({
    name: 'marketplace',
    origin,
    root: '',
    timeoutMs: 5_000,
    connections,
    maxResponseBytes: 1024 * 1024,
    retries: 0,
    logger,
  });

/** An upload, streamed from its source as the multipart body of resolvers/upload.ts is. */
const upload = () =>
  Readable.from(
    (async function* () {
      yield Buffer.from('--boundary\r\n');
      yield Buffer.from('file bytes');
    })(),
    { objectMode: false },
  );

const until = async (done: () => boolean) => {
  for (let waited = 0; !done(); waited += 10) {
    if (waited > 5000) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe('the request body of a failed attempt', () => {
  let server: Server;
  let origin: string;
  const held: ServerResponse[] = [];
  let received = 0;
  beforeAll(async () => {
    server = createServer((req, res) => {
      received++;
      req.resume();
      // The first answer waits until the test lets it finish, holding the one connection.
      if (req.url === '/hold') held.push(res);
      else req.on('end', () => res.end('{"data":{}}'));
    });
    origin = await listenOnLoopback(server);
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is ended when the upstream refuses the connection', async () => {
    const http = upstream(`http://127.0.0.1:${await freePort()}`);
    const body = upload();
    await expect(http.send({ method: 'POST', path: '/media', body, operation: 'mediaStore' })).rejects.toMatchObject({
      extensions: { code: 'UPSTREAM_UNAVAILABLE' },
    });
    await until(() => body.destroyed);
    await http.destroy();
  });

  it('is ended, and the call never sent, when the caller leaves while it waits for a connection', async () => {
    const http = upstream(origin, 1);
    const first = http.send({ method: 'GET', path: '/hold', operation: 'hold' });
    await until(() => held.length === 1);
    const before = received;
    const caller = new AbortController();
    const body = upload();
    const queued = http.send({ method: 'POST', path: '/media', body, signal: caller.signal, operation: 'mediaStore' });
    caller.abort(new DOMException('gone', 'AbortError'));
    // Ended at once, while the one connection is still busy with the first call.
    await expect(queued).rejects.toMatchObject({ extensions: { code: 'UPSTREAM_UNAVAILABLE' } });
    held[0]!.end('{"data":{"first":true}}');
    await expect(first).resolves.toMatchObject({ status: 200, body: { data: { first: true } } });
    await until(() => body.destroyed);
    // The connection is free again: the next call is answered, and the abandoned one never reached the upstream.
    await expect(http.send({ method: 'GET', path: '/next', operation: 'next' })).resolves.toMatchObject({ status: 200 });
    expect(received - before).toBe(1);
    await http.destroy();
  });
});
