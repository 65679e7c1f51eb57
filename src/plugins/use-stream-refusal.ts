/**
 * A refusal is not a stream. A caller that takes only `text/event-stream`
 * (a browser EventSource, graphql-sse's distinct-connections client) and whose
 * operation is refused before anything could stream (no credential, no
 * scope, an invalid document, a rate limit) gets the refusal as an HTTP
 * status with a JSON body, as the GraphQL over SSE protocol answers a request
 * it will not stream. As a 200 stream of one `next` and a `complete` event, an
 * EventSource, which knows nothing of `complete`, reconnects after each close,
 * for ever; on a non-200 status it stops (WHATWG "fail the connection").
 *
 * Transient failures (an upstream down) stay a stream: reconnecting is right there.
 */
import type { Plugin } from 'graphql-yoga';

const TERMINAL_STATUS: Record<string, number> = {
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  RATE_LIMITED: 429,
  BAD_USER_INPUT: 400,
  BAD_REQUEST: 400,
  GRAPHQL_PARSE_FAILED: 400,
  GRAPHQL_VALIDATION_FAILED: 400,
  OPERATION_RESOLUTION_FAILURE: 400,
  QUERY_TOO_COMPLEX: 400,
  PERSISTED_QUERY_ONLY: 400,
  PERSISTED_QUERY_NOT_FOUND: 404,
};

export interface SingleResult {
  data?: unknown;
  errors?: readonly { extensions?: Record<string, unknown> }[];
  extensions?: Record<string, unknown>;
}

/** Whether the caller takes an event stream and no JSON (so Yoga would answer a single result as a stream). */
function takesOnlyEventStream(request: Request): boolean {
  const accept = request.headers.get('accept') ?? '';
  return accept.includes('text/event-stream') && !/application\/(graphql-response\+)?json|\*\/\*/.test(accept);
}

/** The HTTP status of a result that refuses the whole operation for good, else undefined. */
function refusalStatus(result: SingleResult): number | undefined {
  if (result.data !== undefined && result.data !== null) return undefined;
  const code = result.errors?.[0]?.extensions?.code;
  return typeof code === 'string' ? TERMINAL_STATUS[code] : undefined;
}

/**
 * The result as Yoga would serialise it: errors in their JSON form, and neither they nor the result carrying
 * the `http` hints (status, headers) meant for an HTTP response. Every answer that is not one (a graphql-ws or
 * graphql-sse message, a refusal's JSON body) goes through here.
 */
export function withoutInternals(result: SingleResult): SingleResult {
  const errors = result.errors?.map((error) => {
    const json = (typeof (error as { toJSON?: unknown }).toJSON === 'function' ? (error as { toJSON(): object }).toJSON() : error) as {
      extensions?: Record<string, unknown>;
    };
    if (!json.extensions?.http) return json;
    const { http: _http, ...extensions } = json.extensions;
    return { ...json, extensions };
  });
  if (result.extensions?.http === undefined) return { ...result, errors };
  const { http: _http, ...extensions } = result.extensions;
  return { ...result, errors, extensions: Object.keys(extensions).length > 0 ? extensions : undefined };
}

export function useStreamRefusal(): Plugin {
  return {
    onResultProcess({ request, result, setResultProcessor }) {
      if (!result || typeof result !== 'object' || Array.isArray(result) || Symbol.asyncIterator in result) return;
      if (!takesOnlyEventStream(request)) return;
      const status = refusalStatus(result as SingleResult);
      if (status === undefined) return;
      setResultProcessor(
        (_result, fetchAPI) =>
          new fetchAPI.Response(JSON.stringify(withoutInternals(result as SingleResult)), {
            status,
            headers: { 'content-type': 'application/graphql-response+json; charset=utf-8' },
          }),
        'application/graphql-response+json',
      );
    },
  };
}
