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
 *   400 as Yoga's executor marks them;
 * - a value a scalar or enum cannot serialise (an upstream's "not a date") is, in Yoga's executor, a plain
 *   Error: masked for the caller ("Unexpected error.") and logged as unexpected. graphql-jit makes it a
 *   GraphQLError of the scalar's own words, which the mask lets through (the upstream's value with it). Its
 *   leaves serialise through `leafSerializers`, whose errors carry a mark, and a marked error is written as
 *   the executor's.
 *
 * Only a result with errors comes here: an answer without any costs nothing.
 */
import { inspect } from 'node:util';
import {
  getOperationAST,
  getVariableValues,
  GraphQLError,
  isLeafType,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
  type Token,
} from 'graphql';

/** Begins the message of a leaf's serialisation error (graphql-jit keeps only an error's message). */
const LEAF_ERROR = '\u0000leaf serialisation\u0000';

/**
 * graphql-jit's `customSerializers`: each scalar's and enum's own `serialize`, its failures (a throw, or no value,
 * which Yoga's executor refuses too) thrown with LEAF_ERROR in front of the message.
 */
export function leafSerializers(schema: GraphQLSchema): Record<string, (value: unknown) => unknown> {
  const serializers: Record<string, (value: unknown) => unknown> = {};
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isLeafType(type)) continue;
    serializers[type.name] = (value) => {
      let serialized: unknown;
      try {
        serialized = type.serialize(value);
      } catch (error) {
        throw new Error(LEAF_ERROR + (error instanceof Error ? error.message : String(error)));
      }
      if (serialized == null || Number.isNaN(serialized)) {
        throw new Error(
          `${LEAF_ERROR}Expected \`${type.name}.serialize(${inspect(value)})\` to return non-nullable value, returned: ${inspect(serialized)}`,
        );
      }
      return serialized;
    };
  }
  return serializers;
}

/** The errors to answer with in place of `result.errors`, or undefined to keep them as they are (mutated in place). */
export function asExecutorErrors(result: ExecutionResult, args: ExecutionArgs): readonly GraphQLError[] | undefined {
  // No data at all: graphql-jit refused the variables before running anything.
  if (result.data === undefined) return coercionErrors(args);
  const errors = result.errors ?? [];
  locate(errors, args);
  return errors.some(isLeafError) ? errors.map((error) => (isLeafError(error) ? asPlainError(error) : error)) : undefined;
}

const isLeafError = (error: GraphQLError) => error.message.startsWith(LEAF_ERROR);

/** A leaf's serialisation error as Yoga's executor makes it: a plain Error at the same place, which the mask hides and logs. */
function asPlainError(error: GraphQLError): GraphQLError {
  return new GraphQLError(error.message.slice(LEAF_ERROR.length), {
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: new Error(error.message.slice(LEAF_ERROR.length)),
  });
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
