/**
 * graphql-ws's protocol server (makeServer) on a `ws` server. Used instead of
 * graphql-ws/use/ws because that adapter writes every socket error with its
 * stack to stderr (a frame over maxPayload, which ws has already closed with
 * 1009, is one) and, outside production, echoes an error's message into the
 * close reason. Here errors go to the gateway's log, message only, and close
 * reasons are fixed strings.
 */
import type { IncomingMessage } from 'node:http';
import { CloseCode, handleProtocols, makeServer, type ServerOptions } from 'graphql-ws';
import type { WebSocket, WebSocketServer } from 'ws';

/** What each operation's context sees as `ctx.extra` (the same shape as graphql-ws/use/ws). */
export interface SocketExtra {
  socket: WebSocket;
  request: IncomingMessage;
}

interface ErrorLog {
  debug(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

const KEEP_ALIVE_MS = 12_000;

const errorName = (error: unknown) => (error instanceof Error ? ((error as { code?: string }).code ?? error.name) : typeof error);

export function serveGraphQLOverWebSocket(
  wss: WebSocketServer,
  options: ServerOptions<Record<string, unknown> | undefined, SocketExtra>,
  log: ErrorLog,
) {
  const server = makeServer(options);
  wss.options.handleProtocols = handleProtocols;
  wss.on('error', (error) => log.error(`WebSocket server error: ${error.message}`));
  wss.on('connection', (socket, request) => {
    // ws closes the socket itself on a protocol error (1009 for too large a frame, 1002, …).
    socket.once('error', (error) => log.warn(`WebSocket closed on error: ${error.message}`));
    let pongWait: NodeJS.Timeout | undefined;
    const ping = setInterval(() => {
      if (socket.readyState !== socket.OPEN) return;
      pongWait = setTimeout(() => socket.terminate(), KEEP_ALIVE_MS);
      socket.once('pong', () => clearTimeout(pongWait));
      socket.ping();
    }, KEEP_ALIVE_MS);
    const closed = server.opened(
      {
        protocol: socket.protocol,
        // A send fails only when the connection is going or gone (the client left; ws has not always seen it
        // yet): nothing to deliver to, and nothing of ours failed. graphql-ws would otherwise end the whole
        // message handler with the write error. The socket's 'close' ends the operations.
        send: (data) =>
          new Promise<void>((resolve) => {
            if (socket.readyState !== socket.OPEN) return resolve();
            socket.send(data, (error) => {
              if (error) log.debug(`WebSocket client left before a message reached it: ${errorName(error)}`);
              resolve();
            });
          }),
        close: (code, reason) => socket.close(code, reason),
        onMessage: (handle) =>
          socket.on('message', async (data) => {
            try {
              await handle(String(data));
            } catch (error) {
              if (socket.readyState !== socket.OPEN || request.socket.destroyed) {
                log.debug(`WebSocket message handling ended as the client left: ${errorName(error)}`);
                return;
              }
              log.error(`WebSocket message handling failed: ${errorName(error)}`);
              socket.close(CloseCode.InternalServerError, 'Internal server error');
            }
          }),
      },
      { socket, request },
    );
    socket.once('close', (code, reason) => {
      clearTimeout(pongWait);
      clearInterval(ping);
      void closed(code, String(reason));
    });
  });
  return {
    async dispose() {
      for (const client of wss.clients) client.close(1001, 'Going away');
      wss.removeAllListeners();
    },
  };
}
