/**
 * Gives every error a caller can see an `extensions.code`, including the
 * ones GraphQL itself and Yoga produce before execution (syntax, validation,
 * variable coercion, CSRF): a client can then branch on the code alone.
 * Errors that already carry a code are left as they are.
 */
import { GraphQLError } from 'graphql';
import { mapAsyncIterator, type Plugin } from 'graphql-yoga';

/** A result, or one part of an incremental (@defer/@stream) result, whose deferred errors sit in `incremental[]`. */
type Result = {
  errors?: readonly GraphQLError[];
  data?: unknown;
  incremental?: ReadonlyArray<{ errors?: readonly GraphQLError[]; data?: unknown }>;
};

function codeFor(error: GraphQLError, hasData: boolean): string {
  const status = (error.extensions?.http as { status?: number } | undefined)?.status;
  if (error.message.startsWith('Syntax Error')) return 'GRAPHQL_PARSE_FAILED';
  // Variable coercion ("Variable "$id" got invalid value …") is bad input, not a bad query.
  if (/^Variable "\$/.test(error.message)) return 'BAD_USER_INPUT';
  if (status === 403) return 'FORBIDDEN';
  if (status === 405 || status === 406 || status === 415) return 'BAD_REQUEST';
  if (error.path === undefined && !hasData) return 'GRAPHQL_VALIDATION_FAILED';
  return 'INTERNAL_SERVER_ERROR';
}

const uncoded = (errors: readonly GraphQLError[] | undefined): boolean => errors?.some((e) => e.extensions?.code === undefined) === true;

function coded(errors: readonly GraphQLError[], hasData: boolean): GraphQLError[] {
  return errors.map((error) =>
    error.extensions?.code !== undefined
      ? error
      : new GraphQLError(error.message, {
          nodes: error.nodes,
          source: error.source,
          positions: error.positions,
          path: error.path,
          originalError: error.originalError,
          extensions: { ...error.extensions, code: codeFor(error, hasData) },
        }),
  );
}

export function withCodes(result: Result): Result {
  const incremental = result.incremental?.some((entry) => uncoded(entry.errors)) ? result.incremental : undefined;
  if (!uncoded(result.errors) && !incremental) return result;
  const hasData = result.data !== undefined && result.data !== null;
  const next: Result = { ...result };
  if (result.errors && uncoded(result.errors)) next.errors = coded(result.errors, hasData);
  // A deferred part's errors always have a path: they happened while executing.
  if (incremental)
    next.incremental = incremental.map((entry) => (uncoded(entry.errors) ? { ...entry, errors: coded(entry.errors!, true) } : entry));
  return next;
}

/**
 * A subscription's stream asked for with only JSON acceptable: Yoga has no processor for
 * that and answers 406 with an empty body. Close the stream and say what to send instead.
 */
function notStreamable(result: AsyncIterable<unknown>): Response {
  void result[Symbol.asyncIterator]().return?.();
  const error = {
    message: NOT_STREAMABLE_MESSAGE,
    extensions: { code: 'BAD_REQUEST' },
  };
  return new Response(JSON.stringify({ errors: [error] }), {
    status: 406,
    headers: { 'content-type': 'application/json; charset=utf-8', accept: 'text/event-stream' },
  });
}

const NOT_STREAMABLE_MESSAGE = 'A subscription is a stream: send Accept: text/event-stream (or use GraphQL over WebSocket).';

/** Whether an HTTP caller will take a stream (no Accept header means anything). */
export function acceptsStream(request: Request): boolean {
  const accept = request.headers.get('accept');
  return !accept || ['text/event-stream', 'multipart/mixed', '*/*'].some((type) => accept.includes(type));
}

export function useErrorCodes(): Plugin {
  return {
    // Refused before subscribing, so a stream nobody can receive makes no upstream call (who the subscriber is).
    onSubscribe({ args, setResultAndStopExecution }) {
      const context = args.contextValue as { request?: Request; overWebSocket?: boolean };
      if (context.overWebSocket || !context.request || acceptsStream(context.request)) return;
      setResultAndStopExecution({
        errors: [
          new GraphQLError(NOT_STREAMABLE_MESSAGE, {
            extensions: { code: 'BAD_REQUEST', http: { status: 406, headers: { accept: 'text/event-stream' } } },
          }),
        ],
      });
    },
    onResultProcess({ result, setResult, resultProcessor, setResultProcessor }) {
      // Yoga's own processors ran first (its plugins come before ours); none could stream this.
      if (!resultProcessor && result && typeof result === 'object' && Symbol.asyncIterator in result) {
        setResultProcessor(() => notStreamable(result as AsyncIterable<unknown>), 'application/json');
        return;
      }
      // A stream (subscription events, @defer/@stream parts): each part is coded as it is sent.
      if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
        setResult(mapAsyncIterator(result as AsyncIterable<Result>, withCodes) as never);
        return;
      }
      if (Array.isArray(result)) setResult(result.map((r) => withCodes(r as Result)) as never);
      else if (result && typeof result === 'object' && !(Symbol.asyncIterator in result)) setResult(withCodes(result as Result) as never);
    },
  };
}
