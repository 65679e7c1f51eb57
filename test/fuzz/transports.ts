/**
 * Sends one fuzz case to the gateway: over HTTP as a POST (or a hand-made
 * request), or over graphql-ws (the graphql-transport-ws protocol spoken by
 * hand, so a closed socket, its code and reason are seen as they are).
 */
import { getOperationAST, parse } from 'graphql';
import WebSocket from 'ws';
import type { ExecutionResultLike, ResultError } from './checks.js';
import type { FuzzOperation } from './attack-shapes.js';
import type { FuzzCase } from './cases.js';

export interface HttpOutcome {
  status?: number;
  text?: string;
  contentType?: string;
  /** A transport failure: reset, refused, timeout. */
  error?: string;
  timedOut?: boolean;
  /** Bytes of the body sent (a body over the limit may be cut off by the server's 413 and close). */
  bytesSent: number;
  /** What was sent, for the finding's example. */
  input: string;
}

const hasControl = (value: string) => [...value].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f);

export async function sendHttp(url: string, c: FuzzCase, timeoutMs: number): Promise<HttpOutcome> {
  const headers: Record<string, string> = { accept: 'application/graphql-response+json, application/json' };
  // fetch refuses control characters in a header value: those credentials only go over WebSocket.
  for (const [name, value] of Object.entries(c.credentials)) if (!hasControl(value)) headers[name] = value;
  const method = c.raw?.method ?? 'POST';
  const body = c.raw ? c.raw.body : JSON.stringify(c.batch ? c.operations : c.operations[0]);
  if (method === 'POST') headers['content-type'] = c.raw?.contentType ?? 'application/json';
  const target = `${url}/graphql${c.raw?.search ?? ''}`;
  const input = `${method} /graphql${c.raw?.search ?? ''} headers=${JSON.stringify(headers)} body=${body}`;
  const bytesSent = method === 'POST' ? Buffer.byteLength(body) : 0;
  try {
    const response = await fetch(target, {
      method,
      headers,
      body: method === 'POST' ? body : undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    return { status: response.status, text, contentType: response.headers.get('content-type') ?? '', bytesSent, input };
  } catch (error) {
    const e = error as Error & { cause?: { code?: string; message?: string } };
    return { error: `${e.name}: ${e.cause?.code ?? e.cause?.message ?? e.message}`, timedOut: e.name === 'TimeoutError', bytesSent, input };
  }
}

export interface WsOutcome {
  results: ExecutionResultLike[];
  /** The socket closed before the operation finished. */
  closed?: { code: number; reason: string };
  timedOut?: boolean;
  bytesSent: number;
  /** A subscription: its answers are events, which carry no `extensions.cost`. */
  subscription: boolean;
}

/** Whether the document's operation is a subscription (a leading comment or fragment must not hide it). */
export function isSubscription(query: string, operationName?: string): boolean {
  try {
    return getOperationAST(parse(query), operationName)?.operation === 'subscription';
  } catch {
    return false; // a document that does not parse gets an error answer at once
  }
}

interface Message {
  type: string;
  id?: string;
  payload?: unknown;
}

/** One graphql-ws connection: operations run one after another on it. */
export class WsSession {
  closed?: { code: number; reason: string };
  private nextId = 0;
  private listener?: (message: Message) => void;
  private onClose?: () => void;

  private constructor(private readonly socket: WebSocket) {
    socket.on('message', (data) => {
      let message: Message;
      try {
        message = JSON.parse(String(data)) as Message;
      } catch {
        return;
      }
      if (message.type === 'ping') socket.send(JSON.stringify({ type: 'pong' }));
      else this.listener?.(message);
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString('utf8') };
      this.onClose?.();
    });
    socket.on('error', () => undefined);
  }

  /** Connects and sends `connection_init` with `params`; resolves when acknowledged or closed. */
  static open(url: string, params: Record<string, string>, timeoutMs: number): Promise<WsSession> {
    const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/graphql`, 'graphql-transport-ws');
    const session = new WsSession(socket);
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        session.closed ??= { code: 0, reason: 'no connection_ack in time' };
        socket.terminate();
        resolve(session);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(session);
      };
      session.onClose = done;
      session.listener = (message) => {
        if (message.type === 'connection_ack') done();
      };
      socket.on('open', () => socket.send(JSON.stringify({ type: 'connection_init', payload: params })));
    });
  }

  /** Runs one operation; a subscription is completed by us after its first event or a short wait. */
  run(operation: FuzzOperation, timeoutMs: number): Promise<WsOutcome> {
    const id = String(++this.nextId);
    const query = typeof operation.query === 'string' ? operation.query : JSON.stringify(operation.query);
    const subscription = isSubscription(query, typeof operation.operationName === 'string' ? operation.operationName : undefined);
    const frame = JSON.stringify({
      id,
      type: 'subscribe',
      payload: { query, variables: operation.variables ?? {}, operationName: operation.operationName },
    });
    const outcome: WsOutcome = { results: [], bytesSent: Buffer.byteLength(frame), subscription };
    if (this.closed) return Promise.resolve({ ...outcome, closed: this.closed });
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        clearTimeout(quiet);
        this.listener = undefined;
        this.onClose = undefined;
        resolve(outcome);
      };
      const stop = () => {
        if (!this.closed) this.socket.send(JSON.stringify({ id, type: 'complete' }));
        finish();
      };
      const timer = setTimeout(() => {
        outcome.timedOut = true;
        stop();
      }, timeoutMs);
      const quiet = subscription ? setTimeout(stop, 300) : undefined;
      this.onClose = () => {
        outcome.closed = this.closed;
        finish();
      };
      this.listener = (message) => {
        if (message.id !== id) return;
        if (message.type === 'next') {
          outcome.results.push(message.payload as ExecutionResultLike);
          if (subscription) stop();
        } else if (message.type === 'error') {
          outcome.results.push({ errors: message.payload as ResultError[] });
          finish();
        } else if (message.type === 'complete') finish();
      };
      this.socket.send(frame);
    });
  }

  close(): void {
    if (!this.closed) this.socket.close(1000);
  }
}
