/**
 * Client-visible errors. Yoga masks every error that is not a GraphQLError, so
 * everything a caller may read is a GatewayError with `extensions.code`
 * (README, "Errors"); anything else becomes "Unexpected error." and is logged.
 */
import { GraphQLError } from 'graphql';

export type ErrorCode =
  | 'BAD_USER_INPUT'
  | 'CONFLICT'
  | 'QUERY_TOO_COMPLEX'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'RATE_LIMITED'
  | 'UPSTREAM_TIMEOUT'
  | 'UPSTREAM_UNAVAILABLE'
  | 'UPSTREAM_BAD_RESPONSE';

export type UpstreamName = 'marketplace' | 'seo' | 'items';

export class GatewayError extends GraphQLError {
  constructor(
    message: string,
    readonly code: ErrorCode,
    extensions: Record<string, unknown> = {},
  ) {
    super(message, { extensions: { code, ...extensions } });
  }
}

export interface UpstreamErrorDetails {
  status?: number;
  retryAfter?: number;
  requiredScope?: string;
  fieldErrors?: Record<string, string[]>;
  outcomeUnknown?: boolean;
  cause?: unknown;
}

/** An error that came from (or on the way to) an upstream; carries `upstream` and `status`. */
export class UpstreamError extends GatewayError {
  readonly upstream: UpstreamName;
  readonly status: number | undefined;
  readonly retryAfter: number | undefined;

  constructor(upstream: UpstreamName, code: ErrorCode, message: string, details: UpstreamErrorDetails = {}) {
    const extensions: Record<string, unknown> = { upstream };
    if (details.status !== undefined) extensions.status = details.status;
    if (details.retryAfter !== undefined) extensions.retryAfter = details.retryAfter;
    if (details.requiredScope !== undefined) extensions.requiredScope = details.requiredScope;
    if (details.fieldErrors !== undefined) extensions.fieldErrors = details.fieldErrors;
    if (details.outcomeUnknown) extensions.outcomeUnknown = true;
    super(message, code, extensions);
    this.upstream = upstream;
    this.status = details.status;
    this.retryAfter = details.retryAfter;
    if (details.cause !== undefined) Object.defineProperty(this, 'cause', { value: details.cause, enumerable: false });
  }
}

export const badUserInput = (message: string, field?: string): GatewayError =>
  new GatewayError(message, 'BAD_USER_INPUT', field ? { field } : {});
