/**
 * The in-process memory of accepted webhook event ids (src/webhooks/events.ts):
 * a retry of an accepted id is a duplicate for the TTL, the memory is bounded,
 * and the oldest id is the one forgotten first.
 */
import { describe, expect, it } from 'vitest';
import { SeenIds } from '../../src/webhooks/events.js';

const clock = () => {
  let now = 1_000;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

describe('SeenIds', () => {
  it('accepts an id once, then calls it a duplicate until its TTL has passed', async () => {
    const time = clock();
    const seen = new SeenIds(60_000, 100, time);
    expect(await seen.remember('evt-1')).toBe(true);
    expect(await seen.remember('evt-1')).toBe(false);
    expect(await seen.remember('evt-2')).toBe(true);
    time.advance(59_999);
    expect(await seen.remember('evt-1')).toBe(false);
    time.advance(2);
    expect(await seen.remember('evt-1')).toBe(true);
  });

  it('keeps at most `max` ids, forgetting the oldest first even when a newer one was offered again', async () => {
    const seen = new SeenIds(60_000, 2, clock());
    await seen.remember('a');
    await seen.remember('b');
    expect(await seen.remember('a')).toBe(false); // a duplicate check does not make 'a' newer
    await seen.remember('c');
    expect(await seen.remember('b')).toBe(false);
    expect(await seen.remember('a')).toBe(true);
  });
});
