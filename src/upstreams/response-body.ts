/**
 * Reading an upstream's response body: at most `limit` bytes, and JSON nested at most
 * MAX_JSON_DEPTH deep. The depth is checked on the raw bytes before
 * JSON.parse, so a hostile 5,000-deep payload fails only the field it came
 * with (UPSTREAM_BAD_RESPONSE) instead of overflowing the stack later, when
 * the response is mapped or serialised.
 */
import { isAscii } from 'node:buffer';
import type { Readable } from 'node:stream';
import { errors as undiciErrors } from 'undici';
import { UpstreamError, type UpstreamName } from '../errors.js';
import type { BodyBudget } from './body-budget.js';

/** Far deeper than any upstream record nests (attributes included), far shallower than what overflows a stack. */
export const MAX_JSON_DEPTH = 100;

const tooLarge = (upstream: UpstreamName, status: number) =>
  new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent a response larger than allowed`, { status });

/** The process already holds as many answer bytes as UPSTREAM_INFLIGHT_BYTES allows: worth asking again soon. */
const overBudget = (upstream: UpstreamName, status: number) =>
  new UpstreamError(
    upstream,
    'UPSTREAM_UNAVAILABLE',
    `The gateway is already reading as many upstream bytes as it allows at once; the ${upstream} answer was refused`,
    { status, retryAfter: 1 },
  );

/** Stops reading a body and closes its connection (undici then reports an abort, expected here). */
function discard(body: Readable): void {
  body.on('error', () => undefined);
  body.destroy();
}

/**
 * True when the body's declared length is over the limit: it is refused before a byte is read.
 * Checked here because undici's `maxResponseSize` counts only bytes received: a body that claims
 * 1 GB and then drips would otherwise hold the call until its timeout.
 */
const declaredTooLarge = (contentLength: string | string[] | undefined, limit: number): boolean =>
  Number(Array.isArray(contentLength) ? contentLength[0] : contentLength) > limit;

/**
 * The deepest nesting of arrays and objects in JSON text, stopping as soon as it passes `max`.
 * Strings are skipped with `indexOf` (memchr) to their closing quote, one not escaped by an odd
 * run of backslashes, rather than byte by byte: most of a large body is string content.
 */
export function jsonDepthExceeds(bytes: Buffer, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x22) {
      let end = bytes.indexOf(0x22, i + 1);
      while (end !== -1 && escaped(bytes, end)) end = bytes.indexOf(0x22, end + 1);
      if (end === -1) return false; // an unterminated string: JSON.parse refuses it
      i = end;
    } else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) return true;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return false;
}

/** True when the quote at `at` is preceded by an odd number of backslashes (the opening quote stops the run). */
function escaped(bytes: Buffer, at: number): boolean {
  let backslashes = 0;
  while (bytes[at - 1 - backslashes] === 0x5c) backslashes++;
  return backslashes % 2 === 1;
}

/**
 * The body as text once its nesting is known to be within MAX_JSON_DEPTH (the bytes live only in this frame).
 * ASCII bytes (most JSON: non-ASCII text is usually sent as \u escapes) read the same in Latin-1 and UTF-8;
 * the Latin-1 decoder copies them without validating sequences, 2.5× faster on an 8.8 MiB body.
 */
function decodeChecked(bytes: Buffer, upstream: UpstreamName, status: number): string {
  if (jsonDepthExceeds(bytes, MAX_JSON_DEPTH)) {
    throw new UpstreamError(
      upstream,
      'UPSTREAM_BAD_RESPONSE',
      `The ${upstream} service sent JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
      { status },
    );
  }
  return bytes.toString(isAscii(bytes) ? 'latin1' : 'utf8');
}

