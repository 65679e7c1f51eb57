/**
 * One keep-alive undici Pool per upstream origin, and the single place where
 * an upstream call is made: timeouts, the request deadline, GET-only retries
 * with full-jitter backoff, the circuit breaker, response-size limit, JSON
 * parsing and metrics. Status codes are returned to the per-upstream client,
 * which knows that service's error shapes; transport failures become
 * UpstreamError here.
 */
import type { Readable } from 'node:stream';
import { Pool, errors as undiciErrors } from 'undici';
import type { IncomingHttpHeaders } from 'undici/types/header.js';
import { UpstreamError, type UpstreamName } from '../errors.js';
import type { HttpMethod } from './operations.js';
import { CircuitBreaker, type BreakerOptions, type BreakerState } from './breaker.js';
import { upstreamMetrics } from '../metrics.js';
import type { Logger } from '../logger.js';
import type { CallBudget } from './call-budget.js';

export interface UpstreamHttpOptions {
  name: UpstreamName;
  origin: string;
  root: string;
  timeoutMs: number;
  connections: number;
  maxResponseBytes: number;
  retries: number;
  breaker?: Partial<BreakerOptions>;
  /** Base of the full-jitter backoff: attempt n waits random(0, base * 2^(n-1)) ms. */
  backoffBaseMs?: number;
  logger: Logger;
}

/** What one GraphQL request gives every upstream call it makes. */
export type CallScope = Pick<UpstreamRequest, 'signal' | 'deadlineAt' | 'idempotencyKey' | 'requestId' | 'inFlight' | 'budget'>;

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
  /** The GraphQL request's count of calls in flight (retry waits included), so that it aborts only when something is left to cancel. */
  inFlight?: { count: number };
  /** The GraphQL operation's upstream-call budget: one unit per call (not per attempt). */
  budget?: CallBudget;
  /** Operation name for logs and metrics (never a value). */
  operation: string;
}

export interface UpstreamResponse {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON body, or undefined for an empty body. */
  body: unknown;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const DEFAULT_BACKOFF_BASE_MS = 50;

export class UpstreamHttp {
  readonly name: UpstreamName;
  readonly breaker: CircuitBreaker;
  private readonly pool: Pool;
  lastError: { message: string; at: string } | undefined;

  private readonly options: Required<Omit<UpstreamHttpOptions, 'breaker'>> & Pick<UpstreamHttpOptions, 'breaker'>;

  constructor(options: UpstreamHttpOptions) {
    this.options = { backoffBaseMs: DEFAULT_BACKOFF_BASE_MS, ...options };
    this.name = options.name;
    this.pool = new Pool(options.origin, {
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      connect: { timeout: Math.min(options.timeoutMs, 10_000) },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
    this.breaker = new CircuitBreaker(options.breaker, (state) => {
      upstreamMetrics.breakerChanged(this.name, state);
      this.options.logger.warn({ upstream: this.name, breaker: state }, 'upstream circuit breaker changed state');
    });
    upstreamMetrics.breakerChanged(this.name, 'closed');
  }

  get origin(): string {
    return this.options.origin;
  }

  breakerState(): BreakerState {
    return this.breaker.state;
  }

  /**
   * Sends a request. Only GETs are retried (at most `retries` times): on a
   * transport failure or 502/503/504 after a full-jitter backoff, and on a 429
   * or 503 whose Retry-After fits the deadline. Anything else is sent exactly
   * once, since a repeated mutation could apply twice.
   */
  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    req.budget?.take(this.name);
    if (req.inFlight) req.inFlight.count++;
    try {
      return await this.sendWithRetries(req);
    } finally {
      if (req.inFlight) req.inFlight.count--;
    }
  }

  private async sendWithRetries(req: UpstreamRequest): Promise<UpstreamResponse> {
    const idempotent = req.method === 'GET';
    const maxAttempts = idempotent ? this.options.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      if (!this.breaker.allow()) {
        upstreamMetrics.rejected(this.name);
        throw new UpstreamError(this.name, 'UPSTREAM_UNAVAILABLE', `The ${this.name} service is unavailable (circuit open)`, {
          retryAfter: this.breaker.retryAfterSeconds(),
        });
      }
      let response: UpstreamResponse;
      try {
        response = await this.attempt(req);
      } catch (error) {
        const failure = error as UpstreamError;
        // A caller that went away says nothing about the upstream's health.
        const cancelledByCaller = req.signal?.aborted && !isDeadline(req.signal);
        if (cancelledByCaller || failure.code === 'UPSTREAM_BAD_RESPONSE') this.breaker.release();
        else this.breaker.record(false);
        this.lastError = { message: failure.message, at: new Date().toISOString() };
        const retryable = idempotent && failure.code === 'UPSTREAM_UNAVAILABLE' && !req.signal?.aborted;
        if (retryable && attempt < maxAttempts && (await this.backoff(attempt, undefined, req))) continue;
        throw failure;
      }
      const serverFailure = response.status >= 500;
      this.breaker.record(!serverFailure);
      if (serverFailure) this.lastError = { message: `HTTP ${response.status}`, at: new Date().toISOString() };
      if (idempotent && attempt < maxAttempts && this.retryableStatus(response)) {
        const retryAfter = parseRetryAfter(response.headers['retry-after']);
        if (await this.backoff(attempt, retryAfter, req)) continue;
      }
      return response;
    }
  }

