/**
 * Builds the Yoga app from the schema and the per-request context. Never
 * listens (src/server.ts does), so tests can also call `yoga.fetch`.
 */
import { createYoga, maskError, type YogaServerInstance } from 'graphql-yoga';
import { schema } from '../schema/index.js';
import type { Config } from './config.js';
import { createContextFactory, type GatewayContext } from './context.js';
import type { Logger } from './logger.js';
import { useHttpRoutes } from './plugins/use-http-routes.js';
import { useObservability } from './plugins/use-observability.js';
import type { ReferenceData } from './reference-data.js';
import type { UpstreamPools } from './upstreams/index.js';

export interface GatewayDeps {
  config: Config;
  pools: UpstreamPools;
  reference: ReferenceData;
  logger: Logger;
  sandboxed: ReadonlySet<string>;
}

export type Gateway = YogaServerInstance<Record<string, unknown>, GatewayContext>;

export function createGateway(deps: GatewayDeps): Gateway {
  const { config, logger } = deps;
  return createYoga<Record<string, unknown>, GatewayContext>({
    schema,
    context: createContextFactory(deps) as never,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    graphiql: config.graphiql ? { title: 'Gateway', defaultQuery: DEFAULT_QUERY } : false,
    cors: config.corsOrigins.length > 0 ? { origin: config.corsOrigins, credentials: true } : false,
    // Errors that are not ours become "Unexpected error." and are logged; never a stack or internal message.
    maskedErrors: {
      isDev: false,
      maskError(error, message) {
        logger.error({ err: error }, 'unexpected error');
        return maskError(error, message, false);
      },
    },
    logging: {
      debug: (...args) => logger.debug(args.map(String).join(' ')),
      info: (...args) => logger.info(args.map(String).join(' ')),
      warn: (...args) => logger.warn(args.map(String).join(' ')),
      error: (...args) => logger.error(args.map(String).join(' ')),
    },
    plugins: [useHttpRoutes({ pools: deps.pools, sandboxed: deps.sandboxed }), useObservability()],
  });
}

const DEFAULT_QUERY = `# Send your credentials as headers (see the Headers tab below), e.g.
# {"Authorization": "Bearer demo-buyer-token", "X-Seo-Api-Key": "seo-demo-key", "X-Items-Api-Key": "items-demo-key"}
query SellerWithGigs {
  seller(username: "pixelcraft") {
    name
    gigs(first: 3) {
      totalCount
      nodes { slug title reviews(first: 2) { nodes { rating comment } } }
    }
  }
}
`;
