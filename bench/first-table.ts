/**
 * The first table of `npm run bench` (bench/run.ts): one row per query at one
 * sandbox latency, the gateway against the direct client, with the previous
 * commit's CPU per request and the traced gateway's columns when measured.
 */
import { percentile, ms, type Sample } from './driver.js';
import { baselineCell } from './baseline.js';

export interface Row {
  query: string;
  gateway: Sample;
  direct: Sample;
  gatewayCalls: number;
  minimum: number;
  directCalls: number;
  cpuMsPerRequest: number;
  /** The gateway with tracing on (100 % sampled), when measured. */
  traced?: {
    sample: Sample;
    cpuMsPerRequest: number;
    /** The median over rounds of the traced gateway's CPU per request over the untraced one's in the same round. */
    roundRatio: number;
    exportedBytesPerRequest: number;
  };
  /** The previous commit's gateway: its CPU per request, and the median per-round ratio of ours to it. */
  previous?: { cpuMsPerRequest: number; ratio: number; p50: number };
}

export function table(latency: number, rows: Row[]): string {
  const lines = [
    `### Sandbox latency ${latency} ms per call`,
    '',
    '| query | gateway p50 / p99 (ms) | direct REST p50 / p99 (ms) | ratio (p50) | upstream calls (gateway / minimum) | gateway req/s | gateway CPU / request (ms) |',
    '|---|---|---|---|---|---|---|',
  ];
  const baseline = rows.some((row) => row.previous);
  if (baseline) {
    lines[2] += ' CPU / request vs the previous commit | previous commit p50 (ms) |';
    lines[3] += '---|---|';
  }
  const tracing = rows.some((row) => row.traced);
  if (tracing) {
    lines[2] +=
      ' traced p50 / p99 (ms) | traced req/s | traced CPU / request (ms) | tracing CPU overhead: median per round (whole run) | OTLP bytes exported / request |';
    lines[3] += '---|---|---|---|---|';
  }
  for (const row of rows) {
    const g50 = percentile(row.gateway.latencies, 50);
    const d50 = percentile(row.direct.latencies, 50);
    const rps = row.gateway.latencies.length / (row.gateway.elapsedMs / 1000);
    const calls = `${row.gatewayCalls} / ${row.minimum}${row.gatewayCalls > row.minimum ? ' ⚠' : ''}${row.directCalls !== row.minimum ? ` (direct made ${row.directCalls})` : ''}`;
    const errors = row.gateway.errors + row.direct.errors;
    lines.push(
      `| ${row.query} | ${ms(g50)} / ${ms(percentile(row.gateway.latencies, 99))} | ${ms(d50)} / ${ms(percentile(row.direct.latencies, 99))} | ${(g50 / d50).toFixed(2)}× | ${calls} | ${rps.toFixed(0)}${errors ? ` (${errors} errors)` : ''} | ${Number.isNaN(row.cpuMsPerRequest) ? 'n/a' : row.cpuMsPerRequest.toFixed(2)} |` +
        (row.previous ? ` ${baselineCell(row.previous.cpuMsPerRequest, row.previous.ratio)} | ${ms(row.previous.p50)} |` : '') +
        (row.traced ? tracedCells(row, row.traced) : ''),
    );
  }
  return lines.join('\n');
}

function tracedCells(row: Row, traced: NonNullable<Row['traced']>): string {
  const { sample } = traced;
  const rps = sample.latencies.length / (sample.elapsedMs / 1000);
  // The median per-round ratio: each round drives both gateways back to back, so load from other jobs on a shared
  // machine mostly cancels; the whole run's ratio follows in parentheses.
  const overhead = traced.roundRatio - 1;
  const whole = traced.cpuMsPerRequest / row.cpuMsPerRequest - 1;
  const cpu = Number.isNaN(traced.cpuMsPerRequest) ? 'n/a' : traced.cpuMsPerRequest.toFixed(2);
  return ` ${ms(percentile(sample.latencies, 50))} / ${ms(percentile(sample.latencies, 99))} | ${rps.toFixed(0)}${sample.errors ? ` (${sample.errors} errors)` : ''} | ${cpu} | ${percentChange(overhead)} (${percentChange(whole)}) | ${(traced.exportedBytesPerRequest / 1024).toFixed(1)} KiB |`;
}

const percentChange = (change: number) => (Number.isNaN(change) ? 'n/a' : `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)} %`);
