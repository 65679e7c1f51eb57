/**
 * Token buckets per client key, in memory: `perMinute` requests refill
 * evenly over a minute, with a burst of the same size. The map is bounded
 * (least recently seen clients are dropped first) so a flood of distinct
 * keys cannot grow memory without limit.
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
  take(key: string): RateDecision | Promise<RateDecision>;
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

  take(key: string): RateDecision {
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
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return { allowed: true, retryAfter: 0 };
    }
    return { allowed: false, retryAfter: Math.max(1, Math.ceil((1 - bucket.tokens) / this.refillPerMs / 1000)) };
  }
}
