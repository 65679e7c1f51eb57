/**
 * The response cache's memory in this process is bounded by size
 * (RESPONSE_CACHE_MAX_BYTES), not only by count: an anonymous caller who
 * varies a large query's text (whitespace, here) makes a new entry per
 * variant at no upstream cost, and with a count alone could hold up to
 * RESPONSE_CACHE_MAX_ENTRIES large answers for their whole lifetime.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { expectOk } from '../helpers/operations.js';

// Room for a few answers of `gigs(first: 100)` (tens of KB of JSON, each counted twice), under 10,000 entries.
const gw = useTestGateway(
  { PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024), RESPONSE_CACHE_MAX_ENTRIES: '10000', RESPONSE_CACHE_MAX_BYTES: '300000' },
  ['marketplace'],
);
const variant = (i: number) => `{ gigs(first: 100) {${' '.repeat(i + 1)}nodes { slug title description priceFrom } } }`;

async function hits(): Promise<number> {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  return Number(/^gateway_response_cache_requests_total\{result="hit"\} (\d+)$/m.exec(text)?.[1] ?? 0);
}

describe('the response cache in this process', () => {
  it('keeps no more answers than RESPONSE_CACHE_MAX_BYTES holds, however many variants a caller sends', async () => {
    const first = expectOk(await gw.query(variant(0)));
    const counted = 2 * JSON.stringify(first).length;
    expect(counted).toBeGreaterThan(60_000);
    for (let i = 1; i < 20; i++) expectOk(await gw.query(variant(i)));
    const before = await hits();
    // The most recent first: only what fits is still there, the rest runs again.
    for (let i = 19; i >= 0; i--) expect(expectOk(await gw.query(variant(i)))).toEqual(first);
    const kept = (await hits()) - before;
    expect(kept).toBeGreaterThan(0);
    expect(kept).toBeLessThanOrEqual(Math.floor(300_000 / counted));
  });
});
