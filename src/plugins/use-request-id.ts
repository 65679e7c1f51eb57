/**
 * Every log line written while an HTTP request is served carries its
 * `requestId` (the caller's X-Request-Id when it is a plain token, else a
 * fresh UUID: src/context.ts). The gateway's own lines pass it. Two kinds of
 * line cannot, and get it here:
 *
 * - Yoga's own debug lines, which go through the one process logger: while
 *   debug lines are written (LOG_LEVEL=debug or trace) the request runs inside
 *   `requestLogScope`, which the logger reads for each line (src/logger.ts).
 *   Only then: on Node 20 an AsyncLocalStorage turns on promise hooks for
 *   every promise of the process, 7-18 % of the CPU per request
 *   (docs/benchmarks.md, "Fourth pass").
 * - The line that logs an unexpected error (error-masking.ts's; Yoga's would repeat it):
 *   each error of a result, or of building the context, is noted with its
 *   request before Yoga masks it (Yoga's mask runs after every plugin of ours);
 *   an execution's, by use-request-deadline.ts's hook after execution.
 */
import { handleStreamOrSingleExecutionResult, type Plugin } from 'graphql-yoga';
import type { GraphQLError } from 'graphql';
import { requestIdOf, type GatewayContext } from '../context.js';
import { noteRequestOfError, requestLogScope, type Logger } from '../logger.js';

/** A result, or one part of an incremental one, whose deferred errors (masked by use-incremental-delivery.ts) sit in `incremental[]`. */
interface ResultErrors {
  errors?: readonly GraphQLError[];
  incremental?: ReadonlyArray<{ errors?: readonly GraphQLError[] }>;
}

/** Notes each error of an execution's result (or of one part of it) with its request, for the line that logs it. */
export function noteErrors(result: ResultErrors, requestId: string | undefined): void {
  if (requestId === undefined) return;
  for (const error of result.errors ?? []) noteRequestOfError(error, requestId);
  for (const entry of result.incremental ?? []) for (const error of entry.errors ?? []) noteRequestOfError(error, requestId);
}

export function useRequestId(logger: Logger): Plugin<GatewayContext> {
  // Decided once, from LOG_LEVEL: without any instrumentation Yoga and Envelop wrap no phase of a request.
  const scoped = logger.isLevelEnabled('debug');
  return {
    ...(scoped && {
      instrumentation: {
        request: ({ request }, wrapped) => requestLogScope.run({ requestId: requestIdOf(request) }, wrapped),
      },
    }),
    onPluginInit({ registerContextErrorHandler }) {
      registerContextErrorHandler(({ context, error }) => {
        const request = (context as { request?: Request }).request;
        if (request) noteRequestOfError(error, requestIdOf(request));
      });
    },
    // An execution's errors are noted in use-request-deadline.ts's one hook after execution (fewer hooks per request).
    onSubscribe({ args }) {
      const requestId = args.contextValue?.requestId;
      return {
        onSubscribeResult: (payload) =>
          handleStreamOrSingleExecutionResult(payload, ({ result }) => noteErrors(result as ResultErrors, requestId)),
        onSubscribeError: ({ error }) => {
          if (requestId !== undefined) noteRequestOfError(error, requestId);
        },
      };
    },
  };
}
