/**
 * The pure parts of the public cache: keys (never a header, query order does
 * not matter), tags from path parameters, the tags each marketplace event
 * evicts, and the in-memory store's byte bound, expiry and tag eviction.
 */
import { describe, expect, it } from 'vitest';
import { cacheKeyOf, cacheTagsOf } from '../../src/upstreams/public-cache/keys.js';
import { tagsForEvent } from '../../src/upstreams/public-cache/invalidation.js';
import { MemoryPublicCacheStore } from '../../src/upstreams/public-cache/memory-store.js';
import type { CachedAnswer } from '../../src/upstreams/public-cache/store.js';

describe('cache keys and tags', () => {
  it('keys by upstream, method, path and the sorted defined query', () => {
    expect(cacheKeyOf('marketplace', 'GET', '/gigs/a/reviews', { per_page: 5, page: 1, x: undefined })).toBe(
      'marketplace GET /gigs/a/reviews?page=1&per_page=5',
    );
    expect(cacheKeyOf('marketplace', 'GET', '/gigs/a/reviews', { page: 1, per_page: 5 })).toBe(
      cacheKeyOf('marketplace', 'GET', '/gigs/a/reviews', { per_page: 5, page: 1 }),
    );
    expect(cacheKeyOf('marketplace', 'GET', '/categories', undefined)).toBe('marketplace GET /categories');
  });

  it('keys a query the way it goes on the wire, lone surrogates included (found by the fuzz campaign: a 500)', () => {
    // URLSearchParams sends a lone surrogate as U+FFFD, so both of these reach the upstream as the same request.
    expect(cacheKeyOf('marketplace', 'GET', '/search/suggestions', { query: '\udfff' })).toBe(
      'marketplace GET /search/suggestions?query=%EF%BF%BD',
    );
    expect(cacheKeyOf('marketplace', 'GET', '/search/suggestions', { query: 'a b' })).toBe('marketplace GET /search/suggestions?query=a+b');
  });

  it('tags a path by the resource its first parameter names, and by the part below it', () => {
    expect(cacheTagsOf('marketplace', '/gigs/{slug}', '/gigs/logo-design')).toEqual(['marketplace:gig:logo-design']);
    expect(cacheTagsOf('marketplace', '/gigs/{slug}/reviews', '/gigs/logo-design/reviews')).toEqual([
      'marketplace:gig:logo-design',
      'marketplace:gig:logo-design:reviews',
    ]);
    expect(cacheTagsOf('marketplace', '/sellers/{username}/portfolio/{project}', '/sellers/ana%20b/portfolio/p1')).toEqual([
      'marketplace:seller:ana b',
      'marketplace:seller:ana b:portfolio',
    ]);
    expect(cacheTagsOf('marketplace', '/users/{username}', '/users/bob')).toEqual(['marketplace:user:bob']);
    expect(cacheTagsOf('marketplace', '/categories', '/categories')).toEqual(['marketplace:categories']);
  });

  it('evicts per event family what the event changes', () => {
    // The lists that show gigs: the gig list, sponsored placements (each embeds its gig), search suggestions (titles).
    expect(tagsForEvent('gig.updated', { slug: 'g1' })).toEqual([
      'marketplace:gig:g1',
      'marketplace:gigs',
      'marketplace:sponsored',
      'marketplace:search/suggestions',
    ]);
    expect(tagsForEvent('gig.published', { gig_slug: 'g2' })).toContain('marketplace:gig:g2');
    expect(tagsForEvent('gig.created', { slug: 'g3', seller_username: 's1' })).toEqual([
      'marketplace:gig:g3',
      'marketplace:gigs',
      'marketplace:sponsored',
      'marketplace:search/suggestions',
      'marketplace:seller:s1',
      'marketplace:sellers',
    ]);
    // The lists that show sellers: the seller list and search suggestions (names).
    expect(tagsForEvent('seller.updated', { username: 's1' })).toEqual([
      'marketplace:seller:s1',
      'marketplace:user:s1',
      'marketplace:sellers',
      'marketplace:search/suggestions',
    ]);
    expect(tagsForEvent('seller.favorited', { username: 'buyer', seller_username: 's1' })).toEqual(
      expect.arrayContaining(['marketplace:seller:s1', 'marketplace:user:buyer']),
    );
    expect(tagsForEvent('user.updated', { username: 'u1' })).toContain('marketplace:user:u1');
    // A new avatar or cover shows in the public seller and user reads of that username, and in seller lists.
    expect(tagsForEvent('profile.avatar.changed', { username: 's1' })).toEqual([
      'marketplace:seller:s1',
      'marketplace:user:s1',
      'marketplace:sellers',
      'marketplace:search/suggestions',
    ]);
    expect(tagsForEvent('profile.cover.changed', { username: 'u2' })).toContain('marketplace:user:u2');
    expect(tagsForEvent('review.created', { gig_slug: 'g1', seller_username: 's1' })).toEqual([
      'marketplace:gig:g1:reviews',
      'marketplace:gig:g1',
      'marketplace:gigs',
      'marketplace:sponsored',
      'marketplace:search/suggestions',
      'marketplace:seller:s1',
      'marketplace:sellers',
    ]);
    // The seller's profile counts the portfolio's projects (`portfolio_count`).
    expect(tagsForEvent('portfolio.updated', { seller_username: 's1' })).toEqual([
      'marketplace:seller:s1:portfolio',
      'marketplace:seller:s1:testimonials',
      'marketplace:seller:s1:profile',
    ]);
    expect(tagsForEvent('testimonial.approved', { username: 's2' })).toEqual([
      'marketplace:seller:s2:portfolio',
      'marketplace:seller:s2:testimonials',
      'marketplace:seller:s2:profile',
    ]);
    expect(tagsForEvent('order.created', { username: 'u1', gig_slug: 'g1' })).toEqual([]);
    expect(tagsForEvent('review.updated', { gig_slug: 'g1' })).toEqual([]);
  });
});

