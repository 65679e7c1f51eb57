/**
 * The cost limit is an upper bound on the upstream calls one HTTP request
 * makes: variable defaults count, a batch is budgeted as a whole, lists the
 * upstream sends whole count their declared size, and an admitted operation
 * can never make more calls than it was estimated at. Every result says both
 * figures in `extensions.cost` (EXPOSE_COST, on outside production).
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { MAX_SCAN_PAGES } from '../../src/upstreams/paging.js';
import { UNPAGED_LIST_MAX } from '../../src/plugins/upstream-cost.js';
import { ALL_CREDENTIALS, startTestGateway, useTestGateway, type GraphQLResponse, type TestGateway } from '../helpers/gateway.js';

type Costed = GraphQLResponse & { extensions?: { cost?: { estimated: number; actual: number } } };

const gw = useTestGateway();
const upstreamCalls = (g: TestGateway) => g.calls('marketplace').length + g.calls('seo').length + g.calls('items').length;

async function post(g: TestGateway, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: unknown }> {
  const res = await fetch(`${g.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

describe('the estimate is an upper bound', () => {
  it('counts variable defaults, so a bomb cannot hide behind $n = 100', async () => {
    const res = (await gw.query(
      'query($n: Int = 100) { sellers(first: $n) { nodes { gigs(first: $n) { nodes { reviews(first: $n) { nodes { rating } } } } } } }',
    )) as Costed;
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', cost: 1 + 100 + 100 * 100 });
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('budgets a batched request as a whole: the operations together stay within MAX_COST', async () => {
    const operation = { query: '{ sellers(first: 100) { nodes { gigs(first: 1) { totalCount } } } }' }; // 101 each
    const { json } = await post(
      gw,
      Array.from({ length: 10 }, () => operation),
    );
    const results = json as Costed[];
    expect(results).toHaveLength(10);
    expect(results.slice(0, 9).every((r) => r.errors === undefined)).toBe(true);
    expect(results[9]!.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', cost: 101, maxCost: 1000 });
    const actual = results.reduce((sum, r) => sum + (r.extensions?.cost?.actual ?? 0), 0);
    expect(actual).toBe(upstreamCalls(gw));
    expect(actual).toBeLessThanOrEqual(1000);
  });

  it('counts a whole list (items) at its declared size, and each demoReports at its page cap', async () => {
    const res = (await gw.query('{ items { id demoReports(first: 1) { id } } }', { headers: ALL_CREDENTIALS })) as Costed;
    expect(res.errors).toBeUndefined();
    expect(res.extensions?.cost).toEqual({ estimated: 1 + UNPAGED_LIST_MAX * MAX_SCAN_PAGES, actual: upstreamCalls(gw) });
    // One /items/all and one report search per item with a demo link.
    expect(gw.calls('seo').length).toBe((res.data as { items: unknown[] }).items.length);
  });

  it('reports estimated and actual calls on every result, rejected or not', async () => {
    const ok = (await gw.query('{ seller(username: "pixelcraft") { name gigs(first: 3) { nodes { slug } } } }')) as Costed;
    expect(ok.extensions?.cost).toEqual({ estimated: 2, actual: upstreamCalls(gw) });
    const invalid = (await gw.query('{ nope }')) as Costed;
    expect(invalid.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(invalid.extensions?.cost).toEqual({ estimated: 0, actual: 0 });
  });

  it('shows the figures by default outside production only', () => {
    const urls = { MARKETPLACE_URL: 'http://m.example', SEO_URL: 'http://s.example', ITEMS_URL: 'http://i.example' };
    expect(loadConfig({ NODE_ENV: 'production', ...urls }).exposeCost).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...urls, EXPOSE_COST: 'true' }).exposeCost).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).exposeCost).toBe(true);
    expect(loadConfig({ NODE_ENV: 'test', EXPOSE_COST: 'false' }).exposeCost).toBe(false);
  });

  it('leaves extensions.cost out with EXPOSE_COST=false', async () => {
    const quiet = await startTestGateway({ EXPOSE_COST: 'false' }, ['marketplace']);
    try {
      const res = (await quiet.query('{ seller(username: "pixelcraft") { name } }')) as Costed;
      expect(res.errors).toBeUndefined();
      expect(res.extensions?.cost).toBeUndefined();
    } finally {
      await quiet.close();
    }
  });
});
