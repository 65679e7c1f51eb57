/**
 * Decodes an OTLP/HTTP protobuf trace export (ExportTraceServiceRequest of
 * opentelemetry/proto/collector/trace/v1) into the same shape as its OTLP/JSON
 * form, so one printer serves both. The OpenTelemetry JS packages encode this
 * message but expose no decoder, so the few fields printed are read by hand
 * from the wire format; unknown fields are skipped, as protobuf requires.
 */
import type { OtlpAnyValue, OtlpKeyValue, OtlpSpan, OtlpTraceRequest } from './span-tree.js';

interface Field {
  number: number;
  /** varint and fixed values */
  int?: bigint;
  /** length-delimited value */
  bytes?: Uint8Array;
  fixedBytes?: Uint8Array;
}

function* fields(buffer: Uint8Array): Generator<Field> {
  let at = 0;
  const varint = (): bigint => {
    let value = 0n;
    for (let shift = 0n; ; shift += 7n) {
      if (at >= buffer.length) throw new Error('truncated varint');
      const byte = buffer[at++]!;
      value |= BigInt(byte & 0x7f) << shift;
      if (byte < 0x80) return value;
    }
  };
  while (at < buffer.length) {
    const key = Number(varint());
    const number = key >>> 3;
    switch (key & 7) {
      case 0:
        yield { number, int: varint() };
        break;
      case 1:
        yield { number, fixedBytes: buffer.subarray(at, (at += 8)) };
        break;
      case 2: {
        const length = Number(varint());
        if (at + length > buffer.length) throw new Error('truncated field');
        yield { number, bytes: buffer.subarray(at, (at += length)) };
        break;
      }
      case 5:
        yield { number, fixedBytes: buffer.subarray(at, (at += 4)) };
        break;
      default:
        throw new Error(`unsupported wire type ${key & 7}`);
    }
  }
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);
const hex = (bytes: Uint8Array | undefined) => Buffer.from(bytes ?? []).toString('hex');
const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const fixed64 = (bytes: Uint8Array | undefined) => (bytes ? view(bytes).getBigUint64(0, true).toString() : '0');
const signed64 = (value: bigint) => BigInt.asIntN(64, value).toString();

function anyValue(buffer: Uint8Array): OtlpAnyValue {
  for (const f of fields(buffer)) {
    if (f.number === 1) return { stringValue: text(f.bytes) };
    if (f.number === 2) return { boolValue: f.int === 1n };
    if (f.number === 3) return { intValue: signed64(f.int ?? 0n) };
    if (f.number === 4 && f.fixedBytes) return { doubleValue: view(f.fixedBytes).getFloat64(0, true) };
    if (f.number === 5)
      return { arrayValue: { values: [...fields(f.bytes!)].filter((v) => v.number === 1).map((v) => anyValue(v.bytes!)) } };
    if (f.number === 6)
      return { kvlistValue: { values: [...fields(f.bytes!)].filter((v) => v.number === 1).map((v) => keyValue(v.bytes!)) } };
    if (f.number === 7) return { bytesValue: Buffer.from(f.bytes ?? []).toString('base64') };
  }
  return {};
}

function keyValue(buffer: Uint8Array): OtlpKeyValue {
  const kv: OtlpKeyValue = { key: '', value: {} };
  for (const f of fields(buffer)) {
    if (f.number === 1) kv.key = text(f.bytes);
    else if (f.number === 2) kv.value = anyValue(f.bytes!);
  }
  return kv;
}

function span(buffer: Uint8Array): OtlpSpan {
  const s: OtlpSpan = { traceId: '', spanId: '', name: '', attributes: [], events: [], links: [] };
  for (const f of fields(buffer)) {
    switch (f.number) {
      case 1:
        s.traceId = hex(f.bytes);
        break;
      case 2:
        s.spanId = hex(f.bytes);
        break;
      case 4:
        if (f.bytes?.length) s.parentSpanId = hex(f.bytes);
        break;
      case 5:
        s.name = text(f.bytes);
        break;
      case 6:
        s.kind = Number(f.int);
        break;
      case 7:
        s.startTimeUnixNano = fixed64(f.fixedBytes);
        break;
      case 8:
        s.endTimeUnixNano = fixed64(f.fixedBytes);
        break;
      case 9:
        s.attributes!.push(keyValue(f.bytes!));
        break;
      case 11: {
        const event = { name: '', timeUnixNano: '0', attributes: [] as OtlpKeyValue[] };
        for (const e of fields(f.bytes!)) {
          if (e.number === 1) event.timeUnixNano = fixed64(e.fixedBytes);
          else if (e.number === 2) event.name = text(e.bytes);
          else if (e.number === 3) event.attributes.push(keyValue(e.bytes!));
        }
        s.events!.push(event);
        break;
      }
      case 13: {
        const link = { traceId: '', spanId: '' };
        for (const l of fields(f.bytes!)) {
          if (l.number === 1) link.traceId = hex(l.bytes);
          else if (l.number === 2) link.spanId = hex(l.bytes);
        }
        s.links!.push(link);
        break;
      }
      case 15: {
        const status: { code?: number; message?: string } = {};
        for (const st of fields(f.bytes!)) {
          if (st.number === 2) status.message = text(st.bytes);
          else if (st.number === 3) status.code = Number(st.int);
        }
        s.status = status;
        break;
      }
    }
  }
  return s;
}

/** `scope_spans` (2) holds `spans` (2); `resource` (1) holds `attributes` (1). */
export function decodeTraceRequest(buffer: Uint8Array): OtlpTraceRequest {
  const resourceSpans: OtlpTraceRequest['resourceSpans'] = [];
  for (const rs of fields(buffer)) {
    if (rs.number !== 1) continue;
    const entry: OtlpTraceRequest['resourceSpans'][number] = { resource: { attributes: [] }, scopeSpans: [] };
    for (const f of fields(rs.bytes!)) {
      if (f.number === 1) {
        for (const a of fields(f.bytes!)) if (a.number === 1) entry.resource!.attributes!.push(keyValue(a.bytes!));
      } else if (f.number === 2) {
        const spans: OtlpSpan[] = [];
        for (const s of fields(f.bytes!)) if (s.number === 2) spans.push(span(s.bytes!));
        entry.scopeSpans!.push({ spans });
      }
    }
    resourceSpans.push(entry);
  }
  return { resourceSpans };
}
