/**
 * GraphQL over SSE's single-connection mode (graphql-sse's client with
 * `singleConnection: true`) on /graphql: `PUT` reserves a stream and answers
 * its token, `GET`/`POST` with that token (the `X-GraphQL-Event-Stream-Token`
 * header or a `token` parameter) opens the stream or sends an operation into
 * it, `DELETE` stops one. graphql-sse's own handler speaks the protocol; the
 * distinct-connections mode (`Accept: text/event-stream` with no token) stays
 * with Yoga, as before.
 *
 * Each operation runs through Yoga's envelop like a graphql-ws one
 * (src/websocket.ts): its credentials are the headers of the request that
 * carries it, the context (and so the rate limits) comes before parsing,
 * trusted documents and PERSISTED_DOCUMENTS_ONLY apply, and a refusal is the
 * coded errors answered to the request that sent the operation; the stream stays.
 */
import { GraphQLError, getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { Response as SseResponse } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import type { GatewayContext } from '../context.js';
import type { TrustedDocuments } from '../trusted-documents.js';
import { withCodes } from './use-error-codes.js';
import { withoutInternals, type SingleResult } from './use-stream-refusal.js';
import { trustedQuery } from './use-trusted-documents.js';
import { pathOf } from './request-router.js';

export const TOKEN_HEADER = 'x-graphql-event-stream-token';
/** How long shutdown lets a reserved stream write its last `complete` events before ending it. */
const STREAM_END_DELAY_MS = 200;

/** A request of the single-connection mode: a reservation, or anything naming a reserved stream. */
function isSingleConnection(request: Request, url: URL): boolean {
  // Asked of every request: a URL without `?` has no query to parse (its search part showed in profiles).
  return request.method === 'PUT' || request.headers.has(TOKEN_HEADER) || (request.url.includes('?') && url.searchParams.has('token'));
}

/**
 * A refused operation: its coded errors as a JSON answer to the request that sent it, with the status the
 * refusal carries (else 400), as the protocol answers an operation it does not accept into the stream. (A
 * result with no `data` would not do: graphql-sse's handler takes an object without `data` for execution arguments.)
 */
function refusal(errors: readonly GraphQLError[]): SseResponse {
  const result = withCodes({ errors }) as { errors: readonly GraphQLError[] };
  const status = (result.errors[0]?.extensions?.http as { status?: unknown } | undefined)?.status;
  return [
    JSON.stringify(withoutInternals(result)),
    {
      status: typeof status === 'number' && status >= 400 ? status : 400,
      statusText: 'Refused',
      headers: { 'content-type': 'application/json; charset=utf-8' },
    },
  ];
}

/**
 * A reserved stream's response, endable at shutdown: graphql-sse keeps it open for as long as the client
 * stays (it has no way to end one), which would hold the drain to its grace period. Ended, the client sees the
 * stream close and reconnects, to another instance.
 */
function endableStream(response: Response, open: Set<() => void>): Response {
  if (!response.body || !response.headers.get('content-type')?.startsWith('text/event-stream')) return response;
  const reader = response.body.getReader();
  let closed = false;
  let end = () => {};
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      end = () => {
        if (closed) return;
        closed = true;
        open.delete(end);
        controller.close();
        void reader.cancel().catch(() => {});
      };
      open.add(end);
    },
    async pull(controller) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (closed) return;
      if (done) end();
      else controller.enqueue(value);
    },
    cancel(reason) {
      closed = true;
      open.delete(end);
      return reader.cancel(reason).catch(() => {});
    },
  });
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}

export type GraphQLSSEPlugin = Plugin & {
  /** Ends every open reserved stream (shutdown); returns how many there were. */
  endStreams(): number;
};

export function useGraphQLSSE(options: { graphqlEndpoint: string; trusted: TrustedDocuments | undefined }): GraphQLSSEPlugin {
  let handler: ((request: Request) => Promise<Response>) | undefined;
  const openStreams = new Set<() => void>();
  // The server context (the Node request and its socket) of each request, for the client address the limits key by.
  const serverContextOf = new WeakMap<Request, object>();
  return {
    onYogaInit({ yoga }) {
      handler = createHandler(
        {
          async onSubscribe(req, params) {
            const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({
              ...serverContextOf.get(req.raw),
              request: req.raw,
              params,
            });
            let contextValue: Partial<GatewayContext> | undefined;
            try {
              // Before parsing, so a flood of documents pays its rate-limit tokens first.
              contextValue = (await contextFactory()) as Partial<GatewayContext>;
              const document = parse(trustedQuery(options.trusted, params)) as DocumentNode;
              const errors = validate(schema, document);
              if (errors.length > 0) {
                contextValue.finish?.();
                return refusal(errors);
              }
              const args = { schema, document, contextValue, variableValues: params.variables, operationName: params.operationName };
              const run = getOperationAST(document, params.operationName)?.operation === 'subscription' ? subscribe : execute;
              const result = (await run(args)) as ExecutionResult;
              // Refused while it ran (cost, variables, …): no `data`, which graphql-sse would take for execution arguments.
              return isAsyncIterable(result) || 'data' in result ? result : refusal(result.errors ?? []);
            } catch (error) {
              contextValue?.finish?.();
              if (error instanceof GraphQLError) return refusal([error]);
              yoga.logger.error(`unexpected error in a graphql-sse operation: ${error instanceof Error ? error.name : typeof error}`);
              return refusal([
                new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR', http: { status: 500 } } }),
              ]);
            }
          },
          // Over plain HTTP, use-error-codes.ts codes a result's errors as Yoga sends it, and Yoga drops the `http`
          // hints meant for the HTTP response: a streamed result (data and errors alike) has no such response.
          onNext: (_ctx, _req, result) =>
            withoutInternals(withCodes(result as Parameters<typeof withCodes>[0]) as SingleResult) as ExecutionResult,
        },
        yoga.fetchAPI,
      );
    },
    onRequest(payload) {
      const { request, url, serverContext, endResponse } = payload;
      if (pathOf(payload) !== options.graphqlEndpoint || !handler || !isSingleConnection(request, url)) return;
      serverContextOf.set(request, serverContext as object);
      return handler(request).then((response) => endResponse(endableStream(response, openStreams)));
    },
    endStreams() {
      const ends = [...openStreams];
      // A moment later: the `complete` events of the subscriptions just completed are written first.
      if (ends.length > 0) setTimeout(() => ends.forEach((end) => end()), STREAM_END_DELAY_MS).unref();
      return ends.length;
    },
  };
}
