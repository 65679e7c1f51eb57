/**
 * The Response class Yoga builds its answers with (its `fetchAPI.Response`): the Fetch ponyfill's, except
 * that a large text body is encoded to UTF-8 bytes once, when the Response is made. Given the text, the
 * ponyfill measures its UTF-8 length for the Content-Length (a pass over the whole answer, which first
 * joins the pieces JSON.stringify built it from) and Node encodes it again when it is written; given bytes,
 * the length is the buffer's and the bytes are written as they are. On a 9 MiB answer (5,000 items) that
 * is about 6 ms less CPU per request (docs/benchmarks.md, "A 5,000-item list"). Small bodies stay text:
 * there the encoding is cheap and the text path skips the buffer.
 */
import { Response as FetchResponse } from '@whatwg-node/fetch';

/** From this many characters on, a text body is handed over as bytes. */
export const ENCODE_FROM_CHARS = 64 * 1024;

/** Bytes for a large text body, anything else as given. */
export function encodedBody(body: BodyInit | null | undefined): BodyInit | null | undefined {
  return typeof body === 'string' && body.length >= ENCODE_FROM_CHARS ? Buffer.from(body, 'utf8') : body;
}

export class EncodedResponse extends FetchResponse {
  constructor(body?: BodyInit | null, init?: ResponseInit) {
    super(encodedBody(body), init);
  }
}
