/**
 * Reading an upstream's response body: at most `limit` bytes, and JSON nested at most
 * MAX_JSON_DEPTH deep. The depth is checked on the raw bytes before
 * JSON.parse, so a hostile 5,000-deep payload fails only the field it came
 * with (UPSTREAM_BAD_RESPONSE) instead of overflowing the stack later, when
 * the response is mapped or serialised.
 */
import type { Readable } from 'node:stream';
import { errors as undiciErrors } from 'undici';
import { UpstreamError, type UpstreamName } from '../errors.js';

/** Far deeper than any upstream record nests (attributes included), far shallower than what overflows a stack. */
export const MAX_JSON_DEPTH = 100;

const tooLarge = (upstream: UpstreamName, status: number) =>
  new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent a response larger than allowed`, { status });

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

/** The deepest nesting of arrays and objects in JSON text, stopping as soon as it passes `max`. */
export function jsonDepthExceeds(bytes: Buffer, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i];
    if (inString) {
      if (b === 0x5c) i++; // backslash: skip the escaped byte
      else if (b === 0x22) inString = false;
    } else if (b === 0x22) inString = true;
    else if (b === 0x5b || b === 0x7b) {
      if (++depth > max) return true;
    } else if (b === 0x5d || b === 0x7d) depth--;
  }
  return false;
}

/**
 * The response body as JSON, read with plain 'data'/'end' listeners (async iteration of a
 * Readable costs a promise per chunk and showed in profiles). The Pool's `maxResponseSize`
 * (src/upstreams/http.ts, the same `limit`) cuts a body that grows past the limit: undici
 * closes the connection and the body fails with ResponseExceededMaxSizeError, refused here.
 */
export function readJson(
  body: Readable,
  contentLength: string | string[] | undefined,
  limit: number,
  upstream: UpstreamName,
  status: number,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    if (declaredTooLarge(contentLength, limit)) {
      discard(body);
      return reject(tooLarge(upstream, status));
    }
    const failed = (error: unknown) =>
      reject(error instanceof undiciErrors.ResponseExceededMaxSizeError ? tooLarge(upstream, status) : error);
    if (body.errored) return failed(body.errored);
    const chunks: Buffer[] = [];
    let size = 0;
    body.on('data', (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    body.once('error', failed);
    body.once('end', () => {
      if (size === 0) return resolve(undefined);
      const bytes = Buffer.concat(chunks, size);
      if (jsonDepthExceeds(bytes, MAX_JSON_DEPTH)) {
        return reject(
          new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent JSON nested deeper than ${MAX_JSON_DEPTH} levels`, { status }),
        );
      }
      try {
        resolve(JSON.parse(bytes.toString('utf8')) as unknown);
      } catch {
        // An error status speaks for itself (a proxy's HTML 502 page is still a 502).
        if (status >= 400) return resolve(undefined);
        reject(new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent a response that is not JSON`, { status }));
      }
    });
  });
}
