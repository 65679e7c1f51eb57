/**
 * Serves GraphiQL in place of Yoga's built-in page: the HTML shell at the
 * GraphQL endpoint for a browser's GET (Accept: text/html, Yoga's own rule),
 * revalidated on every load (`no-cache` with an ETag, so a reload costs a
 * 304), and its assets under /graphiql/, cached for a year (`immutable`: a
 * new package version gets new URLs). Every body goes out brotli- or
 * gzip-compressed when the browser accepts it.
 */
import { shouldRenderGraphiQL, type GraphiQLOptions, type Plugin } from 'graphql-yoga';
import { serveCompressed, compressBody, type CompressedBody } from './compressed-body.js';
import { GRAPHIQL_ASSET_PREFIX, loadGraphiQLAssets } from './graphiql-assets.js';
import { pathOf } from './request-router.js';

export interface GraphiQLPageOptions {
  graphqlEndpoint: string;
  options: GraphiQLOptions;
}

export const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';
export const SHELL_CACHE_CONTROL = 'no-cache';

export function useGraphiQLPage({ graphqlEndpoint, options }: GraphiQLPageOptions): Plugin {
  let shell: Promise<CompressedBody> | undefined;
  const loadShell = () =>
    (shell ??= loadGraphiQLAssets().then((assets) => compressBody('text/html; charset=utf-8', assets.renderShell(options))));
  return {
    // Synchronous for every other request (a GraphQL request must not wait a promise turn here).
    onRequest(payload) {
      const { request, endResponse } = payload;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = pathOf(payload);
      if (path.startsWith(GRAPHIQL_ASSET_PREFIX)) {
        return loadGraphiQLAssets().then((assets) => {
          const asset = assets.byPath.get(path);
          endResponse(
            asset
              ? serveCompressed(request, asset, ASSET_CACHE_CONTROL)
              : new Response('Not found', { status: 404, headers: { 'cache-control': 'no-store' } }),
          );
        });
      }
      const atEndpoint = path === graphqlEndpoint || path === `${graphqlEndpoint}/`;
      if (atEndpoint && shouldRenderGraphiQL(request)) {
        return loadShell().then((body) => endResponse(serveCompressed(request, body, SHELL_CACHE_CONTROL)));
      }
    },
  };
}