  /** 502/503/504 always; 429 only when the upstream said when to come back. */
  private retryableStatus(response: UpstreamResponse): boolean {
    if (RETRYABLE_STATUS.has(response.status)) return true;
    return response.status === 429 && response.headers['retry-after'] !== undefined;
  }

  /** Waits before the next attempt; false when the wait would not fit the request's deadline. */
  private async backoff(attempt: number, retryAfterSeconds: number | undefined, req: UpstreamRequest): Promise<boolean> {
    const signal = req.signal;
    const delay =
      retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : Math.random() * this.options.backoffBaseMs * 2 ** (attempt - 1);
    // A wait that would end past the request's deadline is pointless: the caller gets the error and its retryAfter now.
    if (req.deadlineAt !== undefined && Date.now() + delay >= req.deadlineAt) return false;
    upstreamMetrics.retried(this.name);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, delay);
      signal?.addEventListener('abort', () => {
        clearTimeout(timer);
        resolve();
      }, { once: true });
    });
    return !signal?.aborted;
  }

  private async attempt(req: UpstreamRequest): Promise<UpstreamResponse> {
    const path = this.options.root + req.path + queryString(req.query);
    const started = performance.now();
    // The per-call bound is undici's own connect, headers and body timeouts (set on the Pool);
    // a timer and a combined signal per call showed in profiles of wide queries.
    const signal = req.signal;
    const mutation = req.method !== 'GET';
    let status: number | undefined;
    try {
      const res = await this.pool.request({
        method: req.method,
        path,
        headers: mutation && req.idempotencyKey ? { ...req.headers, 'idempotency-key': req.idempotencyKey } : req.headers,
        body: req.body,
        signal,
      });
      status = res.statusCode;
      const body = await readJson(res.body, this.options.maxResponseBytes, this.name, status);
      return { status, headers: res.headers, body };
    } catch (error) {
      if (error instanceof UpstreamError) throw error;
      throw this.transportError(error, mutation, status, isTimeout(error), req.signal);
    } finally {
      const seconds = (performance.now() - started) / 1000;
      upstreamMetrics.observe(this.name, req.operation, status, seconds);
      if (this.options.logger.isLevelEnabled('debug')) this.options.logger.debug({ requestId: req.requestId, upstream: this.name, operation: req.operation, method: req.method, status, ms: Math.round(seconds * 1000) }, 'upstream call');
    }
  }

  private transportError(error: unknown, mutation: boolean, status: number | undefined, timedOut: boolean, outer?: AbortSignal): UpstreamError {
    const deadlinePassed = outer?.aborted === true && isDeadline(outer);
    if (timedOut || deadlinePassed) {
      return new UpstreamError(this.name, 'UPSTREAM_TIMEOUT', `The ${this.name} service did not answer in time`, {
        status,
        outcomeUnknown: mutation || undefined,
        cause: error,
      });
    }
    return new UpstreamError(this.name, 'UPSTREAM_UNAVAILABLE', `The ${this.name} service could not be reached`, {
      status,
      outcomeUnknown: mutation || undefined,
      cause: error,
    });
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}

/** The request's own deadline (AbortSignal.timeout) passed, as opposed to the caller leaving. */
function isDeadline(signal: AbortSignal): boolean {
  return (signal.reason as Error | undefined)?.name === 'TimeoutError';
}

function isTimeout(error: unknown): boolean {
  return (
    error instanceof undiciErrors.HeadersTimeoutError ||
    error instanceof undiciErrors.BodyTimeoutError ||
    error instanceof undiciErrors.ConnectTimeoutError ||
    (error instanceof Error && error.name === 'TimeoutError')
  );
}

function queryString(query: UpstreamRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function parseRetryAfter(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (!text) return undefined;
  const seconds = Number(text);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds);
  const date = Date.parse(text);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

/**
 * The response body as JSON, read with plain 'data'/'end' listeners (async iteration of a
 * Readable costs a promise per chunk and showed in profiles), at most `limit` bytes of it.
 */
function readJson(body: Readable & { dump(): Promise<void> }, limit: number, upstream: UpstreamName, status: number): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) {
        chunks.push(chunk);
        return;
      }
      body.off('data', onData);
      body.dump().catch(() => undefined);
      reject(new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent a response larger than allowed`, { status }));
    };
    body.on('data', onData);
    body.once('error', reject);
    body.once('end', () => {
      if (size > limit) return; // already refused
      if (size === 0) return resolve(undefined);
      try {
        resolve(JSON.parse(Buffer.concat(chunks, size).toString('utf8')) as unknown);
      } catch {
        // An error status speaks for itself (a proxy's HTML 502 page is still a 502).
        if (status >= 400) return resolve(undefined);
        reject(new UpstreamError(upstream, 'UPSTREAM_BAD_RESPONSE', `The ${upstream} service sent a response that is not JSON`, { status }));
      }
    });
  });
}
