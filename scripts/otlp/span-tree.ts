/**
 * OTLP trace data (the JSON form of ExportTraceServiceRequest; protobuf is
 * decoded into it) → one indented tree per trace: each span with its kind,
 * start offset, duration, attributes, events, links and error status.
 */
export interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: string | number;
  doubleValue?: number;
  bytesValue?: string;
  arrayValue?: { values?: OtlpAnyValue[] };
  kvlistValue?: { values?: OtlpKeyValue[] };
}
export interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}
export interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind?: number;
  startTimeUnixNano?: string | number;
  endTimeUnixNano?: string | number;
  attributes?: OtlpKeyValue[];
  events?: Array<{ name: string; timeUnixNano?: string | number; attributes?: OtlpKeyValue[] }>;
  links?: Array<{ traceId: string; spanId: string }>;
  status?: { code?: number | string; message?: string };
}
export interface OtlpTraceRequest {
  resourceSpans: Array<{ resource?: { attributes?: OtlpKeyValue[] }; scopeSpans?: Array<{ spans?: OtlpSpan[] }> }>;
}

/** A span as printed: ids in hex, times in nanoseconds, attributes flattened. */
export interface PrintableSpan {
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  service: string;
  name: string;
  kind: string;
  startNs: bigint;
  endNs: bigint;
  attributes: Record<string, unknown>;
  events: Array<{ name: string; atNs: bigint; attributes: Record<string, unknown> }>;
  links: Array<{ traceId: string; spanId: string }>;
  error: string | undefined;
}

const KINDS = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];
const STATUS_ERROR = 2;

function value(v: OtlpAnyValue | undefined): unknown {
  if (!v) return undefined;
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue) return (v.arrayValue.values ?? []).map(value);
  if (v.kvlistValue) return attributes(v.kvlistValue.values);
  return v.bytesValue;
}

function attributes(list: OtlpKeyValue[] | undefined): Record<string, unknown> {
  return Object.fromEntries((list ?? []).map((kv) => [kv.key, value(kv.value)]));
}

/** OTLP/JSON ids are hex; some producers send base64 (the protobuf JSON mapping). */
function hexId(id: string | undefined, length: number): string | undefined {
  if (!id) return undefined;
  if (id.length === length && /^[0-9a-f]+$/i.test(id)) return id.toLowerCase();
  return Buffer.from(id, 'base64').toString('hex');
}

const nanos = (t: string | number | undefined) => BigInt(t ?? 0);

export function printableSpans(request: OtlpTraceRequest): PrintableSpan[] {
  const spans: PrintableSpan[] = [];
  for (const rs of request.resourceSpans ?? []) {
    const service = String(attributes(rs.resource?.attributes)['service.name'] ?? 'unknown service');
    for (const scope of rs.scopeSpans ?? []) {
      for (const s of scope.spans ?? []) {
        const startNs = nanos(s.startTimeUnixNano);
        const code = s.status?.code;
        const failed = code === STATUS_ERROR || code === 'STATUS_CODE_ERROR';
        spans.push({
          traceId: hexId(s.traceId, 32) ?? '',
          spanId: hexId(s.spanId, 16) ?? '',
          parentSpanId: hexId(s.parentSpanId, 16),
          service,
          name: s.name,
          kind:
            typeof s.kind === 'number'
              ? (KINDS[s.kind] ?? 'unspecified')
              : String(s.kind ?? 'unspecified')
                  .replace('SPAN_KIND_', '')
                  .toLowerCase(),
          startNs,
          endNs: nanos(s.endTimeUnixNano),
          attributes: attributes(s.attributes),
          events: (s.events ?? []).map((e) => ({
            name: e.name,
            atNs: nanos(e.timeUnixNano) - startNs,
            attributes: attributes(e.attributes),
          })),
          links: (s.links ?? []).map((l) => ({ traceId: hexId(l.traceId, 32) ?? '', spanId: hexId(l.spanId, 16) ?? '' })),
          error: failed ? s.status?.message || 'error' : undefined,
        });
      }
    }
  }
  return spans;
}

const ms = (ns: bigint) => `${(Number(ns) / 1e6).toFixed(1)} ms`;

function shown(attrs: Record<string, unknown>): string {
  return Object.entries(attrs)
    .map(([key, v]) => {
      const text = typeof v === 'string' ? v : JSON.stringify(v);
      return `${key}=${text.length > 80 ? `${text.slice(0, 77)}...` : text}`;
    })
    .join(' ');
}

/** One trace's spans as lines of text; a span whose parent was not received is a root (a caller's span, or a later batch). */
export function renderTrace(spans: PrintableSpan[], title = 'trace'): string[] {
  if (spans.length === 0) return [];
  const ids = new Set(spans.map((s) => s.spanId));
  const children = new Map<string | undefined, PrintableSpan[]>();
  for (const s of spans) {
    const parent = s.parentSpanId && ids.has(s.parentSpanId) ? s.parentSpanId : undefined;
    children.set(parent, [...(children.get(parent) ?? []), s]);
  }
  for (const list of children.values()) list.sort((a, b) => (a.startNs < b.startNs ? -1 : a.startNs > b.startNs ? 1 : 0));
  const start = spans.reduce((min, s) => (s.startNs < min ? s.startNs : min), spans[0]!.startNs);
  const end = spans.reduce((max, s) => (s.endNs > max ? s.endNs : max), spans[0]!.endNs);
  const services = [...new Set(spans.map((s) => s.service))].join(', ');
  const lines = [`${title} ${spans[0]!.traceId}  ${spans.length} span${spans.length === 1 ? '' : 's'}, ${ms(end - start)}  (${services})`];
  const walk = (span: PrintableSpan, prefix: string, last: boolean, root: boolean) => {
    const branch = root ? '' : last ? '└─ ' : '├─ ';
    const parentNote = root && span.parentSpanId ? `  (child of ${span.parentSpanId}, not received)` : '';
    const status = span.error ? `  ERROR: ${span.error}` : '';
    const attrs = shown(span.attributes);
    lines.push(
      `${prefix}${branch}${span.name} [${span.kind}] +${ms(span.startNs - start)} ${ms(span.endNs - span.startNs)}${status}${parentNote}${attrs ? `  ${attrs}` : ''}`,
    );
    const inner = root ? prefix : prefix + (last ? '   ' : '│  ');
    const kids = children.get(span.spanId) ?? [];
    const bar = kids.length > 0 ? '│ ' : '  ';
    for (const e of span.events)
      lines.push(`${inner}${bar}· event ${e.name} +${ms(e.atNs)}${Object.keys(e.attributes).length ? `  ${shown(e.attributes)}` : ''}`);
    for (const l of span.links) lines.push(`${inner}${bar}↪ link ${l.traceId}/${l.spanId}`);
    kids.forEach((kid, index) => walk(kid, inner, index === kids.length - 1, false));
  };
  for (const root of children.get(undefined) ?? []) walk(root, '', true, true);
  return lines;
}
