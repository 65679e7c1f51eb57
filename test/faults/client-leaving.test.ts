/**
 * A client that leaves mid-request is nobody's failure: 1,000 requests cut
 * while their upstream calls are in flight (a shared public read, a keyed
 * read, a deferred part) log no warning, move no upstream metric and no
 * breaker, and count as `cancelled`, never as `error`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEO_KEY, startTestGateway, type TestGateway } from '../helpers/gateway.js';

const REQUESTS = 1000;
const CONCURRENCY = 50;
const UPSTREAM_LATENCY_MS = 150;
const CUT_AFTER_MS = 40;

const SHAPES: Array<{ name: string; body: { query: string }; headers: Record<string, string> }> = [
  { name: 'public', body: { query: '{ seller(username: "pixelcraft") { name } }' }, headers: {} },
  { name: 'keyed', body: { query: '{ seoReports(first: 1) { totalCount } }' }, headers: { 'x-seo-api-key': SEO_KEY } },
  {
    name: 'deferred',
    body: { query: '{ seller(username: "pixelcraft") { name ... @defer { gigs(first: 2) { totalCount } } } }' },
    headers: { accept: 'multipart/mixed' },
  },
];

async function metric(gw: TestGateway, pattern: RegExp): Promise<number> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => pattern.test(line))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}

async function cutRequest(gw: TestGateway, shape: (typeof SHAPES)[number]): Promise<void> {
  const controller = new AbortController();
  const cut = setTimeout(() => controller.abort(), CUT_AFTER_MS);
  try {
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...shape.headers },
      body: JSON.stringify(shape.body),
      signal: controller.signal,
    });
    await res.arrayBuffer();
  } catch {
    // The cut is the point.
  } finally {
    clearTimeout(cut);
  }
}

describe('a client leaving mid-request', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ LOG_LEVEL: 'debug', PUBLIC_CACHE_MAX_BYTES: String(8 * 1024 * 1024), PUBLIC_CACHE_TTL_MS: '0' });
    for (const service of Object.values(gw.sandbox.services)) service.control.latencyMs = UPSTREAM_LATENCY_MS;
  });
  afterAll(() => gw?.close());

  it(`moves no upstream metric, breaker or warning over ${REQUESTS} cut requests`, async () => {
    const upstreamErrorsBefore = await metric(gw, /^gateway_upstream_requests_total\{.*status="error"/);
    const errorOutcomesBefore = await metric(gw, /^gateway_graphql_requests_total\{.*outcome="error"/);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < REQUESTS) {
          const shape = SHAPES[next++ % SHAPES.length]!;
          await cutRequest(gw, shape);
        }
      }),
    );
    // Let every cut request's execution and upstream calls settle.
    await new Promise((resolve) => setTimeout(resolve, UPSTREAM_LATENCY_MS * 3));

    expect(await metric(gw, /^gateway_upstream_requests_total\{.*status="error"/)).toBe(upstreamErrorsBefore);
    expect(await metric(gw, /^gateway_graphql_requests_total\{.*outcome="error"/)).toBe(errorOutcomesBefore);
    expect(await metric(gw, /^gateway_graphql_requests_total\{.*outcome="cancelled"/)).toBeGreaterThan(0);
    for (const upstream of ['marketplace', 'seo', 'items'] as const) expect(gw.app.pools[upstream].breakerState()).toBe('closed');
    const warnings = gw.logs.filter((line) => /"level":(40|50|60)/.test(line));
    expect(warnings.slice(0, 3)).toEqual([]);
    // At most one line per request says what happened, at debug.
    const closedLines = gw.logs.filter((line) => line.includes('client closed the request'));
    expect(closedLines.length).toBeGreaterThan(0);
    expect(closedLines.every((line) => line.includes('"level":20'))).toBe(true);
    const perRequest = new Map<string, number>();
    for (const line of closedLines) {
      const id = (JSON.parse(line) as { requestId: string }).requestId;
      perRequest.set(id, (perRequest.get(id) ?? 0) + 1);
    }
    expect([...perRequest.values()].filter((count) => count > 1)).toEqual([]);
    // And the gateway still answers.
    const after = await gw.query('{ seller(username: "pixelcraft") { name } }');
    expect(after.errors).toBeUndefined();
  }, 120_000);
});
