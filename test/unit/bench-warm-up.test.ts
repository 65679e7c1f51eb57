/**
 * The benchmark's JIT warm-up (bench/warm-up.ts): a gateway process is driven until its CPU per request stops
 * falling. Stopping at a fixed time measured processes still warming up, the previous commit's most
 * (docs/benchmarks.md, "Warm-up").
 */
import { describe, expect, it } from 'vitest';
import { warmUntilSteady } from '../../bench/warm-up.js';

/** A process whose windows cost these µs per request, 100 requests each. */
function fakeGateway(perRequest: number[]) {
  let cpu = 0;
  let window = 0;
  return {
    windows: () => window,
    driveFor: async () => {
      cpu += 100 * perRequest[Math.min(window, perRequest.length - 1)]!;
      window++;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return 100;
    },
    cpuMicros: async () => cpu,
  };
}

describe('bench: warming a gateway up until its CPU per request stops falling', () => {
  it('goes on while each window is 5 % below the best, and stops after two that are not', async () => {
    const p = fakeGateway([3000, 1400, 1000, 800, 600, 590, 610, 400]);
    const warmed = await warmUntilSteady(p.driveFor, p.cpuMicros, 10_000);
    expect(warmed).toEqual({ micros: 610, steady: true });
    expect(p.windows()).toBe(7);
  });

  it('a window that falls again restarts the count', async () => {
    const p = fakeGateway([1000, 990, 700, 690, 680, 500]);
    const warmed = await warmUntilSteady(p.driveFor, p.cpuMicros, 10_000);
    expect(p.windows()).toBe(5);
    expect(warmed).toEqual({ micros: 680, steady: true });
  });

  it('stops at the time bound when still falling, and says so', async () => {
    const p = fakeGateway(Array.from({ length: 1000 }, (_, i) => 100_000 * 0.9 ** i));
    const started = performance.now();
    const warmed = await warmUntilSteady(p.driveFor, p.cpuMicros, 300);
    expect(warmed.steady).toBe(false);
    // Not before the bound, and not by running out of windows (each takes 5 ms or more: at most ~60 fit in 300 ms).
    expect(performance.now() - started).toBeGreaterThanOrEqual(300);
    expect(p.windows()).toBeLessThanOrEqual(61);
  });
});
