/**
 * Request bodies of the simulated upstreams: JSON, form-urlencoded and
 * multipart (enough of it for the media endpoints: fields and file sizes).
 */
import type { IncomingMessage } from 'node:http';
import type { SandboxFile } from './router.js';

export async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export function parseBody(contentType: string, raw: Buffer): { body: Record<string, unknown>; files: SandboxFile[] } {
  if (raw.length === 0) return { body: {}, files: [] };
  if (contentType.startsWith('application/x-www-form-urlencoded')) {
    return { body: Object.fromEntries(new URLSearchParams(raw.toString('utf8'))), files: [] };
  }
  if (contentType.startsWith('application/json')) {
    const value: unknown = JSON.parse(raw.toString('utf8'));
    return {
      body: value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : { value },
      files: [],
    };
  }
  if (contentType.startsWith('multipart/form-data')) return parseMultipart(contentType, raw);
  return { body: {}, files: [] };
}

/** Enough of multipart/form-data for the media endpoints: fields and file sizes. */
function parseMultipart(contentType: string, raw: Buffer): { body: Record<string, unknown>; files: SandboxFile[] } {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  const body: Record<string, unknown> = {};
  const files: SandboxFile[] = [];
  if (!boundary) return { body, files };
  const delimiter = Buffer.from(`--${boundary}`);
  let start = raw.indexOf(delimiter);
  while (start !== -1) {
    const next = raw.indexOf(delimiter, start + delimiter.length);
    if (next === -1) break;
    const part = raw.subarray(start + delimiter.length + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const head = part.subarray(0, headerEnd).toString('utf8');
      const content = part.subarray(headerEnd + 4);
      const field = /name="([^"]*)"/.exec(head)?.[1] ?? '';
      const filename = /filename="([^"]*)"/.exec(head)?.[1];
      if (filename !== undefined) {
        const type = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1] ?? 'application/octet-stream';
        files.push({ field, filename, contentType: type, size: content.length });
      } else {
        body[field] = content.toString('utf8');
      }
    }
    start = next;
  }
  return { body, files };
}
