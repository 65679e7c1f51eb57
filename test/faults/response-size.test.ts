/**
 * Upstream response size limit: a body over UPSTREAM_MAX_RESPONSE_BYTES is
 * cut off while streaming (never buffered whole) and becomes
 * UPSTREAM_BAD_RESPONSE on that field only; it is not retried and does not
 * count against the breaker, since the upstream did answer. An answer that
 * does not fit what is left of the process's budget of bytes read at once
 * (UPSTREAM_INFLIGHT_BYTES, never below the per-answer limit) is
 * UPSTREAM_UNAVAILABLE on its field, likewise.
 */
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAt, type TestGateway } from '../helpers/gateway.js';
import { attempts, GIG_SLUG, query, startFaultGateway } from './fault-kit.js';
import { closeServer, hostileServer } from './hostile-server.js';

describe('upstream response size limit', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    // A seller is a few hundred bytes; a page of 100 gigs is tens of kilobytes.
    gw = await startFaultGateway({ UPSTREAM_MAX_RESPONSE_BYTES: '8000', BREAKER_FAILURES: '2' });
  });
  afterAll(() => gw.close());

  it('refuses an oversized answer on its field and serves the rest', async () => {
    for (let i = 0; i < 3; i++) {
      gw.resetCalls();
      const res = await query(gw, '{ gigs(first: 100) { totalCount } seller(username: "pixelcraft") { name } }');
      expect(errorAt(res, 'gigs')?.extensions).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', upstream: 'marketplace', status: 200 });
      expect(res.data?.gigs).toBeNull();
      expect((res.data?.seller as { name: string }).name).toBeTruthy();
      expect(attempts(gw, 'marketplace', '/gigs', 'GET')).toBe(1);
    }
    const ready = (await (await fetch(`${gw.url}/readyz`)).json()) as { upstreams: Record<string, { breaker: string }> };
    expect(ready.upstreams.marketplace!.breaker).toBe('closed');
  });

  it('refuses the item list over the limit, with its own error, and serves the account from the same item store', async () => {
    gw.resetCalls();
    const res = await query(gw, '{ items { id name } itemsAccount { username } }');
    expect(errorAt(res, 'items')?.extensions).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', upstream: 'items', status: 200 });
    expect(errorAt(res, 'items')?.message).toBe('The items service sent a response larger than allowed');
    expect(res.data?.items).toBeNull();
    expect((res.data?.itemsAccount as { username: string }).username).toBeTruthy();
    expect(attempts(gw, 'items', '/items/all', 'GET')).toBe(1);
  });
});

describe('answer bytes read at once (UPSTREAM_INFLIGHT_BYTES)', () => {
  // The budget may not be below the per-answer limit (config.ts refuses it): an answer is refused for want of
  // room only while other reads hold the budget. Here a marketplace answer declares nearly all of it and stalls.
  const BUDGET = 1024 * 1024;
  const ROOM_LEFT = 4000;
  let gw: TestGateway;
  let marketplace: Awaited<ReturnType<typeof hostileServer>>;
  const stalled: ServerResponse[] = [];
  beforeAll(async () => {
    marketplace = await hostileServer();
    marketplace.handle.current = (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(BUDGET - ROOM_LEFT) });
      res.write('{"data":');
      stalled.push(res);
    };
    gw = await startFaultGateway({
      MARKETPLACE_URL: marketplace.url,
      // The stalled read must hold its bytes until the test ends it, not until a 300 ms timeout.
      MARKETPLACE_TIMEOUT_MS: '20000',
      UPSTREAM_MAX_RESPONSE_BYTES: String(BUDGET),
      UPSTREAM_INFLIGHT_BYTES: String(BUDGET),
    });
  });
  afterAll(async () => {
    await gw?.close();
    if (marketplace) await closeServer(marketplace.server);
  });

  it('refuses the answer that does not fit while others hold the budget, before reading it, and serves the rest', async () => {
    const holding = query(gw, `{ gig(slug: "${GIG_SLUG}") { slug } }`);
    await expect.poll(() => stalled.length, { timeout: 5000 }).toBeGreaterThan(0);
    gw.resetCalls();
    // The item list is more than the 4,000 bytes left; the account's answer is a few hundred.
    const res = await query(gw, '{ items { id name } itemsAccount { username } }');
    expect(errorAt(res, 'items')?.extensions).toMatchObject({
      code: 'UPSTREAM_UNAVAILABLE',
      upstream: 'items',
      status: 200,
      retryAfter: 1,
    });
    expect(errorAt(res, 'items')?.message).toMatch(/already reading as many upstream bytes as it allows/);
    expect(res.data?.items).toBeNull();
    expect((res.data?.itemsAccount as { username: string }).username).toBeTruthy();
    expect(attempts(gw, 'items', '/items/all', 'GET')).toBe(1);
    // The stalled answer is cut short (and a retry of it refused): its bytes are given back, and the list is read.
    marketplace.handle.current = (_req, res) => res.writeHead(503).end();
    for (const res of stalled.splice(0)) res.destroy();
    await holding;
    const after = await query(gw, '{ items { id name } }');
    expect(after.errors).toBeUndefined();
    expect((after.data?.items as unknown[]).length).toBeGreaterThan(0);
  });
});
