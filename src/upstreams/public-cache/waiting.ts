/**
 * A caller's wait for a call the shared cache shares (public-cache.ts): the
 * caller's leaving or deadline ends its own wait only, never the shared call,
 * which others may be waiting for and which has its own deadline.
 */
import type { UpstreamName } from '../../errors.js';
import { classifyAttempt } from '../transport-errors.js';
import type { UpstreamRequest } from '../wire.js';

/** `shared`'s outcome, or the caller's leaving (its signal's abort) as the error it gets instead. */
export async function waitFor<T>(upstream: UpstreamName, shared: Promise<T>, req: UpstreamRequest): Promise<T> {
  const signal = req.signal;
  if (!signal) return shared;
  if (signal.aborted) throw leftError(upstream, signal);
  if (req.inFlight) req.inFlight.count++;
  try {
    return await new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(leftError(upstream, signal));
      signal.addEventListener('abort', onAbort, { once: true });
      shared.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  } finally {
    if (req.inFlight) req.inFlight.count--;
  }
}

/** The error a caller gets when it stops waiting: as UpstreamHttp reports a deadline or a caller who left. */
export const leftError = (upstream: UpstreamName, signal: AbortSignal) =>
  classifyAttempt(upstream, signal.reason, { mutation: false, outer: signal, timedOut: false }).error;
