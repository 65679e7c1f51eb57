/**
 * Cache-Control parsing and the freshness arithmetic of the public cache:
 * what is never kept, which lifetime wins in a shared cache, the stale
 * windows, and what happens when the upstream says nothing.
 */
import { describe, expect, it } from 'vitest';
import { freshnessOf, parseCacheControl, stateAt } from '../../src/upstreams/public-cache/cache-control.js';

const now = 1_000_000;
const base = { now, defaultTtlMs: 0, hasValidator: false, validatorKeepMs: 60_000 };

describe('parseCacheControl', () => {
  it('reads the directives a shared cache needs, case-insensitively, ignoring unknown ones and spaces', () => {
    expect(parseCacheControl('Public, MAX-AGE=30 , s-maxage="60", stale-while-revalidate=5, stale-if-error=120, immutable')).toEqual({
      noStore: false,
      private: false,
      noCache: false,
      maxAge: 30,
      sMaxAge: 60,
      staleWhileRevalidate: 5,
      staleIfError: 120,
    });
    expect(parseCacheControl(['no-store', 'private', 'no-cache'])).toMatchObject({ noStore: true, private: true, noCache: true });
  });

  it('drops a directive whose number is not a non-negative integer', () => {
    expect(parseCacheControl('max-age=-1, s-maxage=abc, stale-if-error=1.5').maxAge).toBeUndefined();
    expect(parseCacheControl('max-age=-1, s-maxage=abc, stale-if-error=1.5').sMaxAge).toBeUndefined();
    expect(parseCacheControl('max-age=-1, s-maxage=abc, stale-if-error=1.5').staleIfError).toBeUndefined();
    expect(parseCacheControl(undefined)).toEqual({ noStore: false, private: false, noCache: false });
  });
});

describe('freshnessOf', () => {
  it('never keeps no-store or private answers, whatever else they say or the default TTL', () => {
    expect(freshnessOf('no-store, max-age=60', { ...base, defaultTtlMs: 60_000 })).toBeUndefined();
    expect(freshnessOf('private, max-age=60', { ...base, defaultTtlMs: 60_000, hasValidator: true })).toBeUndefined();
  });

  it('takes max-age, or the shorter of it and s-maxage (what is kept goes on to browsers as max-age)', () => {
    expect(freshnessOf('max-age=30', base)?.freshUntil).toBe(now + 30_000);
    expect(freshnessOf('max-age=30, s-maxage=5', base)?.freshUntil).toBe(now + 5_000);
    expect(freshnessOf('max-age=5, s-maxage=60', base)?.freshUntil).toBe(now + 5_000);
    expect(freshnessOf('s-maxage=60', base)?.freshUntil).toBe(now + 60_000);
  });

  it('leaves of a given lifetime what its Age has not spent (RFC 9111 4.2.3), down to none', () => {
    expect(freshnessOf('max-age=30', { ...base, dating: { age: '28' } })?.freshUntil).toBe(now + 2_000);
    expect(freshnessOf('max-age=30', { ...base, dating: { age: '31' } })).toBeUndefined();
    expect(freshnessOf('max-age=30', { ...base, dating: { age: 'soon' } })?.freshUntil).toBe(now + 30_000);
    // The default TTL stands for an answer that gave no lifetime: its Age is not taken from it.
    expect(freshnessOf(undefined, { ...base, defaultTtlMs: 2_000, dating: { age: '5' } })?.freshUntil).toBe(now + 2_000);
  });

  it('takes Expires less Date where no max-age is given (RFC 9111 4.2.1), before the default TTL; an Expires that is no date is stale', () => {
    const at = (ms: number) => new Date(ms).toUTCString();
    const dated = { ...base, defaultTtlMs: 60_000 };
    expect(freshnessOf(undefined, { ...dated, dating: { expires: at(now + 3_000), date: at(now) } })?.freshUntil).toBe(now + 3_000);
    // Without a Date, from when it arrived; max-age wins over Expires.
    expect(freshnessOf(undefined, { ...dated, dating: { expires: at(now + 3_000) } })?.freshUntil).toBe(now + 3_000);
    expect(freshnessOf('max-age=10', { ...dated, dating: { expires: at(now + 3_000) } })?.freshUntil).toBe(now + 10_000);
    expect(freshnessOf(undefined, { ...dated, dating: { expires: 'never' } })).toBeUndefined();
  });

  it('without a lifetime from the upstream, the default TTL applies; a default of 0 keeps nothing', () => {
    expect(freshnessOf(undefined, { ...base, defaultTtlMs: 2_000 })?.freshUntil).toBe(now + 2_000);
    expect(freshnessOf('public', base)).toBeUndefined();
    expect(freshnessOf(undefined, { ...base, hasValidator: true })).toBeUndefined();
  });

  it('no-cache (or max-age=0) keeps an answer with a validator, stale at once, and no stale window applies to no-cache', () => {
    const noCache = freshnessOf('no-cache, max-age=60, stale-while-revalidate=30, stale-if-error=30', { ...base, hasValidator: true })!;
    expect(noCache.freshUntil).toBe(now);
    expect(noCache.staleWhileRevalidateUntil).toBe(now);
    expect(noCache.staleIfErrorUntil).toBe(now);
    expect(noCache.keepUntil).toBe(now + 60_000);
    expect(freshnessOf('max-age=0', { ...base, hasValidator: true })?.freshUntil).toBe(now);
    expect(freshnessOf('no-cache', base)).toBeUndefined();
  });

  it('adds the stale windows after the fresh lifetime, and keeps the entry until the last of them (or its validator)', () => {
    const f = freshnessOf('max-age=10, stale-while-revalidate=20, stale-if-error=300', base)!;
    expect(f).toEqual({
      freshUntil: now + 10_000,
      staleWhileRevalidateUntil: now + 30_000,
      staleIfErrorUntil: now + 310_000,
      keepUntil: now + 310_000,
    });
    expect(freshnessOf('max-age=10', { ...base, hasValidator: true })!.keepUntil).toBe(now + 10_000 + 60_000);
    expect(freshnessOf('max-age=10', base)!.keepUntil).toBe(now + 10_000);
  });
});

describe('stateAt', () => {
  it('is fresh before freshUntil, then within stale-while-revalidate, then stale', () => {
    const entry = { freshUntil: now + 10, staleWhileRevalidateUntil: now + 20 };
    expect(stateAt(entry, now + 9)).toBe('fresh');
    expect(stateAt(entry, now + 10)).toBe('stale-while-revalidate');
    expect(stateAt(entry, now + 20)).toBe('stale');
  });
});
