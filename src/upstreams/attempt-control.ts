/**
 * The one owner of an upstream attempt's end. Whatever ends it first (its own
 * timer, or the GraphQL request's signal: the caller leaving, the request's
 * deadline, the result being ready) aborts one signal, which is the only
 * signal undici sees. undici then ends the attempt at whatever stage it is
 * in: a request being sent rejects, a body being read is destroyed with an
 * error listener attached. A request still queued for a connection is not
 * dispatched yet, so undici only notes the abort: `settle` ends the caller's
 * wait at once and owns the late response, whose body it destroys. Nothing
 * else destroys a body: the earlier timer did so itself and, when the headers
 * came in just after it fired, left a destroyed body without a listener, whose
 * 'error' event ended the process.
 *
 * The signal undici sees is an EventEmitter with `aborted` and `reason`
 * (undici takes one in place of an AbortSignal): an AbortController and its
 * EventTarget listeners were a few per cent of a busy gateway's profile,
 * paid on every attempt.
 */
import { EventEmitter } from 'node:events';

/** The reason of an attempt cut off by its own timeout (named TimeoutError, see transport-errors.ts isTimeout). */
export const ATTEMPT_TIMED_OUT = new DOMException('The upstream call took longer than its timeout', 'TimeoutError');

/** Aborted once, by whichever end comes first; what undici is given as the request's `signal`. */
export class AttemptSignal extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;

  abort(reason: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason;
    this.emit('abort');
  }
}

/**
 * The attempts in flight under each GraphQL request's signal. The request's signal has one 'abort' listener
 * while any of its calls is in flight, which ends every attempt under it; the calls made meanwhile join and
 * leave a set instead of adding and removing an EventTarget listener each, and the last one out removes it.
 */
interface Following {
  readonly attempts: Set<AttemptSignal>;
  readonly onAbort: () => void;
}

const followed = new WeakMap<AbortSignal, Following>();

function follow(outer: AbortSignal, attempt: AttemptSignal): Following {
  let following = followed.get(outer);
  if (!following) {
    const attempts = new Set<AttemptSignal>();
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

function unfollow(outer: AbortSignal, following: Following, attempt: AttemptSignal): void {
  following.attempts.delete(attempt);
  if (following.attempts.size > 0 || followed.get(outer) !== following) return;
  followed.delete(outer);
  outer.removeEventListener('abort', following.onAbort);
}

export class AttemptControl {
  private readonly controller = new AttemptSignal();
  private readonly timer: NodeJS.Timeout;
  /** The attempts this one joined under the request's signal, left on release. */
  private readonly following: Following | undefined;
  /** True once the attempt's own timer ended it (the request's deadline is told apart by its signal). */
  timedOut = false;

  constructor(
    private readonly outer: AbortSignal | undefined,
    timeoutMs: number,
  ) {
    this.timer = setTimeout(() => {
      // Whichever end came first names it: a caller who left before the timer is not a timeout.
      if (this.controller.aborted) return;
      this.timedOut = true;
      this.controller.abort(ATTEMPT_TIMED_OUT);
    }, timeoutMs);
    if (outer?.aborted) this.controller.abort(outer.reason);
    else if (outer) this.following = follow(outer, this.controller);
  }

  /** What undici is given: aborted once, by whichever end comes first. */
  get signal(): AttemptSignal {
    return this.controller;
  }

  /**
   * `pending` (undici's response), or the abort's reason as soon as the signal ends the attempt. A
   * response that arrives after the attempt ended is owned here: its body is destroyed, listened to.
   */
  settle<T extends { body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown } }>(pending: Promise<T>): Promise<T> {
    const signal = this.controller;
    if (signal.aborted) {
      pending.then(discardBody, () => undefined);
      return Promise.reject(signal.reason as Error);
    }
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        pending.then(discardBody, () => undefined);
        reject(signal.reason as Error);
      };
      signal.once('abort', onAbort);
      pending.then(
        (response) => {
          signal.removeListener('abort', onAbort);
          if (signal.aborted) return discardBody(response);
          resolve(response);
        },
        (error: unknown) => {
          signal.removeListener('abort', onAbort);
          reject(error as Error);
        },
      );
    });
  }

  /** The attempt is over (answered or failed): its timer and its listener on the request go. */
  release(): void {
    clearTimeout(this.timer);
    if (this.following) unfollow(this.outer!, this.following, this.controller);
  }
}

/** Ends a response nobody will read: its body is destroyed with a listener for the error that follows. */
function discardBody(response: { body: { on(event: 'error', listener: () => void): unknown; destroy(): unknown } }): void {
  response.body.on('error', () => undefined);
  response.body.destroy();
}
