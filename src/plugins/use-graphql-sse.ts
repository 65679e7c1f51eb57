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
 * trusted documents and PERSISTED_DOCUMENTS_ONLY apply, and a refusal is an
 * operation's coded errors, never a broken stream.
 */
import { GraphQLError, getOperationAST, type DocumentNode, type ExecutionResult } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { createHandler } from 'graphql-sse/lib/use/fetch';
import type { GatewayContext } from '../context.js';
import type { TrustedDocuments } from '../trusted-documents.js';
import { withCodes } from './use-error-codes.js';
import { trustedQuery } from './use-trusted-documents.js';

const TOKEN_HEADER = 'x-graphql-event-stream-token';

/** A request of the single-connection mode: a reservation, or anything naming a reserved stream. */
function isSingleConnection(request: Request, url: URL): boolean {
  return request.method === 'PUT' || request.headers.has(TOKEN_HEADER) || url.searchParams.has('token');
}

const coded = (errors: readonly GraphQLError[]) => withCodes({ errors }) as ExecutionResult;

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
                return coded(errors);
              }
              const args = { schema, document, contextValue, variableValues: params.variables, operationName: params.operationName };
              const run = getOperationAST(document, params.operationName)?.operation === 'subscription' ? subscribe : execute;
              return (await run(args)) as ExecutionResult;
            } catch (error) {
              contextValue?.finish?.();
              if (error instanceof GraphQLError) return coded([error]);
              yoga.logger.error(`unexpected error in a graphql-sse operation: ${error instanceof Error ? error.name : typeof error}`);
              return coded([new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } })]);
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
