/**
 * GraphQL over WebSocket (graphql-ws) on the same port and path as HTTP,
 * running each operation through Yoga's envelop so it gets the same plugins
 * and context, and the same promises as HTTP:
 * - a frame over MAX_BODY_BYTES closes the socket (1009) before it is parsed;
 * - each operation is a POST (mutations run) whose context is built before
 *   its document is parsed, so the rate limits (use-rate-limit.ts) take their
 *   tokens first, keyed by the socket's address;
 * - a refusal (syntax, validation, limits, rate) answers that operation with
 *   coded errors and leaves the socket open; nothing reaches stderr.
 * A WebSocket has no per-message headers, so credentials come from the
 * connection's `connectionParams` (same names as the HTTP headers) or, failing
 * that, the upgrade request's headers.
 */
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { GraphQLError, type DocumentNode, type ExecutionArgs } from 'graphql';
import type { GatewayContext } from './context.js';
import { withCodes } from './plugins/use-error-codes.js';
import { withoutInternals, type SingleResult } from './plugins/use-stream-refusal.js';
import type { WebSocketOperationContext } from './plugins/use-rate-limit.js';
import { trustedDocumentsOf, type Gateway } from './yoga.js';
import { trustedQuery } from './plugins/use-trusted-documents.js';
import { serveGraphQLOverWebSocket } from './websocket-server.js';
import { endRefusedOperation, runWebSocketOperation, startWebSocketOperationSpan } from './plugins/use-tracing.js';

const CREDENTIAL_HEADERS = ['authorization', 'x-seo-api-key', 'x-items-api-key', 'x-gateway-admin-key'];

/**
 * What Node's HTTP parser lets through in a header value: a connectionParams value with a control
 * character (a forged header or log line) counts as absent, as a malformed header does over HTTP.
 */
const HEADER_VALUE = /^[\t\x20-\x7e]{1,8192}$/;

function headersOf(upgradeHeaders: IncomingMessage['headers'], params: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const name of CREDENTIAL_HEADERS) {
    const fromParams = Object.entries(params ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
    const value = typeof fromParams === 'string' ? fromParams : upgradeHeaders[name];
    if (typeof value === 'string' && HEADER_VALUE.test(value)) headers.set(name, value);
  }
  return headers;
}

/** W3C trace context of an operation: from connectionParams, else the upgrade request's headers. */
function traceCarrier(upgradeHeaders: IncomingMessage['headers'], params: Record<string, unknown> | undefined): Record<string, string> {
  const carrier: Record<string, string> = {};
  for (const name of ['traceparent', 'tracestate']) {
    const value = params?.[name] ?? upgradeHeaders[name];
    if (typeof value === 'string' && HEADER_VALUE.test(value)) carrier[name] = value;
  }
  return carrier;
}

/** Coded, and without the `http` hints a plugin leaves for an HTTP response (Yoga drops them there; here there is none). */
const coded = (errors: readonly GraphQLError[]): GraphQLError[] => (withCodes({ errors }).errors as GraphQLError[]).map(withoutHttp);

function withoutHttp(error: GraphQLError): GraphQLError {
  if (error.extensions?.http === undefined) return error;
  const { http: _http, ...extensions } = error.extensions;
  const { nodes, source, positions, path, originalError } = error;
  return new GraphQLError(error.message, { nodes, source, positions, path, originalError, extensions });
}

const UNEXPECTED = () => new GraphQLError('Unexpected error.', { extensions: { code: 'INTERNAL_SERVER_ERROR' } });

export interface WebSocketOptions {
  /** Largest frame accepted (MAX_BODY_BYTES); a larger one closes the socket with 1009. */
  maxPayloadBytes: number;
}

export function attachWebSocket(server: Server, yoga: Gateway, options: WebSocketOptions): () => Promise<void> {
  const wss = new WebSocketServer({ server, path: yoga.graphqlEndpoint, maxPayload: options.maxPayloadBytes });
  /** Logs what nobody expected (without the caller's input) and answers with a generic coded error. */
  const unexpected = (error: unknown): GraphQLError[] => {
    yoga.logger.error(`unexpected error in a WebSocket operation: ${error instanceof Error ? error.name : typeof error}`);
    return [UNEXPECTED()];
  };
  /** An execute or subscribe that throws would close the socket (4500): answer the operation instead. */
  const guarded =
    (run: 'execute' | 'subscribe') =>
    async (args: ExecutionArgs): Promise<never> => {
      const root = args.rootValue as Record<typeof run, (a: ExecutionArgs) => unknown> & {
        operation?: ReturnType<typeof startWebSocketOperationSpan>;
      };
      try {
        return (await runWebSocketOperation(root.operation, () => root[run](args))) as never;
      } catch (error) {
        return { errors: error instanceof GraphQLError ? coded([error]) : unexpected(error) } as never;
      }
    };
  const disposable = serveGraphQLOverWebSocket(
    wss,
    {
      execute: guarded('execute'),
      subscribe: guarded('subscribe'),
      onSubscribe: async (ctx, _id, params) => {
        // POST, as over HTTP: Yoga refuses a mutation in a GET.
        const request = new Request(`http://localhost${yoga.graphqlEndpoint}`, {
          method: 'POST',
          headers: headersOf(ctx.extra.request.headers, ctx.connectionParams),
        });
        const initial: WebSocketOperationContext & Record<string, unknown> = {
          ...ctx,
          request,
          params,
          req: ctx.extra.request,
          overWebSocket: true,
        };
        let contextValue: Partial<GatewayContext> | undefined;
        // The operation's trace rides on its request, where the phases and upstream calls find it.
        const operation = startWebSocketOperationSpan(traceCarrier(ctx.extra.request.headers, ctx.connectionParams), request);
        try {
          const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped(initial);
          // Before parsing, so a flood of documents pays its rate-limit tokens first.
          contextValue = (await contextFactory()) as Partial<GatewayContext>;
          // Trusted documents by id, and refusal of query text in only-mode, as over HTTP.
          const document = parse(trustedQuery(trustedDocumentsOf(yoga), params)) as DocumentNode;
          const errors = validate(schema, document);
          if (errors.length > 0) {
            contextValue.finish?.();
            endRefusedOperation(operation, coded(errors));
            return coded(errors);
          }
          return {
            schema,
            operationName: params.operationName,
            document,
            variableValues: params.variables,
            contextValue,
            rootValue: { execute, subscribe, operation },
          };
        } catch (error) {
          contextValue?.finish?.();
          const refusal = error instanceof GraphQLError ? coded([error]) : unexpected(error);
          endRefusedOperation(operation, refusal);
          return refusal;
        }
      },
      // Over HTTP, use-error-codes.ts codes a result's errors (variable coercion, …) as Yoga sends it, and Yoga drops `http`.
      onNext: (_ctx, _id, _params, _args, result) =>
        withoutInternals(withCodes(result as Parameters<typeof withCodes>[0]) as SingleResult) as never,
    },
    {
      debug: (message) => yoga.logger.debug(message),
      warn: (message) => yoga.logger.warn(message),
      error: (message) => yoga.logger.error(message),
    },
  );
  return async () => {
    await disposable.dispose();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
