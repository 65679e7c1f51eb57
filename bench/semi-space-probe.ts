/**
 * Does a larger young generation (V8's `--max-semi-space-size`) cut the gateway's CPU per request, and at
 * what RSS? Gateway processes of the same build (dist/, `npm run build` first), one set per variant, each
 * variant as PROBE_COPIES processes, measured in alternating rounds like bench/run.ts on the first table's
 * queries at 0 ms and on the 5,000-item row (bench/large-items.ts, one client, with the direct client beside
 * it for the p50 ratio). Prints per query and variant: CPU per request over the whole run (main thread and
 * the other threads: V8's GC and compiler helpers), the median over rounds of the variant's CPU per request
 * against the first variant's, the gateway's p50, and the gateways' RSS idle (before any request) and peak
 * (VmHWM at the end). Runs on the node that runs it (another: `/path/to/node --import tsx bench/...`).
 *
 *   PROBE_VARIANTS=default,32,64 PROBE_COPIES=2 PROBE_ROUNDS=6 PROBE_SLICE=1000 PROBE_LARGE_SLICE=3000 \
 *     npx tsx bench/semi-space-probe.ts
 *
 * A variant is `shipped` (the start script's own NODE_OPTIONS), `default` (V8's own size: the flag at 0) or a
 * size in MiB, given on the command line, which wins over the start script's NODE_OPTIONS; PROBE_ONLY keeps
 * the queries whose name contains it; PROBE_LARGE=0 leaves the 5,000-item row out.
 */
import { Pool } from 'undici';
import { DirectRequest, RestPools, type Origins } from './direct/rest.js';
import { drive, percentile, type Sample } from './driver.js';
import { allItems } from './growth-queries.js';
import { mib } from './memory.js';
import { pin, pinning, startGatewayProcess, startLargeItemsUpstream, startSandboxProcess, type GatewayProcess } from './processes.js';
import { benchQueries, loadFixtures, type BenchQuery } from './queries.js';
import { gatewayTask } from './sides.js';
import { median, threadTicks } from './thread-cpu.js';

