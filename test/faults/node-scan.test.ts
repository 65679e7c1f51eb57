/**
 * `node(id)` of a type the upstream only lists, against a website-analysis
 * upstream that claims ten million pages of near matches: the scan reads at
 * most MAX_SCAN_PAGES pages (the figure the cost estimate counts per id), then
 * answers NOT_FOUND; a match on a later page within the bound is found.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/global-id.js';
import { MAX_SCAN_PAGES } from '../../src/upstreams/paging.js';
import { SEO_KEY, errorAt, startTestGateway, type TestGateway } from '../helpers/gateway.js';

const seen: URL[] = [];
let hostile: Server;
let gw: TestGateway;

/** Every page full of projects named `p<page>-<i>`, none of them the one asked for unless it is on that page. */
const projectsPage = (url: URL) => {
  const page = Number(url.searchParams.get('page'));
  const data = Array.from({ length: 100 }, (_, i) => ({ project: `p${page}-${i}`, created_at: '2026-01-01T00:00:00Z', reports_count: 1 }));
  return { data, meta: { current_page: page, per_page: 100, total: 1_000_000_000, last_page: 10_000_000 } };
};

beforeAll(async () => {
  hostile = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://hostile.test');
    seen.push(url);
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(projectsPage(url)));
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  gw = await startTestGateway({ SEO_URL: `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`, UPSTREAM_TIMEOUT_MS: '2000' }, []);
});
afterAll(async () => {
  await gw?.close();
  await new Promise<void>((resolve) => hostile.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
});

const nodeOf = (name: string) =>
  gw.query<{ node: { name: string } | null }>('query($id: ID!) { node(id: $id) { ... on SeoProject { name } } }', {
    variables: { id: encodeGlobalId('SeoProject', [name]) },
    headers: { 'x-seo-api-key': SEO_KEY },
  });

describe('node(id) of a listed type against an endless list', () => {
  it(`reads at most ${MAX_SCAN_PAGES} pages, then answers NOT_FOUND`, async () => {
    const res = await nodeOf('not-there');
    expect(errorAt(res, 'node')?.extensions?.code).toBe('NOT_FOUND');
    expect(seen.map((url) => url.searchParams.get('page'))).toEqual(Array.from({ length: MAX_SCAN_PAGES }, (_, i) => String(i + 1)));
    // The search narrows the list the upstream sends; the exact name decides.
    expect(seen.every((url) => url.searchParams.get('search') === 'not-there' && url.searchParams.get('per_page') === '100')).toBe(true);
  });

  it('finds a match on a later page within the bound, and stops there', async () => {
    const res = await nodeOf(`p3-7`);
    expect(res.data?.node).toEqual({ name: 'p3-7' });
    expect(seen).toHaveLength(3);
  });
});
