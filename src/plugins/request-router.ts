/**
 * What the endpoint is, decided in one place: Yoga answers GraphQL on any path whose URL ends with its
 * endpoint (`/x/graphql`) or the endpoint with a slash, where the plugins that refuse a request before Yoga
 * reads it (rate and body limits, graphql-sse's single connection) looked for the exact path, so such a
 * request got past the rate and body limits. Here the endpoint with a trailing slash is the endpoint for
 * every hook (`path`), and any other path Yoga would have taken for it is answered 404
 * (test/security/endpoint-paths.test.ts).
 *
 * The plugins' `onRequest` hooks (the HTTP routes, GraphiQL, the subgraph, the limits, graphql-sse,
 * webhooks) become one, running them in the same order on one payload until one of them answers, in place
 * of the server adapter's payload with three closures per hook (docs/benchmarks.md, "Seventh pass": no
 * difference in CPU per request could be measured either way).
 */
import type { Plugin } from 'graphql-yoga';
import { carryRequest } from '../context.js';

type OnRequest = NonNullable<Plugin['onRequest']>;
type OnRequestPayload = Parameters<OnRequest>[0];

/** What the router adds to the payload each hook gets. */
export interface RoutedRequest {
  /** The request's path, the GraphQL endpoint's with a trailing slash given as the endpoint's own. */
  path: string;
}

/** The path every hook compares: the router's, else (a hook run on its own, as in a unit test) the URL's. */
export const pathOf = (payload: OnRequestPayload): string => (payload as Partial<RoutedRequest>).path ?? payload.url.pathname;

const isPromise = (value: unknown): value is Promise<unknown> => typeof (value as Promise<unknown> | undefined)?.then === 'function';

/**
 * The plugins as given, with every `onRequest` hook moved into one, placed where the first of them was (the
 * hooks of one kind run in the order of the list, so theirs is kept; every other hook stays where it was).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Yoga's list mixes plugins of several context types
export function withOneRequestHook<P extends Plugin<any>>(graphqlEndpoint: string, plugins: P[]): P[] {
  const hooks: OnRequest[] = [];
  const first = plugins.findIndex((plugin) => plugin.onRequest);
  const rest = plugins.map((plugin) => {
    if (!plugin.onRequest) return plugin;
    hooks.push(plugin.onRequest);
    const { onRequest: _moved, ...others } = plugin;
    return others as P;
  });
  const router = { onRequest: routeRequest(graphqlEndpoint, hooks) } as P;
  return first === -1 ? [router, ...rest] : [...rest.slice(0, first), router, ...rest.slice(first)];
}

function routeRequest(graphqlEndpoint: string, hooks: readonly OnRequest[]): OnRequest {
  const withSlash = `${graphqlEndpoint}/`;
  return (payload) => {
    // The server adapter has parsed the URL already (its Request's parsedUrl): reading the path costs nothing more.
    let path = payload.url.pathname;
    if (path === withSlash) path = graphqlEndpoint;
    let answered = false;
    // Written out rather than spread: a spread copy of the adapter's payload showed in profiles.
    const routed: OnRequestPayload & RoutedRequest = {
      request: payload.request,
      url: payload.url,
      serverContext: payload.serverContext,
      fetchAPI: payload.fetchAPI,
      requestHandler: payload.requestHandler,
      setRequestHandler: payload.setRequestHandler,
      path,
      setRequest(request) {
        carryRequest(routed.request, request);
        routed.request = request;
        payload.setRequest(request);
      },
      endResponse(response) {
        if (response) answered = true;
        payload.endResponse(response);
      },
    };
    const run = (from: number): void | Promise<void> => {
      for (let i = from; i < hooks.length && !answered; i++) {
        const pending = hooks[i]!(routed);
        if (isPromise(pending)) return pending.then(() => run(i + 1));
      }
      if (answered || path === graphqlEndpoint) return;
      // Not the endpoint, though Yoga would take it for it (its own test: the URL ends with the endpoint).
      const href = routed.request.url;
      if (href.endsWith(graphqlEndpoint) || href.endsWith(withSlash))
        payload.endResponse(new payload.fetchAPI.Response('', { status: 404, statusText: 'Not Found' }));
    };
    return run(0);
  };
}
