/**
 * A per-upstream circuit breaker: after `failureThreshold` consecutive
 * failures (transport errors, timeouts, 5xx) calls fail fast for
 * `cooldownMs`; then one half-open probe decides between closing and
 * opening again. Counting consecutive failures keeps it cheap and makes a
 * single success after recovery enough to close.
 */
export type BreakerState = 'closed' | 'open' | 'half-open';

export interface BreakerOptions {
  failureThreshold: number;
  cooldownMs: number;
}

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
    this.options = { failureThreshold: options.failureThreshold ?? 5, cooldownMs: options.cooldownMs ?? 10_000 };
  }

  get state(): BreakerState {
    if (this.current === 'open' && Date.now() - this.openedAt >= this.options.cooldownMs) return 'half-open';
    return this.current;
  }

  /** True when a call may go out now. In half-open only one probe at a time goes. */
  allow(): boolean {
    const state = this.state;
    if (state === 'closed') return true;
    if (state === 'open') return false;
    if (this.probing) return false;
    this.probing = true;
    this.transition('half-open');
    return true;
  }

  record(success: boolean): void {
    if (success) {
      this.failures = 0;
      this.probing = false;
      this.transition('closed');
      return;
    }
    this.failures++;
    if (this.current === 'half-open' || this.failures >= this.options.failureThreshold) {
      this.openedAt = Date.now();
      this.probing = false;
      this.transition('open');
    }
  }

  /** Ends a call that proved nothing either way (the caller left): frees the half-open probe slot. */
  release(): void {
    this.probing = false;
  }

  retryAfterSeconds(): number {
    return Math.max(1, Math.ceil((this.options.cooldownMs - (Date.now() - this.openedAt)) / 1000));
  }

  private transition(next: BreakerState): void {
    this.current = next;
    if (next !== this.reported) {
      this.reported = next;
      this.onChange(next);
    }
  }
}
