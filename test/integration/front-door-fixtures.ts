/**
 * What the front door's suites (response-cache-front-door*.test.ts) share: the gateways' environment, the
 * answer as a caller sees it, and how many requests reached Yoga (src/front-door.ts answers the others).
 */
import type { TestGateway } from '../helpers/gateway.js';

export const ENV = {
  PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024),
  RESPONSE_CACHE_MAX_ENTRIES: '100',
  EXPOSE_COST: 'false',
  CORS_ORIGINS: 'https://app.example,https://admin.example',
  RATE_LIMIT_PER_MINUTE: '10000',
};

export const GIG_AND_SELLER = 'query($slug: String!) { gig(slug: $slug) { slug title priceFrom seller { username name rating } } }';

/** Gig slugs of the seeded sandbox (the same in every gateway's sandbox), one per test. */
export function gigsOf(gw: TestGateway): () => Promise<{ slug: string; seller_username: string }> {
  let gigs: Array<{ slug: string; seller_username: string }> = [];
  return async () => {
    if (gigs.length === 0) {
      const res = await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?per_page=100`);
      gigs = ((await res.json()) as { data: typeof gigs }).data;
    }
    return gigs.pop()!;
  };
}

export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** The answer as a caller sees it, Date left out (it differs by the second). */
export async function answerOf(res: Response): Promise<Answer> {
  const headers = Object.fromEntries([...res.headers].filter(([name]) => name !== 'date'));
  return { status: res.status, headers, body: await res.text() };
}

export function post(gw: TestGateway, body: string, headers: Record<string, string> = {}): Promise<Answer> {
  return fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body }).then(answerOf);
}

/** `run` against `gw`, with how many of its requests reached Yoga. */
export async function yogaSaw<T>(gw: TestGateway, run: () => Promise<T>): Promise<{ result: T; yoga: number }> {
  const before = gw.yogaRequests;
  const result = await run();
  return { result, yoga: gw.yogaRequests - before };
}

export async function hitCount(gw: TestGateway): Promise<number> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  return Number(/^gateway_response_cache_requests_total\{result="hit"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}
