/**
 * An answer as Redis keeps it: `@envelop/response-cache-redis` writes the JSON
 * text of what store.ts gives it, `{ data, extensions: { http: { headers } } }`
 * in that order. A hit goes out as its data's text (`{"data":<text>}`), which
 * is that part of the entry's text as it is: JSON.stringify writes again what
 * it wrote once, byte for byte. So a hit need not parse the data and
 * serialise it again; only the small extensions object is parsed.
 */
type Headers = Record<string, string>;

/** An answer's data as the text it was stored as, and the headers kept with it. */
export interface StoredText {
  json: string;
  headers: Headers;
}

const HEAD = '{"data":';
/**
 * Where the data ends: the last `,"extensions":` of the entry. Data may hold the same characters (a field aliased
 * `extensions`), never after its own end; the headers after it (an ETag, two dates) cannot hold a quote unescaped.
 */
const TAIL = ',"extensions":';

/** The data's text and the headers of an entry's text, or undefined when it is not of that shape. */
export function storedTextOf(text: string): StoredText | undefined {
  const tail = text.lastIndexOf(TAIL);
  if (!text.startsWith(HEAD) || tail < HEAD.length || !text.endsWith('}')) return undefined;
  let extensions: { http?: { headers?: unknown } } | null;
  try {
    extensions = JSON.parse(text.slice(tail + TAIL.length, -1)) as typeof extensions;
  } catch {
    return undefined;
  }
  const headers = extensions?.http?.headers;
  if (headers === null || typeof headers !== 'object') return undefined;
  return { json: text.slice(HEAD.length, tail), headers: headers as Headers };
}
