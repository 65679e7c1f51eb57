/**
 * Every code a caller may see on a GraphQL error: the contract's section 6,
 * plus GraphQL's own request errors. Written out here rather than taken from
 * src/errors.ts, so a code the gateway starts sending without the contract
 * saying so fails the tests that check answers against it.
 */
export const CALLER_ERROR_CODES: ReadonlySet<string> = new Set([
  'BAD_USER_INPUT',
  'CONFLICT',
  'QUERY_TOO_COMPLEX',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'UPSTREAM_TIMEOUT',
  'UPSTREAM_UNAVAILABLE',
  'UPSTREAM_BAD_RESPONSE',
  'GRAPHQL_VALIDATION_FAILED',
  'GRAPHQL_PARSE_FAILED',
  'BAD_REQUEST',
]);
