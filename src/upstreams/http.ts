/**
 * One keep-alive undici Pool per upstream origin, and the single place where
 * an upstream call is made: timeouts, the request deadline, GET-only retries
 * with full-jitter backoff, the circuit breaker, response-size limit, JSON
 * parsing and metrics. Status codes are returned to the per-upstream client,
 * which knows that service's error shapes; transport failures become
 * UpstreamError here.
 *
 * The breaker hears one verdict per call (all its retries together), and only
 * about the upstream: an answer (success, or a 5xx), a timeout or a transport
 * failure. A caller who left, a call never sent, a bad body or an exception
 * of our own leave it as it was.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import { UpstreamError, type UpstreamName } from '../errors.js';
import type { UpstreamRequest, UpstreamResponse } from './wire.js';
import { CircuitBreaker, type Admission, type BreakerOptions, type BreakerState } from './breaker.js';
import { readJson } from './response-body.js';
import { parseRetryAfter } from './retry-after.js';
import { addressOf, AttemptFailure, cancelledByCaller, classifyAttempt, errorCode } from './transport-errors.js';
import { AttemptControl } from './attempt-control.js';
import { queryString } from './identifiers.js';
import { upstreamMetrics } from '../metrics.js';
import type { Logger } from '../logger.js';
import { endAttemptSpan, noteShortCircuit, spanTargetOf, startAttemptSpan, type SpanTarget } from './upstream-span.js';
import type { CacheableUpstream, PublicCache } from './public-cache/public-cache.js';

export { parseRetryAfter };

export interface UpstreamHttpOptions {
  name: UpstreamName;
  origin: string;
  root: string;
  timeoutMs: number;
  connections: number;
  maxResponseBytes: number;
  retries: number;
  /** The longest Retry-After waited out before a retry; a longer one is answered at once. */
  retryMaxWaitMs?: number;
  breaker?: Partial<BreakerOptions>;
  /** Base of the full-jitter backoff: attempt n waits random(0, base * 2^(n-1)) ms. */
  backoffBaseMs?: number;
  logger: Logger;
  /** The shared cache of public reads (src/upstreams/public-cache/); unset: every call goes upstream. */
  publicCache?: PublicCache;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const DEFAULT_BACKOFF_BASE_MS = 50;
const DEFAULT_RETRY_MAX_WAIT_MS = 1000;

/** What one call's attempts told about the upstream: it answered, it failed, or nothing (no verdict). */
type Verdict = 'answered' | 'failed' | undefined;


export class UpstreamHttp implements CacheableUpstream {
  readonly name: UpstreamName;
  readonly breaker: CircuitBreaker;
  private readonly pool: Pool;
  private readonly address: string;
  private readonly spanTarget: SpanTarget;
  lastError: { message: string; code?: string; at: string } | undefined;
  /** How long one call shared by every reader of a public GET may take (all its attempts), whoever asked. */
  readonly fillTimeoutMs: number;

  private readonly options: Required<Omit<UpstreamHttpOptions, 'breaker' | 'publicCache'>> & Pick<UpstreamHttpOptions, 'breaker' | 'publicCache'>;

