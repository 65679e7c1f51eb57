/**
 * The one owner of an upstream attempt's end. Whatever ends it first (its own
 * timer, or the GraphQL request's signal: the caller leaving, the request's
 * deadline, the result being ready) aborts one signal, which is the only
 * signal undici sees. undici then ends the attempt at whatever stage it is
 * in: a pending request rejects, a body being read is destroyed with an error
 * listener attached. Nothing else destroys a body: the earlier timer did so
 * itself and, when the headers came in just after it fired, left a destroyed
 * body without a listener, whose 'error' event ended the process.
 */

/** The reason of an attempt cut off by its own timeout (named TimeoutError, see transport-errors.ts isTimeout). */
export const ATTEMPT_TIMED_OUT = new DOMException('The upstream call took longer than its timeout', 'TimeoutError');

export class AttemptControl {
  private readonly controller = new AbortController();
  private readonly timer: NodeJS.Timeout;
  private readonly onOuterAbort: (() => void) | undefined;
  /** True once the attempt's own timer ended it (the request's deadline is told apart by its signal). */
  timedOut = false;

  constructor(
    private readonly outer: AbortSignal | undefined,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => {
      this.timedOut = true;
      this.controller.abort(ATTEMPT_TIMED_OUT);
    }, timeoutMs);
    if (outer) {
      this.onOuterAbort = () => this.controller.abort(outer.reason);
      outer.addEventListener('abort', this.onOuterAbort, { once: true });
    }
  }

  /** What undici is given: aborted once, by whichever end comes first. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  /** The attempt is over (answered or failed): its timer and its listener on the request go. */
  release(): void {
    clearTimeout(this.timer);
    if (this.onOuterAbort) this.outer!.removeEventListener('abort', this.onOuterAbort);
  }
}
