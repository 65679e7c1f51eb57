/**
 * How Yoga masks an error the caller must not see: the error is logged once as
 * unexpected (coded errors reach the caller as they are), the caller gets
 * Yoga's generic message, and in production nothing of the cause.
 *
 * Once: Yoga writes its own line for every error it masks, the same error
 * again; its logger (yoga.ts) leaves out the errors logged here, and the
 * caller's errors this mask only reshapes (see withoutOriginalError), which
 * Yoga takes for masked ones since they come back as new objects.
 */
import { GraphQLError } from 'graphql';
import { maskError } from 'graphql-yoga';
import type { Logger } from './logger.js';

/** The errors written as `unexpected error` already: weak, so each goes with its request. */
const loggedAsUnexpected = new WeakSet<object>();

/** The caller's errors (coded, not unexpected) given back as a new error without their `originalError` extension. */
const reshapedForTheCaller = new WeakSet<object>();

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

/** Whether `error` has had its `unexpected error` line: Yoga's own line for it would repeat it. */
function wasLoggedAsUnexpected(error: unknown): boolean {
  return isObject(error) && loggedAsUnexpected.has(error);
}

/**
 * Whether Yoga's own error line for `error` would be wrong: a repeat of its `unexpected error` line, or a
 * caller's error (a malformed body) that the mask only reshaped, which is no error of the gateway's.
 */
export function needsNoYogaLine(error: unknown): boolean {
  return isObject(error) && (loggedAsUnexpected.has(error) || reshapedForTheCaller.has(error));
}

export function gatewayErrorMask(production: boolean, logger: Logger): (error: unknown, message: string) => Error {
  return (error, message) => {
    // Yoga asks about every error; only the ones it is about to mask are unexpected (coded ones reach the caller as they are).
    if (isUnexpected(error) && !wasLoggedAsUnexpected(error)) {
      logger.error({ err: error }, 'unexpected error');
      if (isObject(error)) loggedAsUnexpected.add(error);
    }
    const masked = maskError(error, message, false);
    if (!production) return masked;
    const answered = withoutOriginalError(masked);
    if (answered !== masked && masked === error) reshapedForTheCaller.add(masked);
    return answered;
  };
}

/**
 * Yoga copies some causes into `extensions.originalError` (a malformed JSON body's
 * SyntaxError quotes the body back). In production a caller gets message and code only.
 */
function withoutOriginalError(error: Error): Error {
  // graphql-jit's own errors have no extensions object at all (graphql-js's always have one).
  if (!(error instanceof GraphQLError) || error.extensions?.originalError === undefined) return error;
  const { originalError: dropped, ...extensions } = error.extensions;
  // Yoga answers an application/json caller 200 for a `spec` error unless its originalError extension is not a
  // GraphQLError (a body that is not JSON: 400, as in development); without the extension, that is told by `spec`.
  const http = extensions.http as { spec?: boolean } | undefined;
  if (http?.spec && !(dropped instanceof GraphQLError)) {
    const { spec: _spec, ...rest } = http;
    extensions.http = rest;
  }
  return new GraphQLError(error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    path: error.path,
    originalError: error.originalError,
    extensions,
  });
}

/**
 * Mirrors Yoga's masking rule (its `isOriginalGraphQLError`, applied down the whole chain): a GraphQLError is
 * meant for the caller unless something in its `originalError` chain is not one. One level was not enough: an
 * internal error wrapped twice was masked by Yoga but not logged as unexpected here.
 */
function isUnexpected(error: unknown): boolean {
  // Bounded, so a cycle of causes cannot hang the request; a chain that deep is odd enough to be logged.
  for (let depth = 0; depth < 32; depth++) {
    if (!(error instanceof GraphQLError)) return true;
    if (error.originalError === undefined || error.originalError === null) return false;
    error = error.originalError;
  }
  return true;
}
