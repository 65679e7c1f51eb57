/**
 * GraphQL over WebSocket (graphql-ws) on the same port and path as HTTP,
 * running each operation through Yoga's envelop so it gets the same plugins
 * and context. A WebSocket has no per-message headers, so credentials come
 * from the connection's `connectionParams` (same names as the HTTP headers)
 * or, failing that, the upgrade request's headers.
 */
import type { Server } from 'node:http';
import { WebSocketServer } from 'ws';
import { useServer } from 'graphql-ws/use/ws';
import type { ExecutionArgs } from 'graphql';
import type { Gateway } from './yoga.js';

const CREDENTIAL_HEADERS = ['authorization', 'x-seo-api-key', 'x-items-api-key', 'x-gateway-admin-key'];

function headersOf(upgradeHeaders: Record<string, string | string[] | undefined>, params: Record<string, unknown> | undefined): Headers {
  const headers = new Headers();
  for (const name of CREDENTIAL_HEADERS) {
    const fromParams = Object.entries(params ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];
    const value = typeof fromParams === 'string' ? fromParams : upgradeHeaders[name];
    if (typeof value === 'string' && value) headers.set(name, value);
  }
  return headers;
}

export function attachWebSocket(server: Server, yoga: Gateway): () => Promise<void> {
  const wss = new WebSocketServer({ server, path: yoga.graphqlEndpoint });
  const disposable = useServer(
    {
      execute: (args) => (args.rootValue as { execute: (a: ExecutionArgs) => unknown }).execute(args as ExecutionArgs) as never,
      subscribe: (args) => (args.rootValue as { subscribe: (a: ExecutionArgs) => unknown }).subscribe(args as ExecutionArgs) as never,
      onSubscribe: async (ctx, _id, params) => {
        const request = new Request(`http://localhost${yoga.graphqlEndpoint}`, {
          headers: headersOf(ctx.extra.request.headers, ctx.connectionParams),
        });
        const { schema, execute, subscribe, contextFactory, parse, validate } = yoga.getEnveloped({ ...ctx, request, params });
        const document = parse(params.query);
        const errors = validate(schema, document);
        if (errors.length > 0) return errors;
        return {
          schema,
          operationName: params.operationName,
          document,
          variableValues: params.variables,
          contextValue: await contextFactory(),
          rootValue: { execute, subscribe },
        };
      },
    },
    wss,
  );
  return async () => {
    await disposable.dispose();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
  };
}