const answer = (bytes: number, body: unknown = {}): CachedAnswer => ({
  status: 200,
  headers: {},
  body,
  bytes,
  storedAt: Date.now(),
  freshUntil: Date.now() + 60_000,
  staleWhileRevalidateUntil: Date.now() + 60_000,
  staleIfErrorUntil: Date.now() + 60_000,
});

describe('MemoryPublicCacheStore', () => {
  it('stays within its byte bound, dropping the least recently used entries, and refuses an entry larger than the bound', async () => {
    const store = new MemoryPublicCacheStore(10_000);
    for (let i = 0; i < 20; i++) await store.set(`k${i}`, answer(1_000), [`t:${i}`], Date.now() + 60_000);
    expect(store.bytes).toBeLessThanOrEqual(10_000);
    expect(await store.get('k0')).toBeUndefined();
    expect(await store.get('k19')).toBeDefined();
    await store.set('huge', answer(20_000), [], Date.now() + 60_000);
    expect(await store.get('huge')).toBeUndefined();
  });

  it('drops an entry at keepUntil, and evicts every entry carrying a tag', async () => {
    const store = new MemoryPublicCacheStore(1_000_000);
    await store.set('gone', answer(10), [], Date.now() + 30);
    await store.set('a', answer(10), ['gig:1', 'gig:1:reviews'], Date.now() + 60_000);
    await store.set('b', answer(10), ['gig:1'], Date.now() + 60_000);
    await store.set('c', answer(10), ['gig:2'], Date.now() + 60_000);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await store.get('gone')).toBeUndefined();
    await store.evictTags(['gig:1:reviews']);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBeDefined();
    await store.evictTags(['gig:1']);
    expect(await store.get('b')).toBeUndefined();
    expect(await store.get('c')).toBeDefined();
    expect(await store.claimFill()).toBe(true);
  });
});
