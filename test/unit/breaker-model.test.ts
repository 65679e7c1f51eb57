/**
 * The circuit breaker against a model, over random runs of admissions,
 * verdicts, releases and passing time (fast-check): at most one probe is out
 * at a time and one goes whenever none is out after the cool-down, a
 * speculative call is never the probe, an open circuit admits nothing before
 * its cool-down, and the reported states never repeat.
 */
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CircuitBreaker, type Admission, type BreakerState } from '../../src/upstreams/breaker.js';

type Step =
  | { kind: 'admit'; speculative: boolean }
  | { kind: 'finish'; which: number; verdict: 'success' | 'failure' | 'release' }
  | { kind: 'wait'; ms: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('admit' as const), speculative: fc.boolean() }),
  fc.record({
    kind: fc.constant('finish' as const),
    which: fc.nat(),
    verdict: fc.constantFrom('success' as const, 'failure' as const, 'failure' as const, 'failure' as const, 'release' as const),
  }),
  fc.record({ kind: fc.constant('wait' as const), ms: fc.integer({ min: 0, max: 1500 }) }),
);

const THRESHOLD = 3;
const COOLDOWN_MS = 1000;

describe('CircuitBreaker model', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('keeps its invariants over any run', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 20, maxLength: 80, size: 'max' }), (steps) => {
        const reported: BreakerState[] = [];
        const breaker = new CircuitBreaker({ failureThreshold: THRESHOLD, cooldownMs: COOLDOWN_MS }, (state) => reported.push(state));
        const outstanding: Admission[] = [];
        let consecutiveFailures = 0;
        let openedAt: number | undefined;
        for (const s of steps) {
          if (s.kind === 'wait') {
            vi.advanceTimersByTime(s.ms);
            continue;
          }
          if (s.kind === 'admit') {
            const before = breaker.state;
            const admission = breaker.admit({ speculative: s.speculative });
            if (before === 'closed') expect(admission).toBe('call');
            if (before === 'open') expect(admission).toBeUndefined();
            // Liveness: once cooled down, a real caller probes whenever no probe is out.
            if (before === 'half-open' && !s.speculative && !outstanding.includes('probe')) expect(admission).toBe('probe');
            if (admission === 'probe') {
              expect(s.speculative).toBe(false);
              expect(outstanding).not.toContain('probe');
            }
            if (openedAt !== undefined && Date.now() - openedAt < COOLDOWN_MS) expect(admission).toBeUndefined();
            if (admission) outstanding.push(admission);
            continue;
          }
          if (outstanding.length === 0) continue;
          const [admission] = outstanding.splice(s.which % outstanding.length, 1);
          if (s.verdict === 'release') {
            breaker.release(admission!);
            continue;
          }
          breaker.record(s.verdict === 'success', admission!);
          if (s.verdict === 'success') {
            consecutiveFailures = 0;
            openedAt = undefined;
            expect(breaker.state).toBe('closed');
          } else {
            // Failures only add up until a success, so every failure past the threshold (a late
            // one, or a failed probe) opens the circuit again for a full cool-down.
            consecutiveFailures++;
            if (consecutiveFailures >= THRESHOLD) {
              expect(breaker.state).toBe('open');
              openedAt = Date.now();
            } else expect(breaker.state).toBe('closed');
          }
        }
        for (let i = 1; i < reported.length; i++) expect(reported[i]).not.toBe(reported[i - 1]);
      }),
      { numRuns: 300 },
    );
  });
});