  constructor(options: UpstreamHttpOptions) {
    this.options = { backoffBaseMs: DEFAULT_BACKOFF_BASE_MS, retryMaxWaitMs: DEFAULT_RETRY_MAX_WAIT_MS, ...options };
    this.name = options.name;
    this.fillTimeoutMs = options.timeoutMs * (options.retries + 1);
    this.address = addressOf(options.origin);
    this.spanTarget = spanTargetOf(options.name, options.origin);
    this.pool = new Pool(options.origin, {
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      connect: { timeout: Math.min(options.timeoutMs, 10_000) },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      // A body growing past this closes its connection (read as UPSTREAM_BAD_RESPONSE in response-body.ts).
      maxResponseSize: options.maxResponseBytes,
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
   * Sends a request (a public read through the shared cache, when there is one).
   * Only idempotent calls (the operation row's `idempotent`: GETs) are retried
   * (at most `retries` times): on a
   * transport failure or 502/503/504 after a full-jitter backoff, and on a 429
   * or 503 whose Retry-After fits both the deadline and `retryMaxWaitMs`.
   * Anything else is sent exactly once, since a repeated mutation could apply twice.
   */
  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    return this.options.publicCache && req.method === 'GET' ? this.options.publicCache.read(this, req) : this.sendUncached(req);
  }

  /** `send` without the public cache, which calls it on a miss. */
  async sendUncached(req: UpstreamRequest): Promise<UpstreamResponse> {
    req.budget?.take(this.name);
    if (req.inFlight) req.inFlight.count++;
    try {
      return await this.sendWithRetries(req);
    } finally {
      if (req.inFlight) req.inFlight.count--;
    }
  }

  private async sendWithRetries(req: UpstreamRequest): Promise<UpstreamResponse> {
    const admission = this.breaker.admit();
    if (!admission) {
      upstreamMetrics.rejected(this.name);
      noteShortCircuit(this.name, req.operation);
      throw new UpstreamError(this.name, 'UPSTREAM_UNAVAILABLE', `The ${this.name} service is unavailable (circuit open)`, {
        retryAfter: this.breaker.retryAfterSeconds(),
      });
    }
    let verdict: Verdict;
    try {
      return await this.attempts(req, admission, (v) => (verdict = v));
    } finally {
      if (verdict === undefined) this.breaker.release(admission);
      else this.breaker.record(verdict === 'answered', admission);
    }
  }

  /** The attempts of one call; `settle` hears the verdict of the latest. */
  private async attempts(req: UpstreamRequest, admission: Admission, settle: (verdict: Verdict) => void): Promise<UpstreamResponse> {
    const idempotent = req.idempotent ?? req.method === 'GET';
    // A half-open probe is a single attempt: its verdict decides at once.
    const maxAttempts = idempotent && admission === 'call' ? this.options.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      let response: UpstreamResponse;
      try {
        response = await this.attempt(req, attempt);
      } catch (caught) {
        if (!(caught instanceof AttemptFailure)) throw caught;
        const { error, upstreamFault } = caught;
        settle(upstreamFault ? 'failed' : undefined);
        if (upstreamFault) this.noteFailure(error as UpstreamError, req);
        const retryable = upstreamFault && idempotent && (error as UpstreamError).code === 'UPSTREAM_UNAVAILABLE';
        if (retryable && attempt < maxAttempts && (await this.backoff(attempt, undefined, req))) continue;
        throw error;
      }
      const serverFailure = response.status >= 500;
      settle(serverFailure ? 'failed' : 'answered');
      if (serverFailure) this.lastError = { message: `HTTP ${response.status} from ${this.address}`, at: new Date().toISOString() };
      if (idempotent && attempt < maxAttempts && this.retryableStatus(response)) {
        const retryAfter = parseRetryAfter(response.headers['retry-after']);
        if (await this.backoff(attempt, retryAfter, req)) continue;
      }
      return response;
    }
  }

  /** Keeps the transport cause (code and host:port, never a credential) for /readyz and the log. */
  private noteFailure(error: UpstreamError, req: UpstreamRequest): void {
    const cause = (error as { cause?: unknown }).cause;
    const code = cause === undefined ? error.code : errorCode(cause);
    const message = `${error.message}: ${code} (${this.address})`;
    this.lastError = { message, code, at: new Date().toISOString() };
    this.options.logger.warn({ requestId: req.requestId, upstream: this.name, operation: req.operation, code, address: this.address }, message);
  }

  /** 502/503/504 always; 429 only when the upstream said when to come back. */
  private retryableStatus(response: UpstreamResponse): boolean {
    if (RETRYABLE_STATUS.has(response.status)) return true;
    return response.status === 429 && response.headers['retry-after'] !== undefined;
  }

  /** Waits before the next attempt; false when the wait would not fit, or the caller left meanwhile. */
  private async backoff(attempt: number, retryAfterSeconds: number | undefined, req: UpstreamRequest): Promise<boolean> {
    // Another caller's failures opened the circuit: retrying now would only add load.
    if (this.breaker.state !== 'closed') return false;
    const delay =
      retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : Math.random() * this.options.backoffBaseMs * 2 ** (attempt - 1);
    // An interactive caller gets the error and its retryAfter now rather than being held for a long Retry-After.
    if (delay > this.options.retryMaxWaitMs) return false;
    // A wait that would end past the request's deadline is pointless too.
    if (req.deadlineAt !== undefined && Date.now() + delay >= req.deadlineAt) return false;
    upstreamMetrics.retried(this.name);
    try {
      await sleep(delay, undefined, { signal: req.signal });
    } catch {
      return false; // the request ended while waiting
    }
    return true;
  }

  /** One attempt, bounded as a whole (connect to last body byte) by the timeout. Throws an AttemptFailure. */
  private async attempt(req: UpstreamRequest, attempt: number): Promise<UpstreamResponse> {
    const path = this.options.root + req.path + queryString(req.query);
    const mutation = req.method !== 'GET';
    const outer = req.signal;
    if (outer?.aborted) {
      // Never sent: nothing learnt about the upstream.
      throw new AttemptFailure({ error: classifyAttempt(this.name, outer.reason, { mutation, outer, timedOut: false }).error, upstreamFault: false });
    }
    const started = performance.now();
    // undici's bodyTimeout is an idle timer (a drip of one byte a second resets it), so the attempt
    // is bounded as a whole by a timer of its own, which ends it through the same signal as the caller.
    const control = new AttemptControl(outer, this.options.timeoutMs);
    let status: number | undefined;
    let failure: string | undefined;
    let thrown: AttemptFailure | undefined;
    const headers = mutation && req.idempotencyKey ? { ...req.headers, 'idempotency-key': req.idempotencyKey } : req.headers;
    const span = startAttemptSpan(this.spanTarget, { method: req.method, template: req.template && this.options.root + req.template, operation: req.operation, attempt }, headers);
    try {
      // With tracing on, the headers carry a `traceparent` naming this attempt's span.
      const res = await this.pool.request({ method: req.method, path, headers: span?.headers ?? headers, body: req.body, signal: control.signal });
      status = res.statusCode;
      const parsed = await readJson(res.body, res.headers['content-length'], this.options.maxResponseBytes, this.name, status);
      return { status, headers: res.headers, body: parsed };
    } catch (error) {
      failure = errorCode(error);
      throw (thrown = classifyAttempt(this.name, error, { mutation, status, outer, timedOut: control.timedOut }));
    } finally {
      control.release();
      if (span) endAttemptSpan(span, status, thrown?.error, req.codeOf);
      const seconds = (performance.now() - started) / 1000;
      // A call cut short because its caller left (or its result was no longer needed) says nothing about the upstream.
      if (!cancelledByCaller(outer, control.timedOut)) upstreamMetrics.observe(this.name, req.operation, status, seconds);
      if (this.options.logger.isLevelEnabled('debug')) {
        this.options.logger.debug(
          { requestId: req.requestId, upstream: this.name, operation: req.operation, method: req.method, status, error: failure, ms: Math.round(seconds * 1000) },
          'upstream call',
        );
      }
    }
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}
