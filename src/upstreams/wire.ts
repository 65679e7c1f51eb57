/**
 * The wire types every layer of an upstream call speaks: what a client asks
 * (UpstreamRequest), what comes back (UpstreamResponse, and a Laravel page as
 * a Page), and what a GraphQL request lends every call it makes
 * (RequestBinding). A leaf: it imports nothing of the project's, so the
 * transport, the cache, the operation table and the clients can all name
 * these without importing one another.
 */
import type { Readable } from 'node:stream';
import type { IncomingHttpHeaders } from 'undici/types/header.js';
import type { Context } from '@opentelemetry/api';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The part of an operation's call budget (call-budget.ts) the transport uses: one unit per call. */
export interface CallAllowance {
  take(upstream: string): void;
}

export interface UpstreamRequest {
  method: HttpMethod;
  /** Path below the root, every identifier already percent-encoded. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  headers?: Record<string, string>;
  body?: string | Buffer | Readable;
  /** Aborted when the GraphQL request ends or passes its deadline. */
  signal?: AbortSignal;
  /** Epoch ms after which no retry may start (the request deadline). */
  deadlineAt?: number;
  /** The caller's Idempotency-Key: sent on writes only, so an upstream that honours it can dedupe a client's retry. */
  idempotencyKey?: string;
  /** The GraphQL request's id, for the upstream-call log line. */
  requestId?: string;
  /** The GraphQL request's trace (src/tracing.ts), parent of the call's CLIENT spans; absent while tracing is off. */
  trace?: { readonly current: Context };
  /** The GraphQL request's count of calls in flight (retry waits included), so that it aborts only when something is left to cancel. */
  inFlight?: { count: number };
  /** The GraphQL operation's upstream-call budget: one unit per call (not per attempt). */
  budget?: CallAllowance;
  /** Operation name for logs, metrics and spans (never a value). */
  operation: string;
  /** The operation's path template (`/gigs/{slug}/reviews`), for the span's `url.template`. */
  template?: string;
  /** Safe to repeat, so retried (the operation row's `idempotent`); GETs when not given. */
  idempotent?: boolean;
  /** A POST that changes nothing upstream (the row's `readsOnly`): no Idempotency-Key, and a timeout leaves no outcome unknown. */
  readsOnly?: boolean;
  /** The gateway's code for a non-2xx status of this upstream, for the span. */
  codeOf?: (status: number) => string | undefined;
  /** A GET of an operation needing no credential, sent without one: its answer may be shared (public-cache/). */
  publicRead?: boolean;
  /** The GraphQL request's record of the answers it was built from (public-cache/public-reads.ts), for the response cache. */
  reads?: ReadRecorder;
}

/**
 * Told, for each upstream answer a GraphQL request uses, whether it was a kept public answer (how long it stays
 * fresh, and the tags a webhook evicts it by) or anything else: what decides whether the request's whole answer
 * may be shared, and for how long.
 */
export interface ReadRecorder {
  kept(freshUntil: number, tags: readonly string[]): void;
  unkept(): void;
}

/** What one GraphQL request gives every upstream call it makes (the clients are bound to it per request). */
export type RequestBinding = Pick<
  UpstreamRequest,
  'signal' | 'deadlineAt' | 'idempotencyKey' | 'requestId' | 'trace' | 'inFlight' | 'budget' | 'reads'
>;

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined for an empty body. */
  body: unknown;
}

/** One page of a Laravel list, read from its `data` and `meta`. */
export interface Page<T> {
  items: T[];
  total: number;
  lastPage: number;
}
