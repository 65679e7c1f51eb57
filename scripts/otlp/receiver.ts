/**
 * A development OTLP/HTTP trace receiver: accepts POST /v1/traces as
 * `application/json` or `application/x-protobuf` (gzip or not), and prints
 * each trace as a tree once no span of it has arrived for `quietMs` (the
 * spans of one request reach it in one or a few export batches).
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { decodeTraceRequest } from './protobuf-traces.js';
import { printableSpans, renderTrace, type OtlpTraceRequest, type PrintableSpan } from './span-tree.js';

export interface ReceiverOptions {
  port?: number;
  host?: string;
  /** How long a trace stays open for more spans before it is printed. */
  quietMs?: number;
  write?: (text: string) => void;
}

export interface Receiver {
  url: string;
  /** Prints what is still buffered and stops listening. */
  close(): Promise<void>;
}

const MAX_BODY_BYTES = 16 * 1024 * 1024;

async function body(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const raw = Buffer.concat(chunks);
  return req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw;
}

export async function startReceiver(options: ReceiverOptions = {}): Promise<Receiver> {
  const write = options.write ?? ((text: string) => process.stdout.write(text));
  const quietMs = options.quietMs ?? 1000;
  const pending = new Map<string, { spans: PrintableSpan[]; timer: NodeJS.Timeout }>();
  const printed = new Set<string>();

  const flush = (traceId: string) => {
    const entry = pending.get(traceId);
    if (!entry) return;
    clearTimeout(entry.timer);
    pending.delete(traceId);
    const title = printed.has(traceId) ? 'trace (more spans)' : 'trace';
    printed.add(traceId);
    write(`${renderTrace(entry.spans, title).join('\n')}\n\n`);
  };

  const accept = (spans: PrintableSpan[]) => {
    for (const span of spans) {
      const entry = pending.get(span.traceId) ?? { spans: [], timer: setTimeout(() => undefined, 0) };
      clearTimeout(entry.timer);
      entry.spans.push(span);
      entry.timer = setTimeout(() => flush(span.traceId), quietMs);
      pending.set(span.traceId, entry);
    }
  };

  const server = createServer((req, res) => {
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]!
      .trim();
    if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/traces') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('POST OTLP traces to /v1/traces\n');
      return;
    }
    if (type !== 'application/json' && type !== 'application/x-protobuf') {
      res.writeHead(415, { 'content-type': 'text/plain' }).end('application/json or application/x-protobuf\n');
      return;
    }
    body(req)
      .then((raw) => {
        const request = type === 'application/json' ? (JSON.parse(raw.toString('utf8')) as OtlpTraceRequest) : decodeTraceRequest(raw);
        accept(printableSpans(request));
        // An empty ExportTraceServiceResponse: full success.
        if (type === 'application/json') res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
        else res.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
      })
      .catch((error: Error) => {
        write(`otlp-print: refused a payload: ${error.message}\n`);
        res.writeHead(400, { 'content-type': 'text/plain' }).end(`${error.message}\n`);
      });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 4318, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    close: async () => {
      for (const traceId of [...pending.keys()]) flush(traceId);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
