/**
 * A bare graphql-ws (graphql-transport-ws) client over `ws`, so a test sees
 * exactly what the gateway sends: each operation's `next` payloads, its
 * `error` message, and the socket's close code and reason.
 */
import WebSocket from 'ws';

export interface WsErrorPayload {
  message: string;
  extensions?: Record<string, unknown>;
}

export interface OperationResult {
  next: Array<{ data?: Record<string, unknown> | null; errors?: WsErrorPayload[] }>;
  /** The `error` message's payload, when the operation was refused. */
  error?: WsErrorPayload[];
}

export interface WsConnection {
  /** Runs one operation to its `complete` or `error` (or the socket's close). */
  run(query: string, variables?: Record<string, unknown>): Promise<OperationResult>;
  /** Sends a raw frame. */
  send(data: string): void;
  closed: Promise<{ code: number; reason: string }>;
  close(): void;
}

export async function connectWs(
  httpUrl: string,
  options: { connectionParams?: Record<string, unknown>; headers?: Record<string, string> } = {},
): Promise<WsConnection> {
  const socket = new WebSocket(`${httpUrl.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws', { headers: options.headers });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  socket.on('error', () => undefined);
  const pending = new Map<string, { result: OperationResult; done: (result: OperationResult) => void }>();
  const acked = new Promise<void>((resolve, reject) => {
    socket.on('message', (raw) => {
      const message = JSON.parse(String(raw)) as { type: string; id?: string; payload?: unknown };
      if (message.type === 'connection_ack') return resolve();
      if (message.type === 'ping') return socket.send(JSON.stringify({ type: 'pong' }));
      const operation = message.id === undefined ? undefined : pending.get(message.id);
      if (!operation) return;
      if (message.type === 'next') operation.result.next.push(message.payload as OperationResult['next'][number]);
      if (message.type === 'error') operation.result.error = message.payload as WsErrorPayload[];
      if (message.type === 'error' || message.type === 'complete') {
        pending.delete(message.id!);
        operation.done(operation.result);
      }
    });
    void closed.then(({ code, reason }) => reject(new Error(`closed ${code} ${reason}`)));
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'connection_init', payload: options.connectionParams }));
  await acked;
  let nextId = 0;
  return {
    run(query, variables) {
      const id = String(++nextId);
      return new Promise<OperationResult>((resolve) => {
        pending.set(id, { result: { next: [] }, done: resolve });
        void closed.then(() => {
          if (pending.delete(id)) resolve({ next: [], error: [{ message: 'socket closed' }] });
        });
        socket.send(JSON.stringify({ id, type: 'subscribe', payload: { query, variables } }));
      });
    },
    send: (data) => socket.send(data),
    closed,
    close: () => socket.close(),
  };
}
