/**
 * Incremental delivery: `@defer` on fragments and `@stream` on lists (Yoga's
 * defer-stream plugin). Such a query's result is a stream of parts: the
 * initial payload, then parts carrying `incremental: [{ data | items, path }]`,
 * the last with `hasNext: false`. Yoga sends it as multipart/mixed or SSE;
 * graphql-ws sends each part as a `next` message.
 *
 * What this plugin adds around Yoga's:
 * - a caller that accepts only JSON cannot receive parts, and an operation of
 *   a batched (array) body cannot send them (Yoga would serialise its stream
 *   as `{}`): both are refused with a coded error before execution, so no
 *   upstream call is made;
 * - a negative `@stream(initialCount:)` is the caller's input: BAD_USER_INPUT
 *   before execution (the executor would throw an uncoded Error mid-way);
 * - Yoga masks only a result's top-level `errors`; a part's errors sit in
 *   `incremental[].errors`, so they are masked here by the same rule (and
 *   coded by use-error-codes.ts), never leaking an internal message.
 */
import {
  GraphQLError,
  getDirectiveValues,
  getOperationAST,
  getVariableValues,
  visit,
  type DirectiveNode,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { GraphQLDeferDirective, GraphQLStreamDirective } from '@graphql-tools/utils';
import { useDeferStream } from '@graphql-yoga/plugin-defer-stream';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import { acceptsStream } from './use-error-codes.js';

export type MaskError = (error: unknown, message: string) => Error;

const MASKED_MESSAGE = 'Unexpected error.';

export const NOT_INCREMENTAL_MESSAGE =
  'This operation uses @defer or @stream, whose result arrives in parts: send Accept: multipart/mixed or text/event-stream.';
export const NOT_IN_BATCH_MESSAGE = 'An operation using @defer or @stream cannot be part of a batched (array) request: send it on its own.';

/**
 * The @defer and @stream directives of each document, found once by walking its AST (Yoga caches
 * parsed documents, so a repeated query is walked once). Not a text search: `@ defer`, `@,defer` and
 * `@#comment⏎defer` are the same directive to the parser.
 */
const incrementalDirectives = new WeakMap<DocumentNode, DirectiveNode[]>();

function directivesOf(document: DocumentNode): DirectiveNode[] {
  let found = incrementalDirectives.get(document);
  if (!found) {
    const directives: DirectiveNode[] = [];
    visit(document, {
      Directive(node) {
        if (node.name.value === 'defer' || node.name.value === 'stream') directives.push(node);
        return false;
      },
    });
    found = directives;
    incrementalDirectives.set(document, found);
  }
  return found;
}

/** The directive's arguments with the request's variables, when it is on (its `if` is not false). */
function argumentsIfOn(node: DirectiveNode, variables: Record<string, unknown> | null | undefined): Record<string, unknown> | undefined {
  const definition = node.name.value === 'defer' ? GraphQLDeferDirective : GraphQLStreamDirective;
  const values = getDirectiveValues(definition, { directives: [node] }, variables ?? undefined);
  return values?.if === false ? undefined : (values ?? {});
}

/** Whether the operation may answer in parts: some @defer/@stream not switched off by its `if` argument (`variables` coerced). */
export function usesIncrementalDelivery(document: DocumentNode, variables: Record<string, unknown> | null | undefined): boolean {
  return directivesOf(document).some((node) => argumentsIfOn(node, variables) !== undefined);
}

/**
 * The request's variables as the executor will read them (defaults applied), so `if: $d` is decided
 * alike here and there; undefined when they do not coerce (the executor answers that with its own errors).
 */
function coercedVariables(args: ExecutionArgs): Record<string, unknown> | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return undefined;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {});
  return coerced.errors ? undefined : coerced.coerced;
}

/**
 * A `@stream` whose initialCount is negative: the executor would throw a plain Error for it mid-execution
 * (an unexpected error, after upstream calls); it is the caller's input, refused before execution.
 */
function negativeInitialCount(document: DocumentNode, variables: Record<string, unknown>): GraphQLError | undefined {
  const node = directivesOf(document).find((directive) => {
    if (directive.name.value !== 'stream') return false;
    const count = argumentsIfOn(directive, variables)?.initialCount;
    return typeof count === 'number' && count < 0;
  });
  return node && new GraphQLError('@stream(initialCount:) must be 0 or more.', { nodes: [node], extensions: { code: 'BAD_USER_INPUT' } });
}

type IncrementalPart = ExecutionResult & { incremental?: Array<{ errors?: readonly GraphQLError[] }> };

function maskedParts(part: IncrementalPart, maskError: MaskError): IncrementalPart {
  if (!part.incremental?.some((entry) => entry.errors?.length)) return part;
  return {
    ...part,
    incremental: part.incremental.map((entry) =>
      entry.errors ? { ...entry, errors: entry.errors.map((e) => maskError(e, MASKED_MESSAGE) as GraphQLError) } : entry,
    ),
  };
}

export function useIncrementalDelivery({ maskError }: { maskError: MaskError }): Plugin {
  const batched = new WeakSet<Request>();
  /** Why this HTTP request cannot receive a result in parts, if it cannot (the error is built only for an operation that would send parts). */
  const refusalFor = (request: Request): (() => GraphQLError) | undefined => {
    if (batched.has(request)) return () => new GraphQLError(NOT_IN_BATCH_MESSAGE, { extensions: { code: 'BAD_REQUEST' } });
    if (acceptsStream(request)) return undefined;
    return () =>
      new GraphQLError(NOT_INCREMENTAL_MESSAGE, {
        extensions: { code: 'BAD_REQUEST', http: { status: 406, headers: { accept: 'multipart/mixed' } } },
      });
  };
  /** Why the operation's @defer/@stream cannot run as asked, if so (asked only of a document that has one). */
  const refusalOf = (args: ExecutionArgs): GraphQLError | undefined => {
    const variables = coercedVariables(args);
    if (!variables) return undefined;
    const badCount = negativeInitialCount(args.document, variables);
    if (badCount) return badCount;
    const context = args.contextValue as { request?: Request; overWebSocket?: boolean };
    const refusal = context.overWebSocket || !context.request ? undefined : refusalFor(context.request);
    return refusal && usesIncrementalDelivery(args.document, variables) ? refusal() : undefined;
  };
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(useDeferStream() as Plugin);
    },
    onRequestParse({ request }) {
      return {
        onRequestParseDone({ requestParserResult }) {
          if (Array.isArray(requestParserResult)) batched.add(request);
        },
      };
    },
    onExecute({ args, setResultAndStopExecution }) {
      // Only a document with @defer or @stream has a result in parts: most operations need no hook after execution.
      if (directivesOf(args.document).length === 0) return;
      const refused = refusalOf(args);
      if (refused) {
        setResultAndStopExecution({ errors: [refused] });
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
