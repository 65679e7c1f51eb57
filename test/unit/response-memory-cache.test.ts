/** The response cache's in-process LRU (src/plugins/response-cache/memory-cache.ts): bounded by count and size, evicted by tag. */
import { describe, expect, it } from 'vitest';
import { createBoundedMemoryCache } from '../../src/plugins/response-cache/memory-cache.js';

const answer = (size: number) => ({ data: { text: 'x'.repeat(size) } });
const sizeOf = (result: { data?: unknown }) => JSON.stringify(result.data).length;
const tags = (...names: string[]) => names.map((typename) => ({ typename }));

describe('createBoundedMemoryCache', () => {
  it('lets the least recently used answers go once their sizes pass maxBytes', () => {
    const cache = createBoundedMemoryCache({ maxEntries: 100, maxBytes: 3_500, sizeOf });
    for (const key of ['a', 'b', 'c']) cache.set(key, answer(1_000), tags('t'), 60_000);
    expect(cache.get('a')).not.toBeNull(); // a is now the most recently used
    cache.set('d', answer(1_000), tags('t'), 60_000);
    expect(cache.get('b')).toBeNull();
    for (const key of ['a', 'c', 'd']) expect(cache.get(key)).not.toBeNull();
  });

  it('keeps no answer larger than maxBytes, and no more answers than maxEntries', () => {
    const cache = createBoundedMemoryCache({ maxEntries: 2, maxBytes: 2_000, sizeOf });
    cache.set('huge', answer(10), tags('t'), 60_000);
    cache.set('huge', answer(5_000), tags('t'), 60_000);
    expect(cache.get('huge')).toBeNull();
    for (const key of ['a', 'b', 'c']) cache.set(key, answer(10), tags('t'), 60_000);
    expect(cache.get('a')).toBeNull();
    expect(cache.get('c')).not.toBeNull();
  });

  it('evicts by tag only the answers built from it, also after one was replaced or let go', () => {
    const cache = createBoundedMemoryCache({ maxEntries: 100, maxBytes: 100_000, sizeOf });
    cache.set('gig', answer(10), tags('gig:1', 'gigs'), 60_000);
    cache.set('seller', answer(10), tags('seller:1'), 60_000);
    cache.set('gig', answer(20), tags('gig:1'), 60_000); // replaced: no longer tagged `gigs`
    cache.invalidate(tags('gigs'));
    expect(cache.get('gig')).toEqual(answer(20));
    cache.invalidate(tags('gig:1'));
    expect(cache.get('gig')).toBeNull();
    expect(cache.get('seller')).not.toBeNull();
  });

  it('an answer lives for its ttl', async () => {
    const cache = createBoundedMemoryCache({ maxEntries: 100, maxBytes: 100_000, sizeOf });
    cache.set('short', answer(10), tags('t'), 30);
    cache.set('long', answer(10), tags('t'), 60_000);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(cache.get('short')).toBeNull();
    expect(cache.get('long')).not.toBeNull();
  });
});
