/** An entry of the public cache and the upstream response it stands for, both ways. */
import { UpstreamError } from '../../errors.js';
import type { UpstreamRequest, UpstreamResponse } from '../wire.js';
import type { CachedAnswer } from './store.js';
import { freshnessOf, type Dating } from './cache-control.js';

/** How long a stale entry's validator is kept to revalidate with. */
const VALIDATOR_KEEP_MS = 10 * 60_000;

/** What of an upstream answer is kept (the rest of an entry is its freshness, given when it is kept). */
export type AnswerParts = Pick<CachedAnswer, 'status' | 'headers' | 'body' | 'bytes'>;

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

/** The headers of the response at hand that date it (cache-control.ts Dating): read when it is kept, not kept (they would be stale). */
export function datingOf(response: UpstreamResponse): Dating {
  const one = (name: string) => {
    const value = response.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return { age: one('age'), expires: one('expires'), date: one('date') };
}

/**
 * The entry an answer becomes at `now`, and the last moment it is kept, if its Cache-Control (or Expires, or the
 * default TTL) allows keeping it; `dating` is the response's (datingOf).
 */
export function entryOf(
  given: AnswerParts,
  now: number,
  defaultTtlMs: number,
  dating: Dating = {},
): { answer: CachedAnswer; keepUntil: number } | undefined {
  const { status, headers, body, bytes } = given;
  const freshness = freshnessOf(headers['cache-control'], {
    now,
    defaultTtlMs,
    hasValidator: headers.etag !== undefined || headers['last-modified'] !== undefined,
    validatorKeepMs: VALIDATOR_KEEP_MS,
    dating,
  });
  if (!freshness) return undefined;
  const { keepUntil, ...windows } = freshness;
  return { answer: { status, headers, body, bytes, storedAt: now, ...windows }, keepUntil };
}

/**
 * The request of a shared fill, detached from the caller that started it: only what a shared read may carry (never a
 * header of the caller's beyond what it accepts), the kept entry's validator to revalidate with, and its own deadline.
 */
export function sharedRequestOf(req: UpstreamRequest, entry: CachedAnswer | undefined, deadlineAt: number): UpstreamRequest {
  const conditional: Record<string, string> = {};
  if (entry?.headers.etag) conditional['if-none-match'] = entry.headers.etag;
  else if (entry?.headers['last-modified']) conditional['if-modified-since'] = entry.headers['last-modified'];
  return {
    method: 'GET',
    path: req.path,
    query: req.query,
    // Only what a shared read may carry: never a header of the caller's beyond what it accepts.
    headers: { accept: req.headers?.accept ?? 'application/json', ...conditional },
    deadlineAt,
    requestId: req.requestId,
    // The missing request's trace: the fill is a CLIENT span of it, and its traceparent goes upstream.
    trace: req.trace,
    operation: req.operation,
    template: req.template,
    codeOf: req.codeOf,
    publicRead: true,
  };
}
