/**
 * A per-upstream circuit breaker: after `failureThreshold` consecutive
 * failed calls (transport errors, timeouts, 5xx; a call's retries count once)
 * calls fail fast for `cooldownMs`; then one half-open probe decides between
 * closing and opening again. Counting consecutive failures keeps it cheap and
 * makes a single success after recovery enough to close.
 *
 * Only a real caller's call may be the probe: a speculative call (look-ahead)
 * may be cancelled when the response is complete, and a probe that ends
 * without a verdict would leave the circuit half-open for the next caller to
 * find taken.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  failureThreshold: number;
  cooldownMs: number;
  /** The clock the cool-down is measured on (ms); tests pass one they move by hand instead of sleeping. */
  now: () => number;
}

/** How a call was let through: as an ordinary call, or as the single half-open probe. */
export type Admission = 'call' | 'probe';

export class CircuitBreaker {
  private failures = 0;
  private openedAt = 0;
  private probing = false;
  private current: BreakerState = 'closed';
  private reported: BreakerState = 'closed';
  private readonly options: BreakerOptions;

  constructor(
    options: Partial<BreakerOptions> = {},
    /** Told about every change of the visible state (for metrics and logs). */
    private readonly onChange: (state: BreakerState) => void = () => undefined,
  ) {
    this.options = {
      failureThreshold: options.failureThreshold ?? 5,
      cooldownMs: options.cooldownMs ?? 10_000,
      now: options.now ?? performance.now.bind(performance),
    };
  }

  get state(): BreakerState {
    if (this.current === 'open' && this.options.now() - this.openedAt >= this.options.cooldownMs) return 'half-open';
    return this.current;
  }

  /** Lets a call go out now, or undefined. In half-open only one probe at a time goes, never a speculative one. */
  admit(options?: { speculative?: boolean }): Admission | undefined {
    const state = this.state;
    if (state === 'closed') return 'call';
    if (state === 'open' || this.probing || options?.speculative) return undefined;
    this.probing = true;
    this.transition('half-open');
    return 'probe';
  }

  /** The verdict of one call (all its attempts): the upstream answered, or it failed. */
  record(success: boolean, admission: Admission): void {
    if (admission === 'probe') this.probing = false;
    if (success) {
      this.failures = 0;
      this.transition('closed');
      return;
    }
    this.failures++;
    if (this.current === 'half-open' || this.failures >= this.options.failureThreshold) {
      this.openedAt = this.options.now();
      this.transition('open');
    }
  }

  /** Ends a call that proved nothing either way (the caller left, a local error): a probe's slot is free at once. */
  release(admission: Admission): void {
    if (admission === 'probe') this.probing = false;
  }

  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.options.cooldownMs - (this.options.now() - this.openedAt)) / 1000));
  }

  private transition(next: BreakerState): void {
    this.current = next;
    if (next !== this.reported) {
      this.reported = next;
      this.onChange(next);
    }
  }
}
