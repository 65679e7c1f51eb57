/**
 * graphql-jit's errors as Yoga's executor (graphql-js) writes them, so a caller cannot tell a compiled run
 * from an uncompiled one (use-compiled-execution.ts):
 *
 * - an error met while executing carries `locations` only: none of the `nodes`, `source` or `positions`
 *   Yoga rebuilds each error from as it writes the response, so the caller got it without locations. Each
 *   gets the document's source and the offsets of its locations' tokens, from which Yoga's copy
 *   computes the same locations;
 * - variables that do not coerce are refused by graphql-jit in words of its own ("Expected type Int; …"),
 *   and as a 200: the variables are coerced again by graphql-js, whose errors the caller gets, marked
 *   400 as Yoga's executor marks them.
 *
 * Only a result with errors comes here: an answer without any costs nothing.
 */
import { getOperationAST, getVariableValues, type ExecutionArgs, type ExecutionResult, type GraphQLError, type Token } from 'graphql';

/** The errors to answer with in place of `result.errors`, or undefined to keep them as they are (mutated in place). */
export function asExecutorErrors(result: ExecutionResult, args: ExecutionArgs): readonly GraphQLError[] | undefined {
  // No data at all: graphql-jit refused the variables before running anything.
  if (result.data === undefined) return coercionErrors(args);
  locate(result.errors ?? [], args);
  return undefined;
}

function coercionErrors(args: ExecutionArgs): readonly GraphQLError[] | undefined {
  const operation = getOperationAST(args.document, args.operationName);
  if (!operation) return undefined;
  const coerced = getVariableValues(args.schema, operation.variableDefinitions ?? [], args.variableValues ?? {}, { maxErrors: 50 });
  // Yoga's executor marks them as the request's fault: 400 for a caller that takes application/json.
  for (const error of coerced.errors ?? []) {
    Object.defineProperty(error, 'extensions', { value: { ...error.extensions, http: { status: 400 } }, enumerable: true });
  }
  return coerced.errors;
}

/** Gives each error that has locations but nothing to rebuild them from the source and positions they name. */
function locate(errors: readonly GraphQLError[], args: ExecutionArgs): void {
  const unplaced = errors.filter((error) => error.nodes === undefined && error.positions === undefined && error.locations?.length);
  const loc = args.document.loc;
  if (unplaced.length === 0 || !loc) return;
  // Where each token starts, by the line and column graphql-jit reports (its locations are tokens' starts).
  const offsets = new Map<string, number>();
  for (let token: Token | null = loc.startToken; token; token = token.next) offsets.set(`${token.line}:${token.column}`, token.start);
  for (const error of unplaced) {
    const positions = error.locations!.map(({ line, column }) => offsets.get(`${line}:${column}`));
    if (positions.some((position) => position === undefined)) continue;
    Object.defineProperties(error, { source: { value: loc.source }, positions: { value: positions } });
  }
}
