/**
 * A clock a test moves by hand: it runs with real time (so timeouts and
 * dates still behave) plus whatever the test has skipped ahead, so a test
 * passes a cache lifetime or a breaker cool-down at once instead of sleeping.
 */
export interface TestClock {
  now: () => number;
  /** Moves this clock `ms` ahead of real time (for good: it never goes back). */
  advance(ms: number): void;
}

export function testClock(): TestClock {
  let skipped = 0;
  return {
    now: () => Date.now() + skipped,
    advance(ms) {
      skipped += ms;
    },
  };
}
