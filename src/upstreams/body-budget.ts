/**
 * The bytes of upstream answers the whole process holds while it reads them
 * (UPSTREAM_INFLIGHT_BYTES): one budget shared by every upstream and every
 * request, so that memory for answers does not grow with concurrency. Each
 * read takes its bytes as they are declared or arrive, through a hold
 * (`BodyBudget.hold`), and gives them all back once, however the read ends
 * (parsed, refused, failed, or cut short by the caller or a timeout): the
 * hold is the one owner of what the read took.
 */

export class BodyBudget {
  private held = 0;

  /** `limit` 0: no bound (every take succeeds, and the bytes are still counted). */
  constructor(readonly limit: number) {}

  /** Bytes taken and not yet given back, by every read in flight. */
  get inUse(): number {
    return this.held;
  }

  /** A new read's share of the budget, empty until it takes bytes. */
  hold(): BodyHold {
    return new BodyHold(this);
  }

  /** @internal Through BodyHold only: false, taking nothing, when `bytes` would pass the limit. */
  take(bytes: number): boolean {
    if (this.limit > 0 && this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }

  /** @internal Through BodyHold only. */
  give(bytes: number): void {
    this.held -= bytes;
  }
}

/** One read's bytes: taken in steps, given back at once, once. */
export class BodyHold {
  private bytes = 0;
  private released = false;

  constructor(private readonly budget: BodyBudget) {}

  /** False when the budget has no room for `bytes` more (or this hold was released): the read is refused. */
  take(bytes: number): boolean {
    if (this.released || !this.budget.take(bytes)) return false;
    this.bytes += bytes;
    return true;
  }

  /** Gives back everything taken; later calls do nothing. */
  release(): void {
    if (this.released) return;
    this.released = true;
    this.budget.give(this.bytes);
    this.bytes = 0;
  }
}
