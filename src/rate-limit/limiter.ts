/**
 * Token buckets per client key, in memory: `perMinute` tokens refill evenly
 * over a minute, with a burst of the same size. The map is bounded (least
 * recently seen clients are dropped first) so a flood of distinct keys cannot
 * grow memory without limit. Kept instead of rate-limiter-flexible's
 * RateLimiterMemory because its decision is synchronous: a promise-returning
 * limiter makes every request's onRequest hook async (see src/plugins/use-rate-limit.ts),
 * and RateLimiterMemory arms one timer per key. The limiters live outside
 * src/plugins/ because the Redis connection (src/webhooks/redis.ts) builds
 * the shared ones too.
 */
export interface RateDecision {
  allowed: boolean;
  /** Seconds until one more request would be allowed (when refused). */
  retryAfter: number;
}

interface Bucket {
  tokens: number;
  updatedAt: number;
}

/** What the rate-limit plugin needs: this in-memory limiter, or one shared through Redis. */
export interface Limiter {
  readonly enabled: boolean;
  /** Takes `tokens` at once (all or none in memory; Redis counts a refused take too). */
  take(key: string, tokens?: number): RateDecision | Promise<RateDecision>;
}

export class RateLimiter implements Limiter {
  private readonly buckets = new Map<string, Bucket>();
  private readonly refillPerMs: number;

  constructor(
    private readonly perMinute: number,
    private readonly maxKeys = 100_000,
    private readonly now: () => number = Date.now,
  ) {
    this.refillPerMs = perMinute / 60_000;
  }

  get enabled(): boolean {
    return this.perMinute > 0;
  }

  take(key: string, tokens = 1): RateDecision {
    if (!this.enabled) return { allowed: true, retryAfter: 0 };
    const now = this.now();
    const previous = this.buckets.get(key);
    const bucket = previous ?? { tokens: this.perMinute, updatedAt: now };
    bucket.tokens = Math.min(this.perMinute, bucket.tokens + (now - bucket.updatedAt) * this.refillPerMs);
    bucket.updatedAt = now;
    // Re-inserting keeps the map in least-recently-seen order for eviction.
    if (previous) this.buckets.delete(key);
    this.buckets.set(key, bucket);
    if (this.buckets.size > this.maxKeys) this.buckets.delete(this.buckets.keys().next().value as string);
    if (bucket.tokens >= tokens) {
      bucket.tokens -= tokens;
      return { allowed: true, retryAfter: 0 };
    }
    // More than a full bucket never fits: say a minute, the limit's own period.
    if (tokens > this.perMinute) return { allowed: false, retryAfter: 60 };
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((tokens - bucket.tokens) / this.refillPerMs / 1000)) };
  }
}
