/**
 * Upstream response size limit: a body over UPSTREAM_MAX_RESPONSE_BYTES is
 * cut off while streaming (never buffered whole) and becomes
 * UPSTREAM_BAD_RESPONSE on that field only; it is not retried and does not
 * count against the breaker, since the upstream did answer. An answer that
 * does not fit the process's budget of bytes read at once
 * (UPSTREAM_INFLIGHT_BYTES) is UPSTREAM_UNAVAILABLE on its field, likewise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorAt, type TestGateway } from '../helpers/gateway.js';
import { attempts, query, startFaultGateway } from './fault-kit.js';

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
  let gw: TestGateway;
  beforeAll(async () => {
    // The whole process may read 8,000 answer bytes at once: the item list alone is more.
    gw = await startFaultGateway({ UPSTREAM_INFLIGHT_BYTES: '8000' });
  });
  afterAll(() => gw.close());

  it('refuses the answer that does not fit, before reading it, and serves the rest', async () => {
    gw.resetCalls();
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
  });
});
