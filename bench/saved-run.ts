/**
 * What `npm run bench` writes: the run's header (machine, command, pinning,
 * what the tracing and previous-commit columns are) and the tables, between
 * the bench markers of docs/benchmarks.md with `--save`, else into a
 * temporary copy of it.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { docsOutput, wroteLine } from '../scripts/docs-output.js';
import type { BaselineBuild } from './baseline.js';
import { pinning } from './processes.js';

export interface RunFacts {
  argv: string[];
  connections: number;
  durationMs: number;
  rounds: number;
  /** Processes per gateway side (`--copies`). */
  copies: number;
  /** The longest warm-up of one query on one gateway process (`--warmup-max`), in seconds. */
  warmupMaxS: number;
  poolSize: number;
  /** The CPU the client side is pinned to, if it is. */
  clientCpu: string | undefined;
  traced: boolean;
  baseline: BaselineBuild | undefined;
}

export function runHeader(run: RunFacts): string {
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  return [
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    `Command: \`npm run bench -- ${run.argv.join(' ')}\` (${run.connections} concurrent clients, ${run.durationMs / 1000} s per side per query in ${run.rounds} alternating rounds; UPSTREAM_CONNECTIONS=${run.poolSize}). Before it, every gateway process ran each query at 0 ms until its CPU per request stopped falling (two 1 s windows in a row not 5 % below its best; at most ${run.warmupMaxS} s, --warmup-max), the direct client for 2 s.`,
    run.copies > 1
      ? `Each gateway side (gateway, traced, previous commit) is ${run.copies} processes of its build sharing its rounds (--copies ${run.copies}): its CPU per request in a round is theirs over their requests.`
      : 'Each gateway side is one process (--copies 1).',
    pinning
      ? `Pinning: sandbox on CPU ${pinning.sandbox}; gateway on CPU ${pinning.gateway}; the client side (driver + direct REST client) ${run.clientCpu ? `on CPU ${run.clientCpu}` : 'unpinned'}.`
      : 'Pinning: none (taskset missing or a single core).',
    'Driver: every gateway side but the 5,000-item row is driven by autocannon (bench/driver.ts, driveHttp: exact per-answer times, every answer checked, drained at the deadline); that row, and the direct REST client, by a closed loop of tasks over undici Pools.',
    run.traced
      ? 'Tracing: "gateway" has no OTLP endpoint (tracing off); "traced" is a second gateway process with OTEL_TRACES_SAMPLER=always_on exporting OTLP/HTTP protobuf (default OTEL_BSP_* batching) to a local no-op receiver (bench/otlp-sink.ts), measured in the same alternating rounds; its CPU overhead is the median over rounds of traced / untraced CPU per request in one round, the ratio over the whole run in parentheses.'
      : 'Tracing: off (--no-tracing).',
    run.baseline
      ? `Previous commit: ${run.baseline.ref} (${run.baseline.commit}), built the same way in a temporary folder and measured in the same alternating rounds; "CPU / request vs the previous commit" is the median over rounds of the per-round ratio.`
      : 'Previous commit: not measured (--no-baseline).',
  ].join('\n');
}

/** Writes `markdown` between the bench markers: of docs/benchmarks.md itself when `save`, else of a temporary copy. */
export async function saveRun(markdown: string, save: boolean): Promise<void> {
  const file = 'docs/benchmarks.md';
  const output = docsOutput(file, save);
  const [start, end] = ['<!-- bench:start -->', '<!-- bench:end -->'];
  const current = await readFile(file, 'utf8').catch(() => `# Benchmarks\n\n${start}\n${end}\n`);
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next =
    from >= 0 && to > from
      ? `${current.slice(0, from + start.length)}\n${markdown}\n${current.slice(to)}`
      : `${current}\n${start}\n${markdown}\n${end}\n`;
  await writeFile(output.path, next);
  console.log(wroteLine(output, 'npm run bench'));
}
