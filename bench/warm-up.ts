/**
 * The JIT warm-up of a gateway process: V8 tiers code up by how often it ran, and a fresh process's CPU per
 * request kept falling for 5 to 10 s of one query at 0 ms, a build slower per request longer
 * (docs/benchmarks.md, "Warm-up"). A process is driven in windows of a second until its CPU per request stops
 * falling (two windows in a row not 5 % below its best so far), or for `maxMs` at most.
 */
export interface WarmedUp {
  /** CPU per request of the last window, µs. */
  micros: number;
  /** False when `maxMs` ran out while it was still falling. */
  steady: boolean;
}

export async function warmUntilSteady(
  /** Drives the process for about `ms`; resolves to the requests answered. */
  driveFor: (ms: number) => Promise<number>,
  cpuMicros: () => Promise<number>,
  maxMs: number,
): Promise<WarmedUp> {
  const until = performance.now() + maxMs;
  let best = Infinity;
  let flat = 0;
  let micros = Infinity;
  while (flat < 2 && performance.now() < until) {
    const before = await cpuMicros();
    const requests = await driveFor(1000);
    micros = ((await cpuMicros()) - before) / Math.max(1, requests);
    if (micros < best * 0.95) [best, flat] = [micros, 0];
    else flat++;
  }
  return { micros, steady: flat >= 2 };
}

/** Says on stderr which process was still falling when `maxMs` ran out: its figures measure it still warming up. */
export function reportUnsteady(name: string, warmed: WarmedUp, maxMs: number): void {
  if (!warmed.steady) console.error(`warm-up: ${name}: still falling after ${maxMs / 1000} s (${warmed.micros.toFixed(0)} µs/request)`);
}