/**
 * The response body as JSON, read with plain 'data'/'end' listeners (async iteration of a
 * Readable costs a promise per chunk and showed in profiles). No more than `limit` bytes are
 * ever held: a declared length over it is refused before a byte is read, and a body whose
 * bytes pass it (chunked, endless, or longer than declared) is refused at the chunk that does,
 * its connection closed. The Pool's `maxResponseSize` (src/upstreams/http.ts, the same
 * `limit`) cuts such a body in undici too; its ResponseExceededMaxSizeError is refused alike.
 * With a Content-Length the chunks are copied into one buffer of that size as they arrive
 * (a list of chunks and their concatenation held a large body twice); only the bytes
 * received are ever read from it.
 * With a `budget` (UPSTREAM_INFLIGHT_BYTES, shared by the process), the read takes its
 * declared length before a byte is read, or each chunk as it arrives, and is refused
 * (UPSTREAM_UNAVAILABLE, retryAfter 1) when the budget has no room; what it took is given
 * back once when the read settles: parsed, refused, failed, or cut short by its signal.
 */
export function readJson(
  body: Readable,
  contentLength: string | string[] | undefined,
  limit: number,
  upstream: UpstreamName,
  status: number,
  budget?: BodyBudget,
): Promise<unknown> {
  return new Promise((settleResolve, settleReject) => {
    const hold = budget?.hold();
    const resolve = (value: unknown) => (hold?.release(), settleResolve(value));
    const reject = (error: unknown) => (hold?.release(), settleReject(error));
    if (declaredTooLarge(contentLength, limit)) {
      discard(body);
      return reject(tooLarge(upstream, status));
    }
    const failed = (error: unknown) =>
      reject(error instanceof undiciErrors.ResponseExceededMaxSizeError ? tooLarge(upstream, status) : error);
    // Listening first: a body destroyed a moment ago still has its 'error' event to emit.
    body.once('error', failed);
    if (body.errored) return failed(body.errored);
    // Destroyed without an error (no 'end' will come): the read is over, and so is its hold.
    body.once('close', () => reject(new Error(`The ${upstream} answer closed before its end`)));
    const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
    const sized = Number.isSafeInteger(declared) && declared > 0;
    // Bytes taken from the budget so far: the declared length up front, else each chunk as it comes.
    let taken = 0;
    if (sized && hold) {
      if (!hold.take(declared)) {
        discard(body);
        return reject(overBudget(upstream, status));
      }
      taken = declared;
    }
    // Not zero-filled: unwritten pages cost no memory until written, and bytes past `size` are never read.
    let whole: Buffer | undefined = sized ? Buffer.allocUnsafe(declared) : undefined;
    let chunks: Buffer[] = [];
    let size = 0;
    const refuse = (error: UpstreamError) => {
      whole = undefined;
      chunks = [];
      discard(body);
      reject(error);
    };
    body.on('data', (chunk: Buffer) => {
      if (body.destroyed) return; // refused (or failed) already: nothing more is kept
      const end = size + chunk.length;
      // Counted here too, not only by the Pool: what arrives is what would be held, whatever was declared.
      if (end > limit) return refuse(tooLarge(upstream, status));
      if (hold && end > taken) {
        if (!hold.take(end - taken)) return refuse(overBudget(upstream, status));
        taken = end;
      }
      if (whole && end <= whole.length) chunk.copy(whole, size);
      else {
        // More than declared (undici would normally refuse it): keep what was copied and go on with chunks.
        if (whole) chunks.push(whole.subarray(0, size));
        whole = undefined;
        chunks.push(chunk);
      }
      size = end;
    });
    body.once('end', () => {
      if (size === 0) return resolve(undefined);
      let text: string;
      try {
        text = decodeChecked(
          whole ? whole.subarray(0, size) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
          upstream,
          status,
        );
      } catch (error) {
        return reject(error as Error);
      }
      // The bytes are decoded: nothing may keep them through JSON.parse.
      whole = undefined;
      chunks = [];
      try {
        resolve(JSON.parse(text) as unknown);
      } catch {
        // An error status speaks for itself (a proxy's HTML 502 page is still a 502).
        if (status >= 400) return resolve(undefined);
        reject(
          new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent a response that is not JSON`, { status }),
        );
      }
    });
  });
}
