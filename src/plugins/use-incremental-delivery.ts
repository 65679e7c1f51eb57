/**
 * Incremental delivery: `@defer` on fragments and `@stream` on lists (Yoga's
 * defer-stream plugin). Such a query's result is a stream of parts: the
 * initial payload, then parts carrying `incremental: [{ data | items, path }]`,
 * the last with `hasNext: false`. Yoga sends it as multipart/mixed or SSE;
 * graphql-ws sends each part as a `next` message.
 *
 * What this plugin adds around Yoga's:
 * - a caller that accepts only JSON cannot receive parts: refused with 406 and
 *   a coded error before execution, so no upstream call is made;
 * - Yoga masks only a result's top-level `errors`; a part's errors sit in
 *   `incremental[].errors`, so they are masked here by the same rule (and
 *   coded by use-error-codes.ts), never leaking an internal message.
 */
import { GraphQLError, getDirectiveValues, visit, type DocumentNode, type ExecutionResult } from 'graphql';
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { acceptsStream } from './use-error-codes.js';

export type MaskError = (error: unknown, message: string) => Error;

const MASKED_MESSAGE = 'Unexpected error.';

export const NOT_INCREMENTAL_MESSAGE =
  'This operation uses @defer or @stream, whose result arrives in parts: send Accept: multipart/mixed or text/event-stream.';

/** Whether the operation may answer in parts: some @defer/@stream not switched off by its `if` argument. */
export function usesIncrementalDelivery(document: DocumentNode, variables: Record<string, unknown> | null | undefined): boolean {
  let found = false;
  visit(document, {
    Directive(node) {
      const definition = node.name.value === 'defer' ? GraphQLDeferDirective : node.name.value === 'stream' ? GraphQLStreamDirective : undefined;
      if (definition && getDirectiveValues(definition, { directives: [node] }, variables ?? undefined)?.if !== false) found = true;
      return false;
    },
  });
  return found;
}

type IncrementalPart = ExecutionResult & { incremental?: Array<{ errors?: readonly GraphQLError[] }> };

function maskedParts(part: IncrementalPart, maskError: MaskError): IncrementalPart {
  if (!part.incremental?.some((entry) => entry.errors?.length)) return part;
  return {
    ...part,
    incremental: part.incremental.map((entry) => (entry.errors ? { ...entry, errors: entry.errors.map((e) => maskError(e, MASKED_MESSAGE) as GraphQLError) } : entry)),
  };
}

export function useIncrementalDelivery({ maskError }: { maskError: MaskError }): Plugin {
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(useDeferStream() as Plugin);
    },
    onExecute({ args, setResultAndStopExecution }) {
      const context = args.contextValue as { request?: Request; overWebSocket?: boolean };
      if (!context.overWebSocket && context.request && !acceptsStream(context.request) && usesIncrementalDelivery(args.document, args.variableValues)) {
        setResultAndStopExecution({
          errors: [new GraphQLError(NOT_INCREMENTAL_MESSAGE, { extensions: { code: 'BAD_REQUEST', http: { status: 406, headers: { accept: 'multipart/mixed' } } } })],
        });
        return;
      }
      return {
        onExecuteDone({ result }) {
          if (!isAsyncIterable(result)) return;
          return {
            onNext({ result: part, setResult }) {
              setResult(maskedParts(part as IncrementalPart, maskError));
            },
          };
        },
      };
    },
  };
}
