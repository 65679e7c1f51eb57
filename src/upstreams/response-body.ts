/**
 * Reading an upstream's response body: at most `limit` bytes, and JSON nested at most
 * MAX_JSON_DEPTH deep. The depth is checked on the raw bytes before
 * JSON.parse, so a hostile 5,000-deep payload fails only the field it came
 * with (UPSTREAM_BAD_RESPONSE) instead of overflowing the stack later, when
 * the response is mapped or serialised.
 */
import { isAscii } from 'node:buffer';
import { errors as undiciErrors } from 'undici';
import { UpstreamError, type UpstreamName } from '../errors.js';
import type { BodyBudget, BodyHold } from './body-budget.js';

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

/** The error a failed read of an answer's body reports: undici's own size cut reads as the limit's refusal. */
export const bodyFailure = (error: unknown, upstream: UpstreamName, status: number): unknown =>
  error instanceof undiciErrors.ResponseExceededMaxSizeError ? tooLarge(upstream, status) : error;

/**
 * One answer's body as its bytes arrive from undici's dispatch handler (answer-handler.ts). No
 * more than `limit` bytes are ever held: a declared length over it is refused before a byte is
 * read (`start`), and a body whose bytes pass it (chunked, endless, or longer than declared) is
 * refused at the chunk that does (`add`); the handler then closes the connection. The Pool's `maxResponseSize` (src/upstreams/http.ts, the
 * same `limit`) cuts such a body in undici too; its ResponseExceededMaxSizeError reads alike
 * (`bodyFailure`). With a Content-Length the chunks are copied into one buffer of that size as
 * they arrive (a list of chunks and their concatenation held a large body twice); only the bytes
 * received are ever read from it.
 * With a `budget` (UPSTREAM_INFLIGHT_BYTES, shared by the process), the read takes its declared
 * length before a byte is read, or each chunk as it arrives, and is refused (UPSTREAM_UNAVAILABLE,
 * retryAfter 1) when the budget has no room; what it took is given back by `release`, which the
 * deliverer calls once the read settles: parsed, refused, failed, or cut short by its signal.
 */
export class JsonBody {
  private readonly hold: BodyHold | undefined;
  // Not zero-filled: unwritten pages cost no memory until written, and bytes past `size` are never read.
  private whole: Buffer | undefined;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes taken from the budget so far: the declared length up front, else each chunk as it comes. */
  private taken = 0;

  constructor(
    private readonly limit: number,
    private readonly upstream: UpstreamName,
    readonly status: number,
    budget?: BodyBudget,
  ) {
    this.hold = budget?.hold();
  }

  /** Before a byte is read: the refusal of a declared length over the limit or past the budget, else undefined. */
  start(contentLength: string | string[] | undefined): UpstreamError | undefined {
    if (declaredTooLarge(contentLength, this.limit)) return tooLarge(this.upstream, this.status);
    const declared = Number(Array.isArray(contentLength) ? contentLength[0] : contentLength);
    if (!Number.isSafeInteger(declared) || declared <= 0) return undefined;
    if (this.hold) {
      if (!this.hold.take(declared)) return overBudget(this.upstream, this.status);
      this.taken = declared;
    }
    this.whole = Buffer.allocUnsafe(declared);
    return undefined;
  }

  /** One chunk as it arrives: the refusal when its bytes pass the limit or the budget (nothing more is then kept). */
  add(chunk: Buffer): UpstreamError | undefined {
    const end = this.size + chunk.length;
    // Counted here too, not only by the Pool: what arrives is what would be held, whatever was declared.
    if (end > this.limit) return this.refuse(tooLarge(this.upstream, this.status));
    if (this.hold && end > this.taken) {
      if (!this.hold.take(end - this.taken)) return this.refuse(overBudget(this.upstream, this.status));
      this.taken = end;
    }
    if (this.whole && end <= this.whole.length) chunk.copy(this.whole, this.size);
    else {
      // More than declared (undici would normally refuse it): keep what was copied and go on with chunks.
      if (this.whole) this.chunks.push(this.whole.subarray(0, this.size));
      this.whole = undefined;
      this.chunks.push(chunk);
    }
    this.size = end;
    return undefined;
  }

  /**
   * The bytes received as JSON, undefined for none (or for an error status whose body is not JSON: a proxy's
   * HTML 502 page is still a 502). Throws the UpstreamError of JSON nested too deep, or of a body not JSON.
   */
  json(): unknown {
    const { size, whole, chunks, upstream, status } = this;
    if (size === 0) return undefined;
    const text = decodeChecked(
      whole ? whole.subarray(0, size) : chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, size),
      upstream,
      status,
    );
    // The bytes are decoded: nothing may keep them through JSON.parse.
    this.drop();
    try {
      return JSON.parse(text) as unknown;
    } catch {
      if (status >= 400) return undefined;
      throw new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent a response that is not JSON`, { status });
    }
  }

  /** The read is over: its bytes are dropped and its share of the budget given back (later calls do nothing). */
  release(): void {
    this.drop();
    this.hold?.release();
  }

  private refuse(error: UpstreamError): UpstreamError {
    this.drop();
    return error;
  }

  private drop(): void {
    this.whole = undefined;
    this.chunks = [];
  }
}
