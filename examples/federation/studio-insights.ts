/**
 * Example second subgraph, as another team would run it beside the gateway:
 * it extends our `Seller` (by username) and `Gig` (by slug) with fields of its
 * own and lists gigs by reference, which the router completes from our
 * subgraph. graphql-yoga with @apollo/subgraph's buildSubgraphSchema; its data
 * is made up. Used by test/integration/federation-router.test.ts.
 *
 *   npx tsx examples/federation/studio-insights.ts --port 4002
 */
import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { parse } from 'graphql';
import { createYoga } from 'graphql-yoga';

export const STUDIO_INSIGHTS_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key"])

  type Seller @key(fields: "username") {
    username: String!
    "Median hours the studio takes to answer a buyer's first message (made up here)."
    responseTimeHours: Int
  }

  type Gig @key(fields: "slug") {
    slug: String!
    "How many buyers saved the gig (made up here)."
    savedCount: Int!
  }

  type Query {
    "Gigs the editors picked this week: references only, the router asks the gateway for the rest."
    staffPicks: [Gig!]!
  }
`;

/** A stable made-up number per key, so a test can predict it. */
const figure = (key: string, modulo: number) => [...key].reduce((sum, c) => sum + c.charCodeAt(0), 0) % modulo;

export interface StudioInsightsOptions {
  /** The gig slugs `staffPicks` returns. */
  staffPicks: string[];
  /** Sees every request's headers (the test checks no credential reached this subgraph). */
  onRequest?: (headers: Headers) => void;
}

export function createStudioInsights({ staffPicks, onRequest }: StudioInsightsOptions) {
  const schema = buildSubgraphSchema([
    {
      typeDefs: parse(STUDIO_INSIGHTS_SDL),
      resolvers: {
        Query: { staffPicks: () => staffPicks.map((slug) => ({ slug })) },
        Seller: {
          __resolveReference: (seller: { username: string }) => seller,
          responseTimeHours: (seller: { username: string }) => 1 + figure(seller.username, 24),
        },
        Gig: {
          __resolveReference: (gig: { slug: string }) => gig,
          savedCount: (gig: { slug: string }) => figure(gig.slug, 500),
        },
      },
    },
  ]);
  return createYoga({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    plugins: [{ onRequest: ({ request }) => onRequest?.(request.headers) }],
  });
}

export function responseTimeHoursOf(username: string): number {
  return 1 + figure(username, 24);
}

export function savedCountOf(slug: string): number {
  return figure(slug, 500);
}

/** Listens on `port` (0: any free port) on loopback; resolves with the server and its GraphQL URL. */
export async function serveStudioInsights(options: StudioInsightsOptions, port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer(createStudioInsights(options));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  const bound = typeof address === 'object' && address ? address.port : port;
  return { server, url: `http://127.0.0.1:${bound}/graphql` };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { port: { type: 'string', default: '4002' }, picks: { type: 'string', default: '' } } });
  const { url } = await serveStudioInsights({ staffPicks: values.picks.split(',').filter(Boolean) }, Number(values.port));
  console.log(`studio-insights subgraph at ${url}`);
}
