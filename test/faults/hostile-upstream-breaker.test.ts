/**
 * Transport failures of the marketplace and its breaker: a response header
 * larger than undici reads, and an upstream that refuses connections. Each is
 * the right code for the caller, names its cause in the log and /readyz, and
 * counts toward the circuit as one failure per request, not per retry.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CREDENTIALS, errorAt, startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';
import { closeServer, GIG, hostileServer, QUERY, SLUG, TIMEOUT_MS } from './hostile-server.js';

describe('an upstream sending a response header larger than undici reads (maxHeaderSize)', () => {
  let gw: TestGateway;
  let upstream: Awaited<ReturnType<typeof hostileServer>>;
  beforeAll(async () => {
    upstream = await hostileServer();
    upstream.handle.current = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-padding': 'a'.repeat(128 * 1024) });
      res.end(JSON.stringify({ data: GIG }));
    };
    gw = await startTestGateway({ MARKETPLACE_URL: upstream.url, BREAKER_FAILURES: '2', UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }, [
      'seo',
      'items',
    ]);
  });
  afterAll(async () => {
    await gw?.close();
    await closeServer(upstream.server);
  });

  it('is UPSTREAM_BAD_RESPONSE (not an unexpected error), and the breaker counts it as a failure of the upstream', async () => {
    const first = await gw.query(QUERY, { headers: ALL_CREDENTIALS });
    expect(errorAt(first, 'gig')?.extensions).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', upstream: 'marketplace' });
    expect((first.data as { itemsAccount?: { username: string } } | null)?.itemsAccount?.username).toBeTruthy();
    expect(gw.logs.filter((line) => line.includes('unexpected error'))).toEqual([]);
    const readyz = (await (await fetch(`${gw.url}/readyz`)).json()) as {
      upstreams: Record<string, { lastError: { message: string } | null }>;
    };
    expect(readyz.upstreams.marketplace!.lastError?.message).toContain('UND_ERR_HEADERS_OVERFLOW');
    await gw.query(QUERY, { headers: ALL_CREDENTIALS });
    const hits = upstream.hits.count;
    const third = await gw.query(QUERY, { headers: ALL_CREDENTIALS });
    expect(errorAt(third, 'gig')?.message).toContain('circuit open');
    expect(upstream.hits.count).toBe(hits);
  });
});

describe('dead upstream', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ MARKETPLACE_URL: 'http://127.0.0.1:1', BREAKER_FAILURES: '3', UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS) }, [
      'seo',
      'items',
    ]);
  });
  afterAll(() => gw?.close());

  it('retries of one request do not open the circuit, and the log and /readyz name the transport cause', async () => {
    const res = await gw.query(`{ gig(slug: "${SLUG}") { slug } }`, { headers: ALL_CREDENTIALS });
    const error = errorAt(res, 'gig');
    expect(error?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstream: 'marketplace' });
    expect(error?.message).not.toContain('circuit open');
    const readyz = (await (await fetch(`${gw.url}/readyz`)).json()) as {
      upstreams: Record<string, { breaker: string; lastError: { message: string } | null }>;
    };
    expect(readyz.upstreams.marketplace!.breaker).toBe('closed');
    expect(readyz.upstreams.marketplace!.lastError?.message).toContain('ECONNREFUSED');
    expect(readyz.upstreams.marketplace!.lastError?.message).toContain('127.0.0.1:1');
    const logged = gw.logs.filter((line) => line.includes('ECONNREFUSED'));
    expect(logged.length).toBeGreaterThan(0);
    expect(logged.join('')).toContain('127.0.0.1:1');
    expect(gw.logs.join('')).not.toContain(TOKENS.buyer);
  });

  it('separate failing requests still open it at the threshold', async () => {
    for (let i = 0; i < 3; i++) await gw.query(`{ gig(slug: "${SLUG}") { slug } }`, { headers: ALL_CREDENTIALS });
    const res = await gw.query(`{ gig(slug: "${SLUG}") { slug } }`, { headers: ALL_CREDENTIALS });
    expect(errorAt(res, 'gig')?.message).toContain('circuit open');
  });
});
