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
import type { Plugin } from 'graphql-yoga';
import type { Response as SseResponse } from 'graphql-sse';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import type { GatewayContext } from '../context.js';
import type { TrustedDocuments } from '../trusted-documents.js';
import { withCodes } from './use-error-codes.js';
import { withoutInternals } from './use-stream-refusal.js';
import { trustedQuery } from './use-trusted-documents.js';

const TOKEN_HEADER = 'x-graphql-event-stream-token';

/** A request of the single-connection mode: a reservation, or anything naming a reserved stream. */
function isSingleConnection(request: Request, url: URL): boolean {
  return request.method === 'PUT' || request.headers.has(TOKEN_HEADER) || url.searchParams.has('token');
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
    { status: typeof status === 'number' && status >= 400 ? status : 400, statusText: 'Refused', headers: { 'content-type': 'application/json; charset=utf-8' } },
  ];
}

export function useGraphQLSSE(options: { graphqlEndpoint: string; trusted: TrustedDocuments | undefined }): Plugin {
  let handler: ((request: Request) => Promise<Response>) | undefined;
  // The server context (the Node request and its socket) of each request, for the client address the limits key by.
  const serverContextOf = new WeakMap<Request, object>();
  return {
    onYogaInit({ yoga }) {
      handler = createHandler(
        {
          async onSubscribe(req, params) {
            const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ ...serverContextOf.get(req.raw), request: req.raw, params });
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
              return (await run(args)) as ExecutionResult;
            } catch (error) {
              contextValue?.finish?.();
              if (error instanceof GraphQLError) return refusal([error]);
              yoga.logger.error(`unexpected error in a graphql-sse operation: ${error instanceof Error ? error.name : typeof error}`);
              return refusal([new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR', http: { status: 500 } } })]);
            }
          },
          // Over plain HTTP, use-error-codes.ts codes a result's errors as Yoga sends it.
          onNext: (_ctx, _req, result) => withCodes(result as Parameters<typeof withCodes>[0]) as ExecutionResult,
        },
        yoga.fetchAPI,
      );
    },
    onRequest({ request, url, serverContext, endResponse }) {
      if (url.pathname !== options.graphqlEndpoint || !handler || !isSingleConnection(request, url)) return;
      serverContextOf.set(request, serverContext as object);
      return handler(request).then(endResponse);
    },
  };
}
