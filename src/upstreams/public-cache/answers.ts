/** An entry of the public cache and the upstream response it stands for, both ways. */
import { UpstreamError } from '../../errors.js';
import type { UpstreamResponse } from '../wire.js';
import type { CachedAnswer } from './store.js';

/** Headers kept with an entry: what revalidation and the clients read later. */
const KEPT_HEADERS = ['content-type', 'etag', 'last-modified', 'cache-control'] as const;

/** stale-if-error covers an upstream that is down, slow or refusing (circuit open), within the entry's window. */
export function servesStaleOnError(error: unknown, entry: CachedAnswer, now: number): boolean {
  const down = error instanceof UpstreamError && (error.code === 'UPSTREAM_UNAVAILABLE' || error.code === 'UPSTREAM_TIMEOUT');
  return down && now < entry.staleIfErrorUntil;
}

export function responseOf(entry: CachedAnswer): UpstreamResponse {
  return { status: entry.status, headers: entry.headers, body: entry.body };
}

export function keptHeaders(response: UpstreamResponse): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = response.headers[name];
    if (value !== undefined) kept[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return kept;
}

export function bytesOf(response: UpstreamResponse): number {
  const declared = Number(response.headers['content-length']);
  return Number.isFinite(declared) && declared > 0 ? declared : Buffer.byteLength(JSON.stringify(response.body ?? null));
}
