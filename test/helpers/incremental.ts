/**
 * Reads an incremental (@defer/@stream) answer the way a client does, part by
 * part as the bytes arrive, noting when each part arrived: multipart/mixed
 * (each part has a Content-Length) and text/event-stream (`event: next`).
 */

export interface Part {
  /** Date.now() when the part's last byte was read. */
  at: number;
  body: {
    data?: Record<string, unknown> | null;
    errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
    incremental?: Array<{
      data?: Record<string, unknown> | null;
      items?: unknown[];
      path: Array<string | number>;
      errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
    }>;
    hasNext?: boolean;
    extensions?: Record<string, unknown>;
  };
}

export interface IncrementalResponse {
  status: number;
  contentType: string;
  parts: Part[];
  /** SSE only: whether the stream ended with `event: complete`. */
  completed: boolean;
}

export async function postIncremental(
  url: string,
  query: string,
  options: { accept: 'multipart/mixed' | 'text/event-stream'; headers?: Record<string, string>; variables?: Record<string, unknown> },
): Promise<IncrementalResponse> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: options.accept, ...options.headers },
    body: JSON.stringify({ query, variables: options.variables }),
  });
  const contentType = response.headers.get('content-type') ?? '';
  const parts: Part[] = [];
  let completed = false;
  let buffer: Buffer = Buffer.alloc(0);
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffer = Buffer.concat([buffer, Buffer.from(value)]);
    buffer = contentType.startsWith('multipart/mixed') ? takeMultipart(buffer, parts) : takeSse(buffer, parts, () => (completed = true));
  }
  return { status: response.status, contentType, parts, completed };
}

const LENGTH = /Content-Length: (\d+)\r\n\r\n/i;

/** Moves every complete part out of `buffer` into `parts`; returns what is left. */
function takeMultipart(buffer: Buffer, parts: Part[]): Buffer {
  for (;;) {
    const text = buffer.toString('latin1');
    const match = LENGTH.exec(text);
    if (!match) return buffer;
    const start = match.index + match[0].length;
    const end = start + Number(match[1]);
    if (buffer.length < end) return buffer;
    parts.push({ at: Date.now(), body: JSON.parse(buffer.subarray(start, end).toString('utf8')) as Part['body'] });
    buffer = buffer.subarray(end);
  }
}

function takeSse(buffer: Buffer, parts: Part[], complete: () => void): Buffer {
  for (;;) {
    const text = buffer.toString('utf8');
    const end = text.indexOf('\n\n');
    if (end < 0) return buffer;
    const lines = text.slice(0, end).split('\n');
    const event = lines
      .find((l) => l.startsWith('event:'))
      ?.slice(6)
      .trim();
    const data = lines
      .filter((l) => l.startsWith('data:'))
      .map((l) => l.slice(5).trim())
      .join('\n');
    if (event === 'next') parts.push({ at: Date.now(), body: JSON.parse(data) as Part['body'] });
    if (event === 'complete') complete();
    buffer = Buffer.from(text.slice(end + 2), 'utf8');
  }
}
