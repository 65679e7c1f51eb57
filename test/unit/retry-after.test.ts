/** Retry-After (RFC 9110 10.2.3): delay-seconds or an HTTP-date; anything else is ignored. */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { parseRetryAfter } from '../../src/upstreams/http.js';

describe('parseRetryAfter', () => {
  beforeEach(() => vi.useFakeTimers({ now: Date.parse('2026-11-23T12:00:00Z') }));
  afterEach(() => vi.useRealTimers());

  it('reads delay-seconds', () => {
    expect(parseRetryAfter('7')).toBe(7);
    expect(parseRetryAfter(' 25 ')).toBe(25);
    expect(parseRetryAfter('0')).toBe(0);
    expect(parseRetryAfter(['3', '9'])).toBe(3);
  });

  it('reads an HTTP-date as the seconds until then, never negative', () => {
    expect(parseRetryAfter('Mon, 23 Nov 2026 12:00:10 GMT')).toBe(10);
    expect(parseRetryAfter('Mon, 23 Nov 2026 11:00:00 GMT')).toBe(0);
  });

  it('ignores what is neither', () => {
    for (const value of [undefined, '', '-5', '1e3', '0x10', '1.5', 'Infinity', 'soon', '7 seconds']) {
      expect(parseRetryAfter(value), String(value)).toBeUndefined();
    }
  });

  it('caps absurd values at one day', () => {
    expect(parseRetryAfter('99999999999999999999')).toBe(86_400);
    expect(parseRetryAfter('Fri, 01 Jan 2100 00:00:00 GMT')).toBe(86_400);
  });

  it('reads any delay-seconds as itself, capped at a day', () => {
    fc.assert(fc.property(fc.nat(), (n) => parseRetryAfter(String(n)) === Math.min(n, 86_400)));
  });

  it('reads any HTTP-date up to a day ahead as the whole seconds until then, rounded up', () => {
    const now = Date.now();
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 86_400 }),
        (seconds) => parseRetryAfter(new Date(now + seconds * 1000).toUTCString()) === seconds,
      ),
    );
  });
});
