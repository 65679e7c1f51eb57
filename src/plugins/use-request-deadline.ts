/**
 * Ends an operation's upstream work when its result is ready: a call still
 * running then (started under a field that was already nulled, or by a
 * loader nobody awaits any more) is aborted instead of holding a pooled
 * connection. The deadline itself lives in the context's signal.
 */
import type { Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';

export function useRequestDeadline(): Plugin<GatewayContext> {
  return {
    onExecute({ args }) {
      return {
        onExecuteDone() {
          (args.contextValue as Partial<GatewayContext>).finish?.();
        },
      };
    },
  };
}
