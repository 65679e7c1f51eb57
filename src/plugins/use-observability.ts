/**
 * Counts and times GraphQL operations, and logs each coded error once with
 * its request id, upstream and status (never a credential or argument value).
 * A subscription is counted once, when it is set up: `ok` when its stream
 * opens, `error` when it is refused with errors; its lifetime is not a
 * latency, so it is not timed.
 */
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { getOperationAST, type DocumentNode, type GraphQLError } from 'graphql';
import type { GatewayContext } from '../context.js';
import { countOperation } from '../metrics.js';
import { LINE_TRACE } from '../logger.js';

const operationTypeOf = (document: DocumentNode, operationName: string | null | undefined) =>
  String(getOperationAST(document, operationName)?.operation ?? 'unknown');

/** The caller went away before its result was ready (the request's own signal, not the deadline). */
const callerLeft = (ctx: GatewayContext): boolean => ctx.request.signal?.aborted === true;

/** 'cancelled' for a caller that left: its errors are what leaving did to it, not failures to page on. */
function outcomeOf(ctx: GatewayContext, errors: readonly GraphQLError[]): 'ok' | 'error' | 'cancelled' {
  if (callerLeft(ctx)) return 'cancelled';
  return errors.length ? 'error' : 'ok';
}

/** An error no caller's leaving explains: a bug of ours (masked as unexpected) or one with no code at all. */
const isOurs = (error: GraphQLError): boolean => error.extensions?.code === undefined || error.extensions.code === 'INTERNAL_SERVER_ERROR';

function logErrors(ctx: GatewayContext, errors: readonly GraphQLError[]): void {
  const left = callerLeft(ctx);
  if (left) ctx.logger.debug({ requestId: ctx.requestId }, 'client closed the request');
  for (const error of errors) {
    // What the caller's leaving did to its fields is not worth a warning; a bug still is.
    if (left && !isOurs(error)) continue;
    const ext = error.extensions ?? {};
    ctx.logger.warn(
      {
        requestId: ctx.requestId,
        [LINE_TRACE]: ctx.trace,
        code: ext.code,
        upstream: ext.upstream,
        status: ext.status,
        path: error.path?.join('.'),
      },
      'field error',
    );
  }
}

const errorsOf = (result: object): readonly GraphQLError[] =>
  'errors' in result ? ((result.errors ?? []) as readonly GraphQLError[]) : [];

export function useObservability(): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      const started = performance.now();
      const operationType = operationTypeOf(args.document, args.operationName);
      const record = (errors: readonly GraphQLError[]) => {
        countOperation(operationType, outcomeOf(args.contextValue as GatewayContext, errors), (performance.now() - started) / 1000);
        logErrors(args.contextValue as GatewayContext, errors);
      };
      return {
        onExecuteDone({ result }) {
          if (!isAsyncIterable(result)) return record(errorsOf(result));
          // An incremental (@defer/@stream) result is one operation: counted and timed when its last part is out.
          const errors: GraphQLError[] = [];
          return {
            onNext({ result: part }) {
              const { errors: top, incremental } = part as { errors?: GraphQLError[]; incremental?: Array<{ errors?: GraphQLError[] }> };
              errors.push(...(top ?? []), ...(incremental ?? []).flatMap((entry) => entry.errors ?? []));
            },
            onEnd: () => record(errors),
          };
        },
      };
    },
    onSubscribe({ args }) {
      const operationType = operationTypeOf(args.document, args.operationName);
      return {
        onSubscribeResult({ result }) {
          // An async iterable is an open stream; a plain result is a refusal (errors, no stream).
          const errors = Symbol.asyncIterator in result ? [] : errorsOf(result);
          countOperation(operationType, errors.length ? 'error' : 'ok');
          logErrors(args.contextValue as GatewayContext, errors);
        },
        onSubscribeError() {
          countOperation(operationType, 'error');
        },
      };
    },
  };
}
