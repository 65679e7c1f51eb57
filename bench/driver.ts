/**
 * The load driver, the same for the gateway and the direct baseline so the
 * two are measured alike: a closed loop of `connections` concurrent workers
 * running one task after another for a fixed time, recording each task's wall
 * time. (autocannon only drives HTTP; the baseline is a function making
 * several calls, so both sides go through this loop instead.)
 */
export interface Sample {
  latencies: number[];
  elapsedMs: number;
  errors: number;
}

export async function drive(task: () => Promise<unknown>, connections: number, durationMs: number): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + durationMs;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await task();
      } catch (error) {
        // The first failure is shown: a benchmark of errors measures nothing.
        if (errors++ === 0) console.error(`first error: ${(error as Error).message}`);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, elapsedMs: performance.now() - started, errors };
}

/** Merges samples of several rounds. */
export function merge(samples: Sample[]): Sample {
  return {
    latencies: samples.flatMap((s) => s.latencies),
    elapsedMs: samples.reduce((sum, s) => sum + s.elapsedMs, 0),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

/** A latency in ms as the tables print it: two decimals under 10, one above. */
export const ms = (value: number) => (value >= 10 ? value.toFixed(1) : value.toFixed(2));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
