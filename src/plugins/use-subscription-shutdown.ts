/**
 * Lets shutdown end every open subscription at once. Each subscription's
 * stream is wrapped so that `completeAll()` resolves its pending `next()` with
 * `done`: Yoga then sends SSE `event: complete` and graphql-ws a `complete`
 * message, so subscribers see a clean end instead of a connection dropped
 * when the grace period runs out. The source stream is released (`return()`)
 * at the same time, which unsubscribes it from the event bus.
 */
import type { Plugin } from 'graphql-yoga';

export interface SubscriptionTracker {
  plugin: Plugin;
  /** Completes every open subscription; returns how many there were. */
  completeAll(): number;
  readonly open: number;
}

const DONE = { value: undefined, done: true } as const;

export function createSubscriptionTracker(): SubscriptionTracker {
  const completers = new Set<() => void>();

  function stoppable<T>(source: AsyncIterable<T>): AsyncIterableIterator<T> {
    const inner = source[Symbol.asyncIterator]();
    let finished = false;
    // The pending next()'s resolver, so completing does not wait for the next event (which may never come).
    let wake: ((result: IteratorResult<T>) => void) | undefined;
    const finish = (releaseSource: boolean) => {
      if (finished) return;
      finished = true;
      completers.delete(complete);
      if (releaseSource) void Promise.resolve(inner.return?.()).catch(() => undefined);
    };
    const complete = () => {
      finish(true);
      wake?.(DONE);
      wake = undefined;
    };
    completers.add(complete);
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      next() {
        if (finished) return Promise.resolve(DONE);
        return new Promise<IteratorResult<T>>((resolve, reject) => {
          wake = resolve;
          inner.next().then(
            (result) => {
              wake = undefined;
              if (result.done) finish(false);
              resolve(result);
            },
            (error: unknown) => {
              wake = undefined;
              finish(false);
              reject(error as Error);
            },
          );
        });
      },
      return(value?: unknown) {
        complete();
        return Promise.resolve({ value, done: true } as IteratorResult<T>);
      },
      throw(error?: unknown) {
        complete();
        return Promise.reject(error as Error);
      },
    };
  }

  return {
    plugin: {
      onSubscribe() {
        return {
          onSubscribeResult({ result, setResult }) {
            if (result && typeof result === 'object' && Symbol.asyncIterator in result)
              setResult(stoppable(result as AsyncIterable<unknown>) as never);
          },
        };
      },
    },
    completeAll() {
      const count = completers.size;
      for (const complete of [...completers]) complete();
      return count;
    },
    get open() {
      return completers.size;
    },
  };
}
