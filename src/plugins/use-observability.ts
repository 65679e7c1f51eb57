/**
 * Counts and times GraphQL operations, and logs each coded error once with
 * its request id, upstream and status (never a credential or argument value).
 */
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { getOperationAST, type GraphQLError } from 'graphql';
import type { GatewayContext } from '../context.js';
import { graphqlDuration, graphqlRequests } from '../metrics.js';

export function useObservability(): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      const started = performance.now();
      const operation = getOperationAST(args.document, args.operationName);
      const operationType = operation?.operation ?? 'unknown';
      const ctx = args.contextValue as GatewayContext;
      const record = (errors: readonly GraphQLError[]) => {
        graphqlRequests.inc({ operation_type: String(operationType), outcome: errors.length ? 'error' : 'ok' });
        graphqlDuration.observe({ operation_type: String(operationType) }, (performance.now() - started) / 1000);
        for (const error of errors) {
          const ext = error.extensions ?? {};
          ctx.logger.warn({ requestId: ctx.requestId, code: ext.code, upstream: ext.upstream, status: ext.status, path: error.path?.join('.') }, 'field error');
        }
      };
      return {
        onExecuteDone({ result }) {
          if (!isAsyncIterable(result)) return record((result.errors ?? []) as readonly GraphQLError[]);
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
  };
}