const variants = (process.env.PROBE_VARIANTS ?? 'default,32,64').split(',');
const copies = Number(process.env.PROBE_COPIES ?? 2);
const rounds = Number(process.env.PROBE_ROUNDS ?? 6);
const slice = Number(process.env.PROBE_SLICE ?? 1000);
const largeSlice = Number(process.env.PROBE_LARGE_SLICE ?? 3000);
const only = process.env.PROBE_ONLY;
// On the command line, which wins over the NODE_OPTIONS of the start script; 0 is V8's own default.
const execArgvOf = (variant: string) => (variant === 'shipped' ? [] : [`--max-semi-space-size=${variant === 'default' ? 0 : variant}`]);
const NO_TRACING = { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' };

const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(1)} %`;

interface Copy {
  variant: string;
  gateway: GatewayProcess;
  pool: Pool;
  idleBytes: number;
}

async function startCopies(origins: Origins, connections: number): Promise<Copy[]> {
  const started: Copy[] = [];
  for (const variant of variants) {
    for (let i = 0; i < copies; i++) {
      const gateway = await startGatewayProcess(origins, NO_TRACING, execArgvOf(variant));
      const pool = new Pool(new URL(gateway.url).origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
      started.push({ variant, gateway, pool, idleBytes: 0 });
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const copy of started) copy.idleBytes = (await copy.gateway.memory()).rssBytes;
  return started;
}

interface Tally {
  micros: number;
  requests: number;
  mainTicks: number;
  otherTicks: number;
  latencies: number[];
  rounds: number[];
}

/** Alternating rounds of `query` over every copy (each copy's place rotates), and the direct client's if given. */
async function measure(
  name: string,
  all: Copy[],
  task: (pool: Pool) => () => Promise<void>,
  connections: number,
  ms: number,
  direct?: () => Promise<unknown>,
) {
  const tallies = new Map(
    variants.map((v) => [v, { micros: 0, requests: 0, mainTicks: 0, otherTicks: 0, latencies: [], rounds: [] } as Tally]),
  );
  const directSamples: Sample[] = [];
  for (const copy of all) await drive(task(copy.pool), connections, Math.max(1000, ms));
  if (direct) await drive(direct, connections, Math.max(1000, ms));
  for (let r = 0; r < rounds; r++) {
    const round = new Map(variants.map((v) => [v, { micros: 0, requests: 0 }]));
    const steps = [
      ...all.map((copy) => async () => {
        const pid = copy.gateway.child.pid!;
        const [cpu0, threads0] = [await copy.gateway.cpuMicros(), await threadTicks(pid)];
        const sample = await drive(task(copy.pool), connections, ms);
        const [cpu1, threads1] = [await copy.gateway.cpuMicros(), await threadTicks(pid)];
        const t = tallies.get(copy.variant)!;
        t.micros += cpu1 - cpu0;
        t.requests += sample.latencies.length;
        t.mainTicks += threads1.main - threads0.main;
        t.otherTicks += threads1.others - threads0.others;
        t.latencies.push(...sample.latencies);
        const inRound = round.get(copy.variant)!;
        inRound.micros += cpu1 - cpu0;
        inRound.requests += sample.latencies.length;
      }),
      ...(direct ? [async () => void directSamples.push(await drive(direct, connections, ms))] : []),
    ];
    for (let i = 0; i < steps.length; i++) await steps[(r + i) % steps.length]!();
    for (const [v, { micros, requests }] of round) tallies.get(v)!.rounds.push(micros / 1000 / Math.max(1, requests));
  }
  const first = tallies.get(variants[0]!)!;
  const directP50 = direct
    ? percentile(
        directSamples.flatMap((s) => s.latencies),
        50,
      )
    : Number.NaN;
  for (const [v, t] of tallies) {
    const ratios = t.rounds.map((cpu, r) => cpu / first.rounds[r]!);
    const tick = 1000 / 100; // ms per clock tick (CLK_TCK 100)
    const p50 = percentile(t.latencies, 50);
    console.log(
      `${name} | ${v} | ${(t.micros / 1000 / t.requests).toFixed(3)} ms/req (main ${((t.mainTicks * tick) / t.requests).toFixed(3)}, others ${((t.otherTicks * tick) / t.requests).toFixed(3)}) | vs ${variants[0]} median ${percent(median(ratios))} [${ratios.map(percent).join(' ')}] | p50 ${p50.toFixed(2)} ms${direct ? ` (${(p50 / directP50).toFixed(2)}× direct ${directP50.toFixed(1)})` : ''} | ${t.requests} req`,
    );
  }
}

async function memoryReport(label: string, all: Copy[]) {
  for (const v of variants) {
    const mine = all.filter((c) => c.variant === v);
    const mems = await Promise.all(mine.map((c) => c.gateway.memory()));
    const text = mine.map((c, i) => `${mib(c.idleBytes)} → ${mib(mems[i]!.peakBytes)} (now ${mib(mems[i]!.rssBytes)})`).join('; ');
    console.log(`RSS ${label} | ${v} | idle → peak: ${text}`);
  }
}

console.log(`node ${process.version}, variants ${variants.join(', ')}, ${copies} copies, ${rounds} rounds of ${slice} / ${largeSlice} ms`);
pin(process.pid, pinning?.client);
const sandbox = await startSandboxProcess();
const rest = new RestPools(sandbox.origins, 64);
const queries: BenchQuery[] = benchQueries(await loadFixtures(new DirectRequest(rest, {}))).filter((q) => !only || q.name.includes(only));
const small = queries.length ? await startCopies(sandbox.origins, 4) : [];
try {
  for (const query of queries) {
    await measure(query.name, small, (pool) => gatewayTask(pool, query), 4, slice);
  }
  if (small.length) await memoryReport('first-table gateways', small);
} finally {
  for (const copy of small) await copy.pool.close();
  for (const copy of small) await copy.gateway.stop();
}
if (process.env.PROBE_LARGE !== '0' && (!only || allItems.name.includes(only))) {
  const large = await startLargeItemsUpstream();
  const origins = { ...sandbox.origins, items: large.origin };
  const largeRest = new RestPools(origins, 1);
  const copiesOfLarge = await startCopies(origins, 1);
  try {
    const direct = () => allItems.direct(new DirectRequest(largeRest, allItems.credentials));
    await measure(allItems.name, copiesOfLarge, (pool) => gatewayTask(pool, allItems), 1, largeSlice, direct);
    await memoryReport('5,000-item gateways', copiesOfLarge);
  } finally {
    for (const copy of copiesOfLarge) await copy.pool.close();
    for (const copy of copiesOfLarge) await copy.gateway.stop();
    await largeRest.close();
    await large.stop();
  }
}
await rest.close();
await sandbox.stop();
