/**
 * The one error the SDK throws. `code` is the gateway's `extensions.code` of
 * the first GraphQL error (so callers branch on codes, not messages), or a
 * transport code when no GraphQL answer arrived at all.
 */
import type { GraphQLFormattedError } from 'graphql';

/** Codes the gateway sets in `extensions.code`; other strings may appear as the graph grows. */
export type GatewayErrorCode =
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'BAD_USER_INPUT'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'RATE_LIMITED'
  | 'QUERY_TOO_COMPLEX'
  | 'BAD_REQUEST'
  | 'GRAPHQL_PARSE_FAILED'
  | 'GRAPHQL_VALIDATION_FAILED'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_BAD_RESPONSE'
  | 'INTERNAL_SERVER_ERROR';

/** Set by the SDK itself: the gateway could not be reached, did not answer in time, or not with GraphQL. */
export type TransportErrorCode = 'NETWORK_ERROR' | 'TIMEOUT' | 'BAD_RESPONSE';

// `string & {}` keeps editor completion for the known codes while accepting new ones.
export type UnigraphErrorCode = GatewayErrorCode | TransportErrorCode | (string & {});

export class UnigraphError extends Error {
  override readonly name = 'UnigraphError';
  readonly code: UnigraphErrorCode;
  /** Every GraphQL error of the answer (empty for a transport error). */
  readonly errors: readonly GraphQLFormattedError[];
  /** The partial data the gateway returned next to the errors, if any. */
  readonly data: unknown;
  /** The HTTP status, when an answer arrived. */
  readonly status: number | undefined;

  constructor(
    message: string,
    details: { code: UnigraphErrorCode; errors?: readonly GraphQLFormattedError[]; data?: unknown; status?: number; cause?: unknown },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = details.code;
    this.errors = details.errors ?? [];
    this.data = details.data ?? null;
    this.status = details.status;
  }

  /** Builds the error from a GraphQL answer that carried errors. */
  static fromGraphQL(errors: readonly GraphQLFormattedError[], data: unknown, status: number): UnigraphError {
    const first = errors[0];
    const code = typeof first?.extensions?.code === 'string' ? first.extensions.code : 'INTERNAL_SERVER_ERROR';
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    return new UnigraphError(`${first?.message ?? 'GraphQL error'}${more}`, { code, errors, data, status });
  }
}

export function isUnigraphError(error: unknown): error is UnigraphError {
  // By name as well: an error thrown by the ES module build is no instance of the CommonJS build's class, and
  // an application can load both (its own code imports the SDK, a dependency of it requires it).
  return (
    error instanceof UnigraphError || (error instanceof Error && error.name === 'UnigraphError' && 'code' in error && 'errors' in error)
  );
}
