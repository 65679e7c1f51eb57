/**
 * What the CPU probes (trace-cpu-probe.ts, semi-space-probe.ts) read of another process: its CPU split
 * between the main thread and the others (V8's GC and compiler helpers, libuv's pool), from /proc (Linux).
 */
import { readdir, readFile } from 'node:fs/promises';

/** user + system clock ticks (1/100 s) of `pid`'s main thread and of its other threads. */
export async function threadTicks(pid: number): Promise<{ main: number; others: number }> {
  const ticks = { main: 0, others: 0 };
  for (const tid of await readdir(`/proc/${pid}/task`)) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => undefined);
    const fields = stat?.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (fields) ticks[tid === String(pid) ? 'main' : 'others'] += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const half = sorted.length >> 1;
  return sorted.length % 2 ? sorted[half]! : (sorted[half - 1]! + sorted[half]!) / 2;
};
