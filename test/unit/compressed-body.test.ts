/**
 * Which bytes a caller gets for its Accept-Encoding and If-None-Match
 * (src/plugins/compressed-body.ts): what the GraphiQL page and assets rely on.
 */
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, etagOf, negotiateEncoding, serveCompressed } from '../../src/plugins/compressed-body.js';

describe('negotiateEncoding', () => {
  it.each([
    [null, 'identity'],
    ['', 'identity'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0.5, gzip;q=1.0', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', 'identity'],
    ['*', 'br'],
    ['*;q=0, identity', 'identity'],
    ['deflate', 'identity'],
    [' GZIP ; q=0.8 ', 'gzip'],
  ] as const)('%j → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('serveCompressed', () => {
  const page = '<!doctype html>' + 'GraphiQL '.repeat(2000);

  it('sends the accepted encoding, whose bytes decompress to the body, and says it varies by it', async () => {
    const body = await compressBody('text/html; charset=utf-8', page);
    const br = serveCompressed(new Request('http://gw/graphql', { headers: { 'accept-encoding': 'br' } }), body, 'no-cache');
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString('utf8')).toBe(page);
    const gz = serveCompressed(new Request('http://gw/graphql', { headers: { 'accept-encoding': 'gzip' } }), body, 'no-cache');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(page);
    const plain = serveCompressed(new Request('http://gw/graphql'), body, 'no-cache');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(page);
  });

  it('answers a matching If-None-Match (weak or strong, in a list, or *) with 304 and no body', async () => {
    const body = await compressBody('text/html', page);
    const etag = etagOf(body);
    for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
      const response = serveCompressed(new Request('http://gw/graphql', { headers: { 'if-none-match': ifNoneMatch } }), body, 'no-cache');
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(await response.text()).toBe('');
    }
    const changed = serveCompressed(new Request('http://gw/graphql', { headers: { 'if-none-match': 'W/"stale"' } }), body, 'no-cache');
    expect(changed.status).toBe(200);
  });
});
