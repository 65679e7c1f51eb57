/**
 * A graphql-ws client whose connection drops while the gateway is sending to
 * it (a closed tab, a lost network) is not an error of the gateway: nothing is
 * logged above debug, and the socket's other work ends quietly. The race is
 * made certain here: the subscription's event is sent just after the client's
 * TCP connection was destroyed, before `ws` has noticed (its readyState is
 * still OPEN), which is what 300 clients leaving mid-stream hit under load.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import { buildSchema } from 'graphql';
import { serveGraphQLOverWebSocket, type SocketExtra } from '../../src/websocket-server.js';

const schema = buildSchema('type Query { ok: Boolean } type Subscription { tick: Int }');

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
});

it('logs no error when the connection drops just before an event is sent to it', async () => {
  const logged: Array<{ level: string; message: string }> = [];
  const log = {
    debug: (message: string) => logged.push({ level: 'debug', message }),
    warn: (message: string) => logged.push({ level: 'warn', message }),
    error: (message: string) => logged.push({ level: 'error', message }),
  };
  server = createServer();
  const wss = new WebSocketServer({ server, path: '/graphql' });
  let sent = 0;
  const done = new Promise<void>((resolve) => {
    serveGraphQLOverWebSocket(
      wss,
      {
        schema,
        context: (ctx) => ({ extra: ctx.extra }),
        subscribe: async (args) => {
          const { extra } = args.contextValue as { extra: SocketExtra };
          return (async function* events() {
            yield { data: { tick: 1 } };
            // The client's connection is gone; ws has not yet seen it close.
            extra.request.socket.destroy();
            sent++;
            yield { data: { tick: 2 } };
          })();
        },
      },
      log,
    );
    // Done when the server side of the socket has closed, or after a while if it never does.
    wss.on('connection', (socket) => socket.once('close', () => resolve()));
    setTimeout(resolve, 5000);
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const client = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`, 'graphql-transport-ws');
  client.on('error', () => undefined);
  client.on('open', () => client.send(JSON.stringify({ type: 'connection_init' })));
  client.on('message', (raw) => {
    if ((JSON.parse(String(raw)) as { type: string }).type === 'connection_ack') {
      client.send(JSON.stringify({ id: '1', type: 'subscribe', payload: { query: 'subscription { tick }' } }));
    }
  });
  await done;
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(sent).toBe(1);
  expect(logged.filter((entry) => entry.level !== 'debug')).toEqual([]);
});
