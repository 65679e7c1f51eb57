/**
 * GraphiQL's first tabs, one per upstream service and one live subscription,
 * so a first visit shows what the one graph spans. GraphiQL uses them only
 * while the browser has no saved tabs of its own. test/integration/graphiql-page.test.ts
 * runs each one against the sandbox, so they stay valid as the schema grows.
 */
import type { GraphiQLOptions } from 'graphql-yoga';

export interface GraphiQLTab {
  query: string;
  variables?: string;
  headers?: string;
}

export const MARKETPLACE_TAB = `# Marketplace: a seller, their gigs and reviews.
# Credentials: the Headers tab below.
query SellerWithGigs {
  seller(username: "pixelcraft") {
    name
    rating
    gigs(first: 3) {
      totalCount
      nodes {
        title
        priceFrom
        reviews(first: 2) { nodes { rating comment } }
      }
    }
  }
  me { username }
}
`;

export const SEO_TAB = `# Website analysis: projects, best-scoring reports.
query SeoOverview {
  seoProjects(first: 5) { nodes { name reportsCount } }
  seoReports(first: 3, orderBy: { field: SCORE, direction: DESC }) {
    totalCount
    nodes { url score }
  }
}
`;

export const ITEMS_TAB = `# Item store: an item, a purchase-code check and
# the analysis reports of its demo page (two services).
query ItemOverview($id: ID!, $code: String!) {
  item(id: $id) {
    name
    price { regular extended }
    purchase(code: $code) { valid reason purchase { licenseType supportedUntil } }
    demoReports(first: 3) { url score }
  }
}
`;

export const ITEMS_TAB_VARIABLES = { id: '1', code: '1d000001-0000-4000-8000-000000000001' };

export const SUBSCRIPTION_TAB = `# Live marketplace events about the caller,
# pushed over SSE until you stop it.
subscription MyMarketplaceEvents {
  marketplaceEvents {
    event
    createdAt
    data
  }
}
`;

/** The tabs in the order GraphiQL shows them; the first is the one open on a first visit. */
export function graphiqlTabs(headers: string | undefined): GraphiQLTab[] {
  const withHeaders = (tab: GraphiQLTab): GraphiQLTab => (headers ? { ...tab, headers } : tab);
  return [
    { query: MARKETPLACE_TAB },
    { query: SEO_TAB },
    { query: ITEMS_TAB, variables: JSON.stringify(ITEMS_TAB_VARIABLES, null, 2) },
    { query: SUBSCRIPTION_TAB },
  ].map(withHeaders);
}

export function graphiqlOptions(sandboxed: ReadonlySet<string>): GraphiQLOptions {
  const headers = demoHeaders(sandboxed);
  return { title: 'Gateway', headers, defaultTabs: graphiqlTabs(headers) };
}

/** The sandbox's demo credentials, pre-filled in GraphiQL for the upstreams the sandbox serves. */
function demoHeaders(sandboxed: ReadonlySet<string>): string | undefined {
  const headers: Record<string, string> = {};
  if (sandboxed.has('marketplace')) headers.Authorization = 'Bearer demo-buyer-token';
  if (sandboxed.has('seo')) headers['X-Seo-Api-Key'] = 'seo-demo-key';
  if (sandboxed.has('items')) headers['X-Items-Api-Key'] = 'items-demo-key';
  return Object.keys(headers).length > 0 ? JSON.stringify(headers, null, 2) : undefined;
}
