/**
 * After an execution, in one hook: its errors are noted with their request (for use-request-id.ts), then its
 * upstream work ends. Ends an operation's upstream work when its result is ready: a call still
 * running then (started under a field that was already nulled, or by a
 * loader nobody awaits any more) is aborted instead of holding a pooled
 * connection. The deadline itself lives in the context's signal.
 *
 * An incremental (@defer/@stream) result is ready only when its last part
 * has been produced (or the caller stopped reading): the calls behind the
 * deferred parts are still running when the initial part is sent, and must
 * not be aborted then. They stay bound by the request's deadline.
 *
 * A subscription has no such hook here: its context's signal aborts when
 * REQUEST_DEADLINE_MS passes, however long the stream stays open. That is
 * harmless only because of what subscriptions do today: the one field
 * (`marketplaceEvents`, resolvers/events.ts) calls an upstream once, at its
 * start (GET /me), and its events come from the in-process event bus,
 * resolved from the event alone. A subscription field (or an event's field)
 * that called an upstream or read `ctx.signal` later would be aborted at the
 * deadline: it would need a signal of its own, ended with the stream
 * (test: subscriptions 'past REQUEST_DEADLINE_MS').
 */
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { ExecutionArgs, ExecutionResult } from 'graphql';
import type { GatewayContext } from '../context.js';
import { noteErrors } from './use-request-id.js';

type Context = Partial<GatewayContext> | undefined;

/**
 * After execution, in one hook shared by every request (no closure per request): each error of the result
 * is noted with its request (use-request-id.ts, for the line that logs it), then the upstream work ends.
 */
const AFTER_EXECUTION = {
  onExecuteDone({ args, result }: { args: ExecutionArgs; result: ExecutionResult | AsyncIterable<ExecutionResult> }) {
    const context = args.contextValue as Context;
    const requestId = context?.requestId;
    if (!isAsyncIterable(result)) {
      noteErrors(result, requestId);
      context?.finish?.();
      return;
    }
    return {
      onNext: ({ result: part }: { result: ExecutionResult }) => noteErrors(part, requestId),
      onEnd: () => context?.finish?.(),
    };
  },
};

export function useRequestDeadline(): Plugin<GatewayContext> {
  return { onExecute: () => AFTER_EXECUTION };
}
