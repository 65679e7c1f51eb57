/**
 * The eviction log the caches ask before keeping what they built
 * (src/upstreams/public-cache/eviction-log.ts): work overtaken by an eviction
 * of a tag it read is not kept, other work is; and past its bound the log
 * forgets conservatively (work begun before a forgotten tag counts as overtaken).
 */
import { describe, expect, it } from 'vitest';
import { EvictionLog } from '../../src/upstreams/public-cache/eviction-log.js';

describe('EvictionLog', () => {
  it('says which work an eviction of one of its tags overtook', () => {
    const log = new EvictionLog();
    const begun = log.mark();
    log.note(['marketplace:gig:a', 'marketplace:gigs']);
    expect(log.overtaken(['marketplace:gig:a'], begun)).toBe(true);
    expect(log.overtaken(['marketplace:gig:b', 'marketplace:seller:s'], begun)).toBe(false);
    // Begun after the eviction: it read what came after it.
    expect(log.overtaken(['marketplace:gig:a'], log.mark())).toBe(false);
    log.note([]);
    expect(log.overtaken(['marketplace:gig:b'], begun)).toBe(false);
  });

  it('past its bound, work begun before the oldest forgotten eviction counts as overtaken, whatever it read', () => {
    const log = new EvictionLog(2);
    const first = log.mark();
    log.note(['a']);
    const second = log.mark();
    log.note(['b']);
    log.note(['c']); // forgets a
    expect(log.overtaken(['z'], first)).toBe(true);
    expect(log.overtaken(['z'], second)).toBe(false);
    expect(log.overtaken(['b'], second)).toBe(true);
    // A tag evicted again moves to the newest end: not forgotten before older ones.
    const third = log.mark();
    log.note(['b']);
    log.note(['d']); // forgets c, not b
    expect(log.overtaken(['b'], third)).toBe(true);
    expect(log.overtaken(['z'], third)).toBe(false);
  });
});
