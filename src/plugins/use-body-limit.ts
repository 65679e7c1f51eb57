/**
 * Bounds the size of a GraphQL request body before Yoga reads it: a declared
 * Content-Length over the limit is refused at once; a chunked body is read
 * here and refused as soon as it passes the limit, so at most `limit` bytes
 * are ever buffered. Multipart uploads get their own, larger limit.
 */
import type { Plugin } from 'graphql-yoga';
import { rejectedRequests } from '../metrics.js';
import { dropRest, lingerAfterAnswer } from './refused-body.js';
import { pathOf } from './request-router.js';

export interface BodyLimitOptions {
  graphqlEndpoint: string;
  maxBytes: number;
  maxUploadBytes: number;
}

const tooLarge = (limit: number) =>
  new Response(
    JSON.stringify({
      errors: [{ message: `Request body larger than ${limit} bytes`, extensions: { code: 'QUERY_TOO_COMPLEX', limit: 'body' } }],
    }),
    { status: 413, headers: { 'content-type': 'application/json', connection: 'close' } },
  );

/**
 * The body's bytes, or undefined as soon as they pass `limit`: nothing more is kept, and the rest is dropped
 * as it comes (cancelling would destroy the socket under the client, which then never reads the answer).
 */
export async function readBounded(body: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      dropRest(reader);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

export function useBodyLimit({ graphqlEndpoint, maxBytes, maxUploadBytes }: BodyLimitOptions): Plugin {
  return {
    // Synchronous unless a chunked body has to be read here (an async hook costs every request promise turns).
    onRequest(payload) {
      const { request, endResponse, setRequest, fetchAPI, serverContext } = payload;
      if (request.method !== 'POST' || pathOf(payload) !== graphqlEndpoint) return;
      const multipart = request.headers.get('content-type')?.toLowerCase().startsWith('multipart/form-data') ?? false;
      const limit = multipart ? maxUploadBytes : maxBytes;
      const declared = request.headers.get('content-length');
      if (declared !== null) {
        if (Number(declared) > limit) {
          rejectedRequests.inc({ reason: 'body' });
          lingerAfterAnswer(serverContext);
          endResponse(tooLarge(limit));
        }
        return; // Node's parser stops a body at its declared length
      }
      if (!request.body) return;
      // A chunked body: read it (bounded) and hand Yoga an equivalent request with the bytes in hand.
      return readBounded(request.body, limit).then((bytes) => {
        if (bytes === undefined) {
          rejectedRequests.inc({ reason: 'body' });
          lingerAfterAnswer(serverContext);
          endResponse(tooLarge(limit));
          return;
        }
        setRequest(
          new fetchAPI.Request(request.url, { method: request.method, headers: request.headers, body: bytes, signal: request.signal }),
        );
      });
    },
  };
}
