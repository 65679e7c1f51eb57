/**
 * Uploaded files (GraphQL multipart request spec; Yoga hands resolvers a
 * WHATWG `File`) → a `multipart/form-data` body for the marketplace. The size
 * limit (`config.limits.uploadBytes`, env MAX_UPLOAD_BYTES) is checked before
 * any upstream call. The body is a stream: text fields, then the file's own
 * `stream()` chunk by chunk, so the gateway never copies the file into a
 * second buffer on the way out. (Yoga's parser has already read the upload
 * into memory on the way in.)
 *
 * Written by hand rather than with undici's FormData: the File Yoga hands us
 * is @whatwg-node's PonyfillFile, which undici's FormData.append refuses (it
 * takes only Node's own Blob), and turning it into a Node File copies the
 * whole upload once more.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { badUserInput } from '../src/errors.js';

export interface MultipartBody {
  body: Readable;
  contentType: string;
}

/** Refuses an empty file or one over `limit` bytes; the error names the field. */
export function checkUpload(file: File, field: string, limit: number): File {
  if (file.size === 0) throw badUserInput(`"${field}" must not be empty`, field);
  if (file.size > limit) throw badUserInput(`"${field}" is larger than the upload limit of ${limit} bytes`, field);
  return file;
}

/** Quotes a header parameter value; CR/LF and quotes cannot break out of the part header. */
const quoted = (value: string) => `"${value.replace(/[\r\n"\\]/g, '_')}"`;

/** A multipart body with text `fields` and one file part named `fileField`. */
export function multipartOf(fields: Record<string, unknown>, fileField: string, file: File): MultipartBody {
  const boundary = `----gateway-${randomUUID()}`;
  async function* parts(): AsyncGenerator<Buffer> {
    for (const [name, value] of Object.entries(fields)) {
      if (value === undefined || value === null) continue;
      const text =
        typeof value === 'string' ? value : typeof value === 'object' ? JSON.stringify(value) : String(value as number | boolean);
      yield Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name=${quoted(name)}\r\n\r\n${text}\r\n`);
    }
    const type = file.type || 'application/octet-stream';
    yield Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(fileField)}; filename=${quoted(file.name || 'upload.bin')}\r\nContent-Type: ${type.replace(/[\r\n]/g, '')}\r\n\r\n`,
    );
    for await (const chunk of file.stream() as unknown as AsyncIterable<Uint8Array>)
      yield Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    yield Buffer.from(`\r\n--${boundary}--\r\n`);
  }
  return { body: Readable.from(parts(), { objectMode: false }), contentType: `multipart/form-data; boundary=${boundary}` };
}
