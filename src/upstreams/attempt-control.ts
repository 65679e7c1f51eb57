/**
 * The one owner of an upstream attempt's end. Whatever ends it first (its own
 * timer, or the GraphQL request's signal: the caller leaving, the request's
 * deadline, the result being ready) tells the attempt's exchange once
 * (`AttemptEnd.end`), which cuts it at whatever stage it is in
 * (answer-handler.ts): a request still queued for a connection is cut as it
 * starts, one being sent or read is aborted, its connection closed, and the
 * caller's wait ends at once with the reason.
 *
 * No signal is built per attempt: an AbortController and its EventTarget
 * listeners were a few per cent of a busy gateway's profile, and undici,
 * driven through its dispatch handler, needs none.
 */
/** The reason of an attempt cut off by its own timeout (named TimeoutError, see transport-errors.ts isTimeout). */
export const ATTEMPT_TIMED_OUT = new DOMException('The upstream call took longer than its timeout', 'TimeoutError');

/** What an attempt's end is told to: its exchange with the upstream, cut short with `reason`. */
export interface AttemptEnd {
  end(reason: unknown): void;
}

/**
 * The attempts in flight under each GraphQL request's signal. The request's signal has one 'abort' listener
 * while any of its calls is in flight, which ends every attempt under it; the calls made meanwhile join and
 * leave a set instead of adding and removing an EventTarget listener each, and the last one out removes it.
 */
interface Following {
  readonly attempts: Set<AttemptControl>;
  readonly onAbort: () => void;
}

const followed = new WeakMap<AbortSignal, Following>();

function follow(outer: AbortSignal, attempt: AttemptControl): Following {
  let following = followed.get(outer);
  if (!following) {
    const attempts = new Set<AttemptControl>();
    const onAbort = () => {
      followed.delete(outer);
      for (const each of attempts) each.abort(outer.reason);
      attempts.clear();
    };
    following = { attempts, onAbort };
    followed.set(outer, following);
    outer.addEventListener('abort', onAbort, { once: true });
  }
  following.attempts.add(attempt);
  return following;
}

function unfollow(outer: AbortSignal, following: Following, attempt: AttemptControl): void {
  following.attempts.delete(attempt);
  if (following.attempts.size > 0 || followed.get(outer) !== following) return;
  followed.delete(outer);
  outer.removeEventListener('abort', following.onAbort);
}

export class AttemptControl {
  private readonly timer: NodeJS.Timeout;
  /** The attempts this one joined under the request's signal, left on release. */
  private readonly following: Following | undefined;
  /** True once something ended the attempt (its timer, or the request's signal). */
  private ended = false;
  /** True once the attempt's own timer ended it (the request's deadline is told apart by its signal). */
  timedOut = false;

  constructor(
    private readonly outer: AbortSignal | undefined,
    timeoutMs: number,
    private readonly exchange: AttemptEnd,
  ) {
    this.timer = setTimeout(() => {
      // Whichever end came first names it: a caller who left before the timer is not a timeout.
      if (this.ended) return;
      this.timedOut = true;
      this.abort(ATTEMPT_TIMED_OUT);
    }, timeoutMs);
    if (outer?.aborted) this.abort(outer.reason);
    else if (outer) this.following = follow(outer, this);
  }

  /** Ends the attempt with `reason`, once: whichever end comes first. */
  abort(reason: unknown): void {
    if (this.ended) return;
    this.ended = true;
    this.exchange.end(reason);
  }

  /** The attempt is over (answered or failed): its timer and its place under the request's signal go. */
  release(): void {
    clearTimeout(this.timer);
    if (this.following) unfollow(this.outer!, this.following, this);
  }
}
