/**
 * What `npm start` says once it listens: where the GraphQL endpoint,
 * GraphiQL and the federation subgraph are, which upstreams are real and which the embedded sandbox
 * serves, and, for the sandboxed ones, the demo credentials to try (the
 * sandbox's public ones; a configured secret is never listed).
 */
import type { UpstreamName } from './errors.js';

export interface StartupFacts {
  /** e.g. http://localhost:4000/graphql */
  endpoint: string;
  graphiql: boolean;
  /** The federation subgraph's URL, when SUBGRAPH_PATH serves one. */
  subgraph?: string;
  /** PERSISTED_DOCUMENTS_ONLY: only trusted documents run, so GraphiQL (query text) would run nothing. */
  queryTextRefused?: boolean;
  origins: Record<UpstreamName, string>;
  sandboxed: ReadonlySet<UpstreamName>;
  /** Demo credentials per sandboxed upstream (src/sandbox/demo-credentials.ts). */
  demoCredentials: Partial<Record<UpstreamName, string>>;
}

const NAMES: UpstreamName[] = ['marketplace', 'seo', 'items'];

/** Scheme, host and port only: a user:password written into a URL variable is never printed. */
function originOnly(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '(unparseable URL)';
  }
}

export function startupSummary(facts: StartupFacts): string[] {
  const lines = [`Gateway ready: ${facts.endpoint}`];
  if (facts.queryTextRefused) lines.push('GraphiQL: off (PERSISTED_DOCUMENTS_ONLY refuses query text: only trusted documents run)');
  else if (!facts.graphiql) lines.push('GraphiQL: off');
  else lines.push(`GraphiQL: ${facts.endpoint} (open it in a browser)`);
  if (facts.subgraph) lines.push(`Federation subgraph: ${facts.subgraph} (for a router: docs/federation.md)`);
  const sandboxed = NAMES.filter((name) => facts.sandboxed.has(name));
  const real = NAMES.filter((name) => !facts.sandboxed.has(name));
  if (sandboxed.length > 0) {
    const variables = sandboxed.map((name) => `${name.toUpperCase()}_URL`).join(', ');
    lines.push(`Sandboxed upstreams: ${sandboxed.join(', ')} (simulated in this process; set ${variables} to use real ones)`);
  }
  if (real.length > 0) lines.push(`Real upstreams: ${real.map((name) => `${name} ${originOnly(facts.origins[name])}`).join(', ')}`);
  for (const name of sandboxed) {
    const credentials = facts.demoCredentials[name];
    if (credentials) lines.push(`Demo credentials for ${name}: ${credentials}`);
  }
  return lines;
}
