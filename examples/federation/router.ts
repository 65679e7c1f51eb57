/**
 * Example router: composes our subgraph with the studio-insights example
 * (@theguild/federation-composition) and serves the supergraph with Hive
 * Gateway's runtime (@graphql-hive/gateway-runtime, what the
 * `@graphql-hive/gateway` CLI runs) on node:http. The part a deployment must
 * copy is `propagateHeaders`: a router forwards no client header by default,
 * and the gateway reads the caller's credentials from these three
 * (docs/federation.md has the same rule for Apollo Router and Cosmo).
 *
 *   npx tsx examples/federation/router.ts --unigraph http://localhost:4000/subgraph --insights http://localhost:4002/graphql
 */
import { createServer, type Server } from 'node:http';
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { parse } from 'graphql';
import { composeServices } from '@theguild/federation-composition';
import { createGatewayRuntime, type PropagateHeadersOpts } from '@graphql-hive/gateway-runtime';
import { STUDIO_INSIGHTS_SDL } from './studio-insights.js';

/** The subgraph name the gateway is composed under. */
export const UNIGRAPH = 'unigraph';

/** The headers the gateway reads credentials from (README, "Credentials"). */
export const CREDENTIAL_HEADERS = ['authorization', 'x-seo-api-key', 'x-items-api-key'] as const;

/** Forwards the caller's credentials to our subgraph only: no other team's subgraph needs them. */
export const propagateHeaders: PropagateHeadersOpts<Record<string, unknown>> = {
  fromClientToSubgraphs({ request, subgraphName }) {
    if (subgraphName !== UNIGRAPH) return;
    return Object.fromEntries(CREDENTIAL_HEADERS.map((name) => [name, request.headers.get(name)]));
  },
};

export interface SubgraphSource {
  name: string;
  url: string;
  sdl: string;
}

/** The supergraph SDL of these subgraphs; throws with every composition error. */
export function composeSupergraph(subgraphs: SubgraphSource[]): string {
  const result = composeServices(subgraphs.map(({ name, url, sdl }) => ({ name, url, typeDefs: parse(sdl) })));
  if (result.errors) throw new Error(`Composition failed:\n${result.errors.map((error) => `  ${error.message}`).join('\n')}`);
  return result.supergraphSdl;
}

/** The gateway's SDL as a router fetches it: `_service { sdl }` on its subgraph endpoint. */
export async function fetchSubgraphSdl(url: string): Promise<string> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ _service { sdl } }' }),
  });
  const body = (await response.json()) as { data?: { _service: { sdl: string } } };
  if (!body.data) throw new Error(`${url} did not answer _service { sdl } (HTTP ${response.status})`);
  return body.data._service.sdl;
}

export interface Router {
  url: string;
  close(): Promise<void>;
}

/** Serves the supergraph on loopback `port` (0: any free port). */
export async function serveRouter(supergraph: string, port = 0): Promise<Router> {
  const gateway = createGatewayRuntime({ supergraph, propagateHeaders, logging: false });
  const server: Server = createServer(gateway);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address();
  return {
    url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}/graphql`,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await gateway.dispose();
    },
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      unigraph: { type: 'string', default: 'http://localhost:4000/subgraph' },
      insights: { type: 'string', default: 'http://localhost:4002/graphql' },
      port: { type: 'string', default: '4001' },
    },
  });
  const supergraph = composeSupergraph([
    { name: UNIGRAPH, url: values.unigraph, sdl: await fetchSubgraphSdl(values.unigraph) },
    { name: 'studio-insights', url: values.insights, sdl: STUDIO_INSIGHTS_SDL },
  ]);
  const router = await serveRouter(supergraph, Number(values.port));
  console.log(`router at ${router.url}`);
}
