/**
 * An in-process OTLP/HTTP traces receiver for tests: keeps every export's raw
 * bytes and headers, and decodes both encodings (http/protobuf and
 * http/json) into one plain span shape. The protobuf reader knows just the
 * fields of opentelemetry/proto/trace/v1 a test asserts on.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  /** OTLP SpanKind: 1 internal, 2 server, 3 client, 4 producer, 5 consumer. */
  kind: number;
  attributes: Record<string, unknown>;
  events: Array<{ name: string; attributes: Record<string, unknown> }>;
  links: Array<{ traceId: string; spanId: string }>;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
  resource: Record<string, unknown>;
  /** From its start to its end, in milliseconds. */
  durationMs: number;
}

export interface OtlpReceiver {
  url: string;
  exports: Array<{ contentType: string; headers: IncomingHttpHeaders; body: Buffer }>;
  /** TCP connections the exporter opened so far. */
  connections(): number;
  spans(): ReceivedSpan[];
  close(): Promise<void>;
}

export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const exports: OtlpReceiver['exports'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const contentType = String(req.headers['content-type'] ?? '');
      if (req.url === '/v1/traces') exports.push({ contentType, headers: req.headers, body: Buffer.concat(chunks) });
      // An empty ExportTraceServiceResponse: full success.
      res.writeHead(200, { 'content-type': contentType.includes('json') ? 'application/json' : 'application/x-protobuf' });
      res.end(contentType.includes('json') ? '{}' : Buffer.alloc(0));
    });
  });
  let connections = 0;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports,
    connections: () => connections,
    spans: () =>
      exports.flatMap((e) => (e.contentType.includes('json') ? fromJson(JSON.parse(e.body.toString('utf8'))) : fromProtobuf(e.body))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// ---- http/json ----

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

function jsonValue(value: Json | undefined): unknown {
  if (!value) return undefined;
  if ('stringValue' in value) return value.stringValue;
  if ('boolValue' in value) return value.boolValue;
  if ('intValue' in value) return Number(value.intValue);
  if ('doubleValue' in value) return value.doubleValue;
  if ('arrayValue' in value) return ((value.arrayValue as Json).values ?? []).map(jsonValue);
  return undefined;
}
const jsonAttributes = (list: Json[] | undefined) => Object.fromEntries((list ?? []).map((kv) => [kv.key, jsonValue(kv.value)]));

function fromJson(request: Json): ReceivedSpan[] {
  return (request.resourceSpans ?? []).flatMap((rs: Json) =>
    (rs.scopeSpans ?? []).flatMap((ss: Json) =>
      (ss.spans ?? []).map((s: Json) => ({
        traceId: s.traceId,
        spanId: s.spanId,
        parentSpanId: s.parentSpanId ?? '',
        name: s.name,
        kind: s.kind,
        attributes: jsonAttributes(s.attributes),
        events: (s.events ?? []).map((e: Json) => ({ name: e.name, attributes: jsonAttributes(e.attributes) })),
        links: (s.links ?? []).map((l: Json) => ({ traceId: l.traceId, spanId: l.spanId })),
        status: { code: s.status?.code ?? 0, message: s.status?.message },
        resource: jsonAttributes(rs.resource?.attributes),
        durationMs: Number(BigInt(s.endTimeUnixNano ?? 0) - BigInt(s.startTimeUnixNano ?? 0)) / 1e6,
      })),
    ),
  );
}

// ---- http/protobuf: the wire format, field number → values ----

type Field = number | bigint | Buffer;

function fields(buffer: Buffer): Map<number, Field[]> {
  const out = new Map<number, Field[]>();
  let at = 0;
  const varint = (): bigint => {
    let result = 0n;
    for (let shift = 0n; ; shift += 7n) {
      const byte = buffer[at++]!;
      result |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return result;
    }
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const [number, wire] = [key >>> 3, key & 7];
    let value: Field;
    if (wire === 0) value = varint();
    else if (wire === 1) value = buffer.subarray(at, (at += 8));
    else if (wire === 2) {
      const length = Number(varint());
      value = buffer.subarray(at, (at += length));
    } else if (wire === 5) value = buffer.subarray(at, (at += 4));
    else throw new Error(`unexpected wire type ${wire}`);
    out.set(number, [...(out.get(number) ?? []), value]);
  }
  return out;
}
const all = (m: Map<number, Field[]>, n: number) => (m.get(n) ?? []) as Buffer[];
const text = (m: Map<number, Field[]>, n: number) => (all(m, n)[0] ?? Buffer.alloc(0)).toString('utf8');
const hex = (m: Map<number, Field[]>, n: number) => (all(m, n)[0] ?? Buffer.alloc(0)).toString('hex');
/** A fixed64 field: the span's start and end times, in nanoseconds since the epoch. */
const nanos = (m: Map<number, Field[]>, n: number) => (all(m, n)[0] ?? Buffer.alloc(8)).readBigUInt64LE(0);
const int = (m: Map<number, Field[]>, n: number) => Number((m.get(n) ?? [0n])[0] as bigint);

function anyValue(buffer: Buffer | undefined): unknown {
  if (!buffer) return undefined;
  const m = fields(buffer);
  if (m.has(1)) return text(m, 1);
  if (m.has(2)) return int(m, 2) === 1;
  if (m.has(3)) return int(m, 3);
  if (m.has(4)) return all(m, 4)[0]!.readDoubleLE(0);
  if (m.has(5)) return all(fields(all(m, 5)[0]!), 1).map(anyValue);
  return undefined;
}
const pbAttributes = (list: Buffer[]) => Object.fromEntries(list.map((kv) => fields(kv)).map((m) => [text(m, 1), anyValue(all(m, 2)[0])]));

function fromProtobuf(body: Buffer): ReceivedSpan[] {
  return all(fields(body), 1).flatMap((rsBytes) => {
    const rs = fields(rsBytes);
    const resource = pbAttributes(all(fields(all(rs, 1)[0] ?? Buffer.alloc(0)), 1));
    return all(rs, 2).flatMap((ssBytes) =>
      all(fields(ssBytes), 2).map((spanBytes) => {
        const s = fields(spanBytes);
        const status = fields(all(s, 15)[0] ?? Buffer.alloc(0));
        return {
          traceId: hex(s, 1),
          spanId: hex(s, 2),
          parentSpanId: hex(s, 4),
          name: text(s, 5),
          kind: int(s, 6),
          attributes: pbAttributes(all(s, 9)),
          events: all(s, 11)
            .map((e) => fields(e))
            .map((e) => ({ name: text(e, 2), attributes: pbAttributes(all(e, 3)) })),
          links: all(s, 13)
            .map((l) => fields(l))
            .map((l) => ({ traceId: hex(l, 1), spanId: hex(l, 2) })),
          status: { code: int(status, 3), message: text(status, 2) || undefined },
          resource,
          durationMs: Number(nanos(s, 8) - nanos(s, 7)) / 1e6,
        };
      }),
    );
  });
}
