/**
 * A website-analysis upstream that lies about its pages: a tiny HTTP server
 * stands in for it (the item store stays the sandbox). A `last_page` its
 * `total` does not back is UPSTREAM_BAD_RESPONSE after one call; a huge but
 * consistent page count is scanned at most MAX_SCAN_PAGES pages, the figure
 * the cost estimate counts for `Item.demoReports`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_SCAN_PAGES } from '../../src/upstreams/paging.js';
import { UNPAGED_LIST_MAX } from '../../src/plugins/upstream-cost.js';
import { ALL_CREDENTIALS, startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { postIncremental } from '../helpers/incremental.js';

type Answer = (url: URL) => { status?: number; body: unknown };

let answer: Answer = () => ({ body: { data: [] } });
const seen: URL[] = [];
let hostile: Server;
let gw: TestGateway;
let itemId: string;

/** More items than the cost estimate's declared list size, each with its own demo link. */
const hostileItems = Array.from({ length: UNPAGED_LIST_MAX + 50 }, (_, i) => ({
  id: 9000 + i,
  name: `Item ${i}`,
  demo_link: `https://demo.example/${i}`,
}));
const fullPages: Answer = (url) => {
  // A billion near matches: every page full, none with the exact url.
  const page = Number(url.searchParams.get('page'));
  const data = Array.from({ length: 100 }, (_, i) => report(page * 100 + i, `https://elsewhere.example/${page}/${i}`));
  return { body: { data, meta: { current_page: page, per_page: 100, total: 1_000_000_000, last_page: 10_000_000 } } };
};
const report = (id: number, url: string) => ({ id, url, privacy: 0, score: 50, result: 'decent', created_at: '2026-01-01T00:00:00Z' });
const reportCalls = () => seen.filter((url) => url.pathname.endsWith('/reports')).length;

beforeAll(async () => {
  hostile = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://hostile.test');
    seen.push(url);
    const { status = 200, body } = url.pathname.endsWith('/items/all')
      ? { status: 200, body: { status: 'success', items: hostileItems } }
      : answer(url);
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
  gw = await startTestGateway({ SEO_URL: `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`, UPSTREAM_TIMEOUT_MS: '2000' }, [
    'items',
  ]);
  const listed = await gw.query<{ items: Array<{ id: string; demoLink: string | null }> }>('{ items { id demoLink } }', {
    headers: ALL_CREDENTIALS,
  });
  itemId = listed.data!.items.find((item) => item.demoLink)!.id;
});
afterAll(async () => {
  await gw?.close();
  await new Promise<void>((resolve) => hostile.close(() => resolve()));
});
beforeEach(() => {
  seen.length = 0;
  gw.resetCalls();
});

const demoReports = () =>
  gw.query<{ item: { demoReports: unknown[] | null } | null }>(`{ item(id: "${itemId}") { demoReports(first: 1) { id } } }`, {
    headers: ALL_CREDENTIALS,
  });

describe('a hostile page count', () => {
  it('refuses a last_page that the total does not back, after one call', async () => {
    answer = (url) => ({
      body: { data: [], meta: { current_page: Number(url.searchParams.get('page')), per_page: 100, total: 0, last_page: 1_000_000_000 } },
    });
    const res = await demoReports();
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_BAD_RESPONSE']);
    expect(res.errors?.[0]?.path).toEqual(['item', 'demoReports']);
    expect(reportCalls()).toBe(1);
  });

  it('refuses the same lie on a connection', async () => {
    answer = () => ({
      body: { data: [report(1, 'https://a.example/')], meta: { current_page: 1, per_page: 10, total: 1, last_page: 99 } },
    });
    const res = await gw.query('{ seoReports(first: 1) { totalCount nodes { id } } }', { headers: ALL_CREDENTIALS });
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_BAD_RESPONSE']);
    expect(reportCalls()).toBe(1);
  });

  it('refuses a page holding more items than per_page', async () => {
    const data = Array.from({ length: 11 }, (_, i) => report(i + 1, 'https://a.example/'));
    answer = () => ({ body: { data, meta: { current_page: 1, per_page: 10, total: 11, last_page: 2 } } });
    const res = await gw.query('{ seoReports(first: 1) { totalCount } }', { headers: ALL_CREDENTIALS });
    expect(res.errors?.map((e) => e.extensions?.code)).toEqual(['UPSTREAM_BAD_RESPONSE']);
  });

  it('scans a consistent but endless list at most MAX_SCAN_PAGES pages, within the estimate', async () => {
    answer = fullPages;
    const started = Date.now();
    const res = (await demoReports()) as Awaited<ReturnType<typeof demoReports>> & {
      extensions?: { cost?: { estimated: number; actual: number } };
    };
    expect(res.errors).toBeUndefined();
    expect(res.data?.item?.demoReports).toEqual([]);
    expect(reportCalls()).toBe(MAX_SCAN_PAGES);
    expect(Date.now() - started).toBeLessThan(10_000);
    const cost = res.extensions?.cost;
    expect(cost?.actual).toBe(1 + MAX_SCAN_PAGES);
    expect(cost!.actual).toBeLessThanOrEqual(cost!.estimated);
  });
});

describe('a list longer than the estimate declares', () => {
  let both: TestGateway;
  beforeAll(async () => {
    const origin = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    both = await startTestGateway({ SEO_URL: origin, ITEMS_URL: origin, UPSTREAM_TIMEOUT_MS: '10000' }, []);
  });
  afterAll(() => both?.close());

  it('never makes more upstream calls than the operation was admitted at', async () => {
    answer = fullPages;
    const res = (await both.query('{ items { id demoReports(first: 1) { id } } }', { headers: ALL_CREDENTIALS })) as Awaited<
      ReturnType<typeof demoReports>
    > & {
      extensions?: { cost?: { estimated: number; actual: number } };
    };
    const estimated = 1 + UNPAGED_LIST_MAX * MAX_SCAN_PAGES;
    expect(res.extensions?.cost).toEqual({ estimated, actual: estimated });
    expect(seen.length).toBe(estimated);
    // The fields whose calls were over the budget say so; the rest of the list is there.
    const codes = new Set(res.errors?.map((e) => e.extensions?.code));
    expect([...codes]).toEqual(['QUERY_TOO_COMPLEX']);
    expect((res.data as unknown as { items: unknown[] }).items).toHaveLength(hostileItems.length);
  });

  it('holds with the calls deferred (@defer): the budget spans every part, the figures are on the last', async () => {
    answer = fullPages;
    const { parts } = await postIncremental(both.url, '{ items { id ... @defer { demoReports(first: 1) { id } } } }', {
      accept: 'multipart/mixed',
      headers: ALL_CREDENTIALS,
    });
    const estimated = 1 + UNPAGED_LIST_MAX * MAX_SCAN_PAGES;
    expect(parts.at(-1)!.body).toMatchObject({ hasNext: false, extensions: { cost: { estimated, actual: estimated } } });
    expect(seen.length).toBe(estimated);
    const codes = new Set(
      parts
        .flatMap((p) => p.body.incremental ?? [])
        .flatMap((e) => e.errors ?? [])
        .map((e) => e.extensions?.code),
    );
    expect([...codes]).toEqual(['QUERY_TOO_COMPLEX']);
  });
});
