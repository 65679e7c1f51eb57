/**
 * One upstream's transport, composed once: one keep-alive undici Pool, and
 * around each call, from the outside in, the call budget, the circuit breaker
 * (this module), the retry policy (retry.ts) and the attempt (attempt.ts:
 * timeouts, response-size limit, JSON parsing, span and metric). The shared
 * cache of public reads sits in front of all of it (public-cache/), never
 * inside. Status codes are returned to the per-upstream client, which knows
 * that service's error shapes; transport failures become UpstreamError.
 *
 * The breaker hears one verdict per call (all its retries together), and only
 * about the upstream: an answer (success, or a 5xx), a timeout or a transport
 * failure. A caller who left, a call never sent, a bad body or an exception
 * of our own leave it as it was.
 */
import { Pool } from 'undici';
import { UpstreamError, type UpstreamName } from '../errors.js';
import { LINE_TRACE, type Logger } from '../logger.js';
import { upstreamMetrics } from '../metrics.js';
import { AttemptSender } from './attempt.js';
import { CircuitBreaker, type BreakerOptions, type BreakerState } from './breaker.js';
import { parseRetryAfter } from './retry-after.js';
import { RetryPolicy, type Verdict } from './retry.js';
import { addressOf, errorCode } from './transport-errors.js';
import { noteShortCircuit, spanTargetOf } from './upstream-span.js';
import type { BodyBudget } from './body-budget.js';
import type { UpstreamRequest, UpstreamResponse } from './wire.js';

export { parseRetryAfter };

export interface UpstreamHttpOptions {
  name: UpstreamName;
  origin: string;
  root: string;
  timeoutMs: number;
  connections: number;
  maxResponseBytes: number;
  /** Answer bytes the whole process may be reading at once (one budget for every upstream). */
  bodyBudget?: BodyBudget;
  retries: number;
  /** The longest Retry-After waited out before a retry; a longer one is answered at once. */
  retryMaxWaitMs?: number;
  breaker?: Partial<BreakerOptions>;
  /** Base of the full-jitter backoff: attempt n waits random(0, base * 2^(n-1)) ms. */
  backoffBaseMs?: number;
  logger: Logger;
}

const DEFAULT_BACKOFF_BASE_MS = 50;
const DEFAULT_RETRY_MAX_WAIT_MS = 1000;
/** undici's coarse timers (its connect, headers and body timeouts) fire within a second of their delay. */
const UNDICI_TIMER_RESOLUTION_MS = 1000;

export class UpstreamHttp {
  readonly name: UpstreamName;
  readonly origin: string;
  readonly breaker: CircuitBreaker;
  /** How long one call shared by every reader of a public GET may take (all its attempts), whoever asked. */
  readonly fillTimeoutMs: number;
  lastError: { message: string; code?: string; at: string } | undefined;
  private readonly pool: Pool;
  private readonly address: string;
  private readonly retry: RetryPolicy;

  constructor(options: UpstreamHttpOptions) {
    const { name, origin, timeoutMs, logger } = options;
    this.name = name;
    this.origin = origin;
    this.fillTimeoutMs = timeoutMs * (options.retries + 1);
    this.address = addressOf(origin);
    this.pool = new Pool(origin, {
      connections: options.connections,
      pipelining: 1,
      keepAliveTimeout: 30_000,
      keepAliveMaxTimeout: 60_000,
      // Backstops only: the attempt's own timer (attempt-control.ts) bounds connect, headers and body
      // together, exactly. undici's tick every half second whatever their delay, so set to the same value
      // they fired up to ~500 ms early (at 800 ms, answers at 550 ms were cut): given one tick more, never
      // first. A connect is also bounded at 10 s on its own, within a longer UPSTREAM_TIMEOUT_MS.
      connect: { timeout: Math.min(timeoutMs + UNDICI_TIMER_RESOLUTION_MS, 10_000) },
      headersTimeout: timeoutMs + UNDICI_TIMER_RESOLUTION_MS,
      bodyTimeout: timeoutMs + UNDICI_TIMER_RESOLUTION_MS,
      // A body growing past this closes its connection (read as UPSTREAM_BAD_RESPONSE in response-body.ts).
      maxResponseSize: options.maxResponseBytes,
    });
    this.breaker = new CircuitBreaker(options.breaker, (state) => {
      upstreamMetrics.breakerChanged(name, state);
      logger.warn({ upstream: name, breaker: state }, 'upstream circuit breaker changed state');
    });
    upstreamMetrics.breakerChanged(name, 'closed');
    const attempts = new AttemptSender(this.pool, {
      name,
      root: options.root,
      timeoutMs,
      maxResponseBytes: options.maxResponseBytes,
      bodyBudget: options.bodyBudget,
      spanTarget: spanTargetOf(name, origin),
      logger,
    });
    const retryOptions = {
      name,
      retries: options.retries,
      retryMaxWaitMs: options.retryMaxWaitMs ?? DEFAULT_RETRY_MAX_WAIT_MS,
      backoffBaseMs: options.backoffBaseMs ?? DEFAULT_BACKOFF_BASE_MS,
    };
    this.retry = new RetryPolicy(retryOptions, {
      attempt: (req, attempt) => attempts.send(req, attempt),
      circuitClosed: () => this.breaker.state === 'closed',
      failed: (error, req) => this.noteFailure(error, req, logger),
      serverFailure: (status) => (this.lastError = { message: `HTTP ${status} from ${this.address}`, at: new Date().toISOString() }),
    });
  }

  breakerState(): BreakerState {
    return this.breaker.state;
  }

  /**
   * Sends one call (its retries included): one unit of the request's call budget, one verdict for the breaker.
   * One async frame for both, not one per layer: the budget, the breaker's admission and its verdict are per call.
   */
  async send(req: UpstreamRequest): Promise<UpstreamResponse> {
    req.budget?.take(this.name);
    const admission = this.breaker.admit();
    if (!admission) {
      upstreamMetrics.rejected(this.name);
      noteShortCircuit(req.trace, this.name, req.operation);
      throw new UpstreamError(this.name, 'UPSTREAM_UNAVAILABLE', `The ${this.name} service is unavailable (circuit open)`, {
        retryAfter: this.breaker.retryAfterSeconds(),
      });
    }
    const inFlight = req.inFlight;
    if (inFlight) inFlight.count++;
    let verdict: Verdict;
    try {
      return await this.retry.run(req, admission, (v) => (verdict = v));
    } finally {
      if (verdict === undefined) this.breaker.release(admission);
      else this.breaker.record(verdict === 'answered', admission);
      if (inFlight) inFlight.count--;
    }
  }

  /** Keeps the transport cause (code and host:port, never a credential) for /readyz and the log. */
  private noteFailure(error: UpstreamError, req: UpstreamRequest, logger: Logger): void {
    const cause = (error as { cause?: unknown }).cause;
    const code = cause === undefined ? error.code : errorCode(cause);
    const message = `${error.message}: ${code} (${this.address})`;
    this.lastError = { message, code, at: new Date().toISOString() };
    logger.warn(
      { requestId: req.requestId, [LINE_TRACE]: req.trace, upstream: this.name, operation: req.operation, code, address: this.address },
      message,
    );
  }

  async close(): Promise<void> {
    await this.pool.close();
  }

  async destroy(): Promise<void> {
    await this.pool.destroy();
  }
}
