/**
 * HTTP caching as a real CDN-fronted API would do it, so `npm start` shows
 * the gateway's public cache at work: a successful GET that carried no
 * credential (a public read: its answer is the same for everyone) gets
 * `Cache-Control: public, max-age=30` and a strong ETag (a hash of the body),
 * and a request whose If-None-Match names that ETag is answered 304 with no
 * body. Anything sent with a credential is marked `private`. Thirty seconds
 * keeps the sandbox's own changes visible soon; its webhooks evict at once.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { SandboxResponse } from './router.js';

export const PUBLIC_MAX_AGE_SECONDS = 30;

/** `response` with its caching headers, or a 304 in its place when the caller already holds this body. */
export function withCacheHeaders(req: IncomingMessage, method: string, response: SandboxResponse): SandboxResponse {
  if (method !== 'GET' || response.status !== 200 || response.headers?.['cache-control']) return response;
  if (carriesCredential(req)) return { ...response, headers: { ...response.headers, 'cache-control': 'private' } };
  const etag = `"${createHash('sha256')
    .update(JSON.stringify(response.json ?? null))
    .digest('base64url')
    .slice(0, 27)}"`;
  const headers = { ...response.headers, 'cache-control': `public, max-age=${PUBLIC_MAX_AGE_SECONDS}`, etag };
  if (matches(req.headers['if-none-match'], etag)) return { status: 304, headers };
  return { ...response, headers };
}

/** A bearer token, or the item store's `api_key` parameter. */
function carriesCredential(req: IncomingMessage): boolean {
  return req.headers.authorization !== undefined || new URL(req.url ?? '/', 'http://sandbox').searchParams.has('api_key');
}

/** If-None-Match: `*` or a list of entity tags (a weak one compares by its opaque part). */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
