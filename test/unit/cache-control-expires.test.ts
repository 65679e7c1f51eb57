/**
 * `Expires` (found by a review): RFC 9111 5.3 says an Expires that is not an HTTP-date ("especially the value 0")
 * means already expired. Read with Date.parse alone, which V8 reads leniently, `Expires: 3000` (or 2099, a bare year)
 * was taken for 1 January of that year, and the answer kept for centuries (until an eviction).
 */
import { describe, expect, it } from 'vitest';
import { freshnessOf } from '../../src/upstreams/public-cache/cache-control.js';

const now = Date.UTC(2026, 10, 26);
const base = { now, defaultTtlMs: 60_000, hasValidator: false, validatorKeepMs: 60_000 };

describe('an Expires that is not an HTTP-date', () => {
  it.each(['3000', '2099', '2099-01-01', 'January 1, 2099'])('(%s) is already stale, not a lifetime', (expires) => {
    expect(freshnessOf(undefined, { ...base, dating: { expires } })).toBeUndefined();
  });

  it('an HTTP-date still gives its lifetime (the check above is not a refusal of every Expires)', () => {
    const expires = new Date(now + 3_000).toUTCString();
    expect(freshnessOf(undefined, { ...base, dating: { expires } })?.freshUntil).toBe(now + 3_000);
  });
});

/**
 * Expires is a moment, not a duration: RFC 9111 4.2.3 counts an answer's apparent age (now less its Date) into its
 * current age, so an answer dated an hour ago that expires in a minute has a minute left. With Expires less Date as
 * the lifetime and only Age subtracted, it had an hour and a minute: served for an hour past its Expires (an HTTP/1.0
 * cache on the way that adds no Age, or an answer replayed from a disk cache).
 */
describe('an Expires with an old Date and no Age', () => {
  it('is fresh until that Expires at the latest', () => {
    const at = (ms: number) => new Date(ms).toUTCString();
    const freshness = freshnessOf(undefined, { ...base, dating: { date: at(now - 3_600_000), expires: at(now + 60_000) } });
    expect(freshness?.freshUntil).toBeLessThanOrEqual(now + 60_000);
  });
});
