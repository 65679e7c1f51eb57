/**
 * Resident memory of a process over time (Linux /proc), and the slope of its
 * second half: a soak whose memory still climbs once warm is leaking.
 */
import { readFileSync } from 'node:fs';

export interface RssSample {
  atS: number;
  mb: number;
}

export function rssMb(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Least-squares slope in MB per minute. */
export function slopeMbPerMin(samples: RssSample[]): number {
  if (samples.length < 2) return 0;
  const n = samples.length;
  const meanX = samples.reduce((s, p) => s + p.atS, 0) / n;
  const meanY = samples.reduce((s, p) => s + p.mb, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of samples) {
    num += (p.atS - meanX) * (p.mb - meanY);
    den += (p.atS - meanX) ** 2;
  }
  return den === 0 ? 0 : (num / den) * 60;
}

export function summarise(samples: RssSample[]) {
  const half = samples.filter((p) => p.atS >= (samples.at(-1)?.atS ?? 0) / 2);
  const mean = (list: RssSample[]) => list.reduce((s, p) => s + p.mb, 0) / Math.max(1, list.length);
  const perMinuteMb: number[] = [];
  for (const sample of samples) if (sample.atS >= perMinuteMb.length * 60) perMinuteMb.push(Math.round(sample.mb));
  return {
    perMinuteMb,
    firstMb: samples[0]?.mb ?? 0,
    peakMb: Math.max(0, ...samples.map((p) => p.mb)),
    secondHalfMeanMb: mean(half),
    secondHalfSlopeMbPerMin: slopeMbPerMin(half),
  };
}

/**
 * The lowest sample of each minute: for the JS heap's used bytes, the floor a major collection leaves,
 * which is what a leak raises (a heap merely sized up by V8 between collections does not).
 */
export function perMinuteFloor(samples: RssSample[]): number[] {
  const floors: number[] = [];
  for (const sample of samples) {
    const minute = Math.floor(sample.atS / 60);
    floors[minute] = Math.min(floors[minute] ?? Number.POSITIVE_INFINITY, Math.round(sample.mb));
  }
  return floors.filter((value) => Number.isFinite(value));
}

/** The gateway's JS heap in use (MB), from its own /metrics; undefined when it does not answer. */
export async function heapUsedMb(url: string): Promise<number | undefined> {
  try {
    const text = await (await fetch(`${url}/metrics`, { signal: AbortSignal.timeout(2000) })).text();
    const match = /^nodejs_heap_size_used_bytes(?:\{[^}]*\})? (\S+)$/m.exec(text);
    return match ? Number(match[1]) / 1024 / 1024 : undefined;
  } catch {
    return undefined;
  }
}
