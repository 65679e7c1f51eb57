/**
 * GraphiQL as a browser receives it: a small HTML shell at /graphql and its
 * assets under /graphiql/, each compressed by Accept-Encoding (bytes that
 * decompress to the page), the assets cacheable for a year, the shell
 * revalidated with its ETag (304), and default tabs that run against the graph.
 */
import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { ALL_CREDENTIALS, useTestGateway } from '../helpers/gateway.js';
import { MARKETPLACE_TAB, SEO_TAB, ITEMS_TAB, ITEMS_TAB_VARIABLES, SUBSCRIPTION_TAB } from '../../src/plugins/graphiql-tabs.js';

interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** node:http, not fetch: fetch would decompress the body and hide what went over the wire. */
function get(url: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const BROWSER = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

function assetPaths(html: string): string[] {
  return [...html.matchAll(/"(\/graphiql\/[^"]+)"/g)].map((m) => m[1]!);
}

// The first request splits and compresses 9 MB (a few seconds, more on a loaded machine).
describe('the GraphiQL page', { timeout: 120_000 }, () => {
  const gw = useTestGateway();

  it('is a small shell whose assets, with it, make up the whole GraphiQL bundle', async () => {
    const shell = await get(`${gw.url}/graphql`, BROWSER);
    expect(shell.status).toBe(200);
    expect(shell.headers['content-type']).toMatch(/^text\/html/);
    const html = shell.body.toString('utf8');
    expect(shell.body.length).toBeLessThan(20_000);
    const paths = assetPaths(html);
    expect(paths).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\/graphiql\/graphiql\.[0-9a-f]{16}\.js$/), expect.stringMatching(/\.css$/)]),
    );
    let total = shell.body.length;
    for (const path of new Set(paths)) {
      const asset = await get(`${gw.url}${path}`);
      expect(asset.status, path).toBe(200);
      total += asset.body.length;
    }
    // The script alone is over 5 MB: the page is whole, only split.
    expect(total).toBeGreaterThan(8_000_000);
  });

  it.each([
    ['br', (b: Buffer) => brotliDecompressSync(b)],
    ['gzip', (b: Buffer) => gunzipSync(b)],
  ] as const)('answers Accept-Encoding %s with compressed bytes that decompress to the page', async (encoding, decompress) => {
    const plain = await get(`${gw.url}/graphql`, BROWSER);
    const shell = await get(`${gw.url}/graphql`, { ...BROWSER, 'accept-encoding': `${encoding}, deflate` });
    expect(shell.headers['content-encoding']).toBe(encoding);
    expect(shell.headers.vary).toMatch(/accept-encoding/i);
    expect(decompress(shell.body).equals(plain.body)).toBe(true);

    const script = assetPaths(plain.body.toString('utf8')).find((p) => p.endsWith('.js') && p.includes('/graphiql.'))!;
    const plainScript = await get(`${gw.url}${script}`);
    const compressed = await get(`${gw.url}${script}`, { 'accept-encoding': encoding });
    expect(compressed.headers['content-encoding']).toBe(encoding);
    expect(decompress(compressed.body).equals(plainScript.body)).toBe(true);
    expect(compressed.body.length).toBeLessThan(plainScript.body.length / 3);
  });

  it('sends no encoding the caller refused', async () => {
    const shell = await get(`${gw.url}/graphql`, { ...BROWSER, 'accept-encoding': 'br;q=0, gzip;q=0' });
    expect(shell.headers['content-encoding']).toBeUndefined();
    expect(shell.body.toString('utf8')).toMatch(/^<!doctype html>/);
  });

  it('lets browsers keep the assets for a year and revalidate the shell with a 304', async () => {
    const shell = await get(`${gw.url}/graphql`, BROWSER);
    expect(shell.headers['cache-control']).toBe('no-cache');
    const etag = shell.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await get(`${gw.url}/graphql`, { ...BROWSER, 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);

    for (const path of new Set(assetPaths(shell.body.toString('utf8')))) {
      const asset = await get(`${gw.url}${path}`);
      expect(asset.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
    }
  });

  it('answers an unknown asset with 404, and a GraphQL GET as before', async () => {
    expect((await get(`${gw.url}/graphiql/graphiql.0000000000000000.js`)).status).toBe(404);
    const answer = await get(`${gw.url}/graphql?query=${encodeURIComponent('{ __typename }')}`, {
      accept: 'application/json',
      'x-graphql-yoga-csrf': '1',
    });
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ data: { __typename: 'Query' } });
  });

  it('opens with one tab per service and one subscription', async () => {
    const html = (await get(`${gw.url}/graphql`, BROWSER)).body.toString('utf8');
    const options = JSON.parse(/renderYogaGraphiQL\([^,]+, (\{.*\})\);/.exec(html)![1]!) as {
      defaultTabs: Array<{ query: string }>;
    };
    expect(options.defaultTabs.map((t) => /^(query|subscription) (\w+)/m.exec(t.query)?.slice(1).join(' '))).toEqual([
      'query SellerWithGigs',
      'query SeoOverview',
      'query ItemOverview',
      'subscription MyMarketplaceEvents',
    ]);
  });
});

describe('the default tabs', () => {
  const gw = useTestGateway();

  it('each runs against the sandbox without errors and shows real data', async () => {
    const seller = await gw.query(MARKETPLACE_TAB, { headers: ALL_CREDENTIALS });
    expect(seller.errors).toBeUndefined();
    expect(seller.data).toMatchObject({ seller: { name: expect.any(String) }, me: { username: expect.any(String) } });
    const seo = await gw.query(SEO_TAB, { headers: ALL_CREDENTIALS });
    expect(seo.errors).toBeUndefined();
    expect((seo.data as { seoReports: { totalCount: number } }).seoReports.totalCount).toBeGreaterThan(0);
    const item = await gw.query(ITEMS_TAB, { headers: ALL_CREDENTIALS, variables: ITEMS_TAB_VARIABLES });
    expect(item.errors).toBeUndefined();
    expect(item.data).toMatchObject({ item: { name: expect.any(String), purchase: { valid: true } } });
    expect(validate(schema, parse(SUBSCRIPTION_TAB))).toEqual([]);
  });
});
