/**
 * The retry layer of an upstream call: the attempts of one call, and the
 * verdict of the latest for the breaker. Only idempotent calls (the operation
 * row's `idempotent`: GETs) are retried, at most `retries` times: on a
 * transport failure or 502/503/504 after a full-jitter backoff, and on a 429
 * or 503 whose Retry-After fits both the deadline and `retryMaxWaitMs`.
 * Anything else is sent exactly once, since a repeated write could apply twice.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { UpstreamError, UpstreamName } from '../errors.js';
import { upstreamMetrics } from '../metrics.js';
import type { Admission } from './breaker.js';
import { parseRetryAfter } from './retry-after.js';
import { AttemptFailure } from './transport-errors.js';
import type { UpstreamRequest, UpstreamResponse } from './wire.js';

/** What one call's attempts told about the upstream: it answered, it failed, or nothing (no verdict). */
export type Verdict = 'answered' | 'failed' | undefined;

export interface RetryOptions {
  name: UpstreamName;
  retries: number;
  /** The longest Retry-After waited out before a retry; a longer one is answered at once. */
  retryMaxWaitMs: number;
  /** Base of the full-jitter backoff: attempt n waits random(0, base * 2^(n-1)) ms. */
  backoffBaseMs: number;
}

/** What the retry layer hears from the layers around it. */
export interface RetryHooks {
  attempt(req: UpstreamRequest, attempt: number): Promise<UpstreamResponse>;
  /** False while another caller's failures hold the circuit open: a retry would only add load. */
  circuitClosed(): boolean;
  /** An upstream fault (coded), for /readyz and the log. */
  failed(error: UpstreamError, req: UpstreamRequest): void;
  /** A 5xx answer, for /readyz. */
  serverFailure(status: number): void;
}

const RETRYABLE_STATUS = new Set([502, 503, 504]);

export class RetryPolicy {
  constructor(
    private readonly options: RetryOptions,
    private readonly hooks: RetryHooks,
  ) {}

  /** The attempts of one call; `settle` hears the verdict of the latest. */
  async run(req: UpstreamRequest, admission: Admission, settle: (verdict: Verdict) => void): Promise<UpstreamResponse> {
    const idempotent = req.idempotent ?? req.method === 'GET';
    // A half-open probe is a single attempt: its verdict decides at once.
    const maxAttempts = idempotent && admission === 'call' ? this.options.retries + 1 : 1;
    for (let attempt = 1; ; attempt++) {
      let response: UpstreamResponse;
      try {
        response = await this.hooks.attempt(req, attempt);
      } catch (caught) {
        if (!(caught instanceof AttemptFailure)) throw caught;
        const { error, upstreamFault } = caught;
        settle(upstreamFault ? 'failed' : undefined);
        if (upstreamFault) this.hooks.failed(error as UpstreamError, req);
        const retryable = upstreamFault && idempotent && (error as UpstreamError).code === 'UPSTREAM_UNAVAILABLE';
        if (retryable && attempt < maxAttempts && (await this.backoff(attempt, undefined, req))) continue;
        throw error;
      }
      const serverFailure = response.status >= 500;
      settle(serverFailure ? 'failed' : 'answered');
      if (serverFailure) this.hooks.serverFailure(response.status);
      if (idempotent && attempt < maxAttempts && retryableStatus(response)) {
        const retryAfter = parseRetryAfter(response.headers['retry-after']);
        if (await this.backoff(attempt, retryAfter, req)) continue;
      }
      return response;
    }
  }

  /** Waits before the next attempt; false when the wait would not fit, or the caller left meanwhile. */
  private async backoff(attempt: number, retryAfterSeconds: number | undefined, req: UpstreamRequest): Promise<boolean> {
    if (!this.hooks.circuitClosed()) return false;
    const { backoffBaseMs, retryMaxWaitMs, name } = this.options;
    const delay = retryAfterSeconds !== undefined ? retryAfterSeconds * 1000 : Math.random() * backoffBaseMs * 2 ** (attempt - 1);
    // An interactive caller gets the error and its retryAfter now rather than being held for a long Retry-After.
    if (delay > retryMaxWaitMs) return false;
    // A wait that would end past the request's deadline is pointless too.
    if (req.deadlineAt !== undefined && Date.now() + delay >= req.deadlineAt) return false;
    upstreamMetrics.retried(name);
    try {
      await sleep(delay, undefined, { signal: req.signal });
    } catch {
      return false; // the request ended while waiting
    }
    return true;
  }
}

/** 502/503/504 always; 429 only when the upstream said when to come back. */
function retryableStatus(response: UpstreamResponse): boolean {
  if (RETRYABLE_STATUS.has(response.status)) return true;
  return response.status === 429 && response.headers['retry-after'] !== undefined;
}
