/**
 * The gateway the response-cache suites share (one per test file): the
 * sandbox's marketplace, the shared and response caches on, a test clock;
 * and what they read with: the two warm queries, a fresh gig per test, call
 * counts, the cache's metrics and a GET request.
 */
import { useTestGateway } from '../helpers/gateway.js';
import { testClock } from '../helpers/clock.js';

export const clock = testClock();
export const gw = useTestGateway(
  {
    PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024),
    RESPONSE_CACHE_MAX_ENTRIES: '100',
    EXPOSE_COST: 'true',
    CORS_ORIGINS: 'https://app.example,https://admin.example',
  },
  ['marketplace'],
  { now: clock.now },
);

export const GIG_AND_SELLER = 'query($slug: String!) { gig(slug: $slug) { slug title priceFrom seller { username name rating } } }';
export const SELLER_GIGS_REVIEWS = `query($seller: String!) { seller(username: $seller) { username name rating
  gigs(first: 3) { totalCount nodes { slug title reviews(first: 2) { totalCount nodes { rating comment } } } } } }`;

/** Gig slugs of the seeded sandbox, one per test so no test sees another's entries. */
let gigs: Array<{ slug: string; seller_username: string }> = [];
export async function freshGig(): Promise<{ slug: string; seller_username: string }> {
  if (gigs.length === 0) {
    const res = await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?per_page=100`);
    gigs = ((await res.json()) as { data: typeof gigs }).data;
  }
  return gigs.pop()!;
}

export const callsNow = () => gw.calls('marketplace').length;
export async function counted<T>(run: () => Promise<T>): Promise<{ result: T; calls: number }> {
  gw.resetCalls();
  const result = await run();
  return { result, calls: callsNow() };
}

export async function responseCacheCount(result: 'hit' | 'miss'): Promise<number> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  const line = text.split('\n').find((l) => l.startsWith(`gateway_response_cache_requests_total{result="${result}"}`));
  return line ? Number(line.split(' ').pop()) : 0;
}

/** Whole answers stored so far (gateway_response_cache_stored_total). */
export async function storedCount(): Promise<number> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  return Number(/^gateway_response_cache_stored_total (\d+)$/m.exec(text)?.[1] ?? 0);
}

export const get = (query: string, variables: Record<string, unknown>, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}/graphql?${new URLSearchParams({ query, variables: JSON.stringify(variables) })}`, {
    headers: { accept: 'application/json', ...headers },
  });
