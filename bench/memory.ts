/**
 * Another process's memory from /proc/<pid>/status (Linux): VmRSS, what it
 * holds now, and VmHWM, the most it has held since it started (or since its
 * peak was reset through /proc/<pid>/clear_refs). NaN where there is no /proc.
 */
import { readFile, writeFile } from 'node:fs/promises';

export interface ProcessMemory {
  rssBytes: number;
  peakBytes: number;
}

const field = (status: string, name: string): number => {
  const match = new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status);
  return match ? Number(match[1]) * 1024 : Number.NaN;
};

export async function processMemory(pid: number): Promise<ProcessMemory> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return { rssBytes: field(status, 'VmRSS'), peakBytes: field(status, 'VmHWM') };
  } catch {
    return { rssBytes: Number.NaN, peakBytes: Number.NaN };
  }
}

/** Starts the peak over from the current RSS (Linux ≥ 4.0: writing 5 to clear_refs); false where that is refused. */
export async function resetPeak(pid: number): Promise<boolean> {
  try {
    await writeFile(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

export const mib = (bytes: number) => (Number.isNaN(bytes) ? 'n/a' : `${(bytes / 2 ** 20).toFixed(1)} MiB`);
