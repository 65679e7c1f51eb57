/**
 * A GET carries `variables` and `extensions` as JSON in the URL. Yoga's GET parser
 * JSON.parses them as they are, so a malformed one would throw a SyntaxError that
 * reaches the caller as a 500 "Unexpected error."; here it is the caller's mistake,
 * named, as a malformed POST body already is.
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

/**
 * The two checks of a request's method before Yoga parses it, this one and CSRF prevention's
 * (use-csrf-prevention.ts), in one hook: Yoga builds a payload with two closures for each hook it calls.
 */
export function useRequestChecks(): Plugin {
  return {
    onRequestParse({ request }) {
      if (request.method === 'POST') refuseForgeablePost(request);
      else if (request.method === 'GET') checkGetParameters(request);
    },
  };
}
