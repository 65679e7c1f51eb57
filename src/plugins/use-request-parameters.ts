/**
 * Request parameters Yoga takes on trust, checked so that the caller's mistake is
 * named with a coded 400 rather than reported as something else:
 * - A GET carries `variables` and `extensions` as JSON in the URL. Yoga's GET parser
 *   JSON.parses them as they are, so a malformed one would throw a SyntaxError that
 *   reaches the caller as a 500 "Unexpected error."
 * - Yoga checks the type of `query`, `variables` and `extensions` but not of
 *   `operationName`: an object there reached graphql-js, which answered "Could not
 *   determine what operation to execute." (OPERATION_RESOLUTION_FAILURE).
 * CSRF prevention's check of a POST (use-csrf-prevention.ts) runs in the same hook
 * before the parse: Yoga builds a payload with two closures for each hook it calls.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { refuseForgeablePost } from './use-csrf-prevention.js';

const JSON_PARAMETERS = ['variables', 'extensions'] as const;

/** Throws a BAD_REQUEST naming the JSON parameter of a GET that is not valid JSON. */
export function checkGetParameters(request: Request): void {
  const query = request.url.indexOf('?');
  if (query === -1) return;
  const params = new URLSearchParams(request.url.slice(query + 1));
  for (const name of JSON_PARAMETERS) {
    const value = params.get(name);
    if (!value) continue;
    try {
      JSON.parse(value);
    } catch {
      throw new GraphQLError(`The "${name}" parameter is not valid JSON (URL-encode a JSON object).`, {
        extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
      });
    }
  }
}

export function useRequestParameters(): Plugin {
  return {
    onRequestParse({ request }) {
      if (request.method === 'POST') refuseForgeablePost(request);
      else if (request.method === 'GET') checkGetParameters(request);
    },
    onParams({ params }) {
      // A batch entry may be anything at all (null, a number): Yoga's own check names those after this hook.
      const operationName: unknown = (params as { operationName?: unknown } | null)?.operationName;
      if (operationName == null || typeof operationName === 'string') return;
      throw new GraphQLError(`Expected "operationName" param to be a string or null, but given ${kindOf(operationName)}.`, {
        extensions: { code: 'BAD_REQUEST', http: { status: 400 } },
      });
    },
  };
}

const kindOf = (value: unknown) => (Array.isArray(value) ? 'array' : typeof value);
