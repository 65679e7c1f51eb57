/**
 * `npm run bench`: the gateway against hand-written direct REST calls for the
 * same data, side by side in one run, at each sandbox latency. For every
 * query it prints p50/p99 of both, their ratio, the gateway's upstream calls
 * against the minimum (the distinct resources the direct client needed), the
 * gateway's req/s and its CPU time per request (user + system time of the
 * gateway process, from /proc). The gateway is the shipped build
 * (`npm run build`, then `node dist/src/server.js` in production mode); the
 * runner builds it first. Rounds alternate gateway and direct so drift on a shared
 * machine hits both alike. The tables are printed and written, with the
 * machine and the command, to a temporary copy of docs/benchmarks.md; with
 * `--save` into docs/benchmarks.md itself, between its bench markers.
 *
 * A second gateway process runs with tracing on (every request sampled,
 * exported over OTLP/HTTP protobuf to a local no-op receiver, otlp-sink.ts)
 * and is measured in the same alternating rounds, so the table shows what
 * tracing costs next to the gateway with tracing off (no endpoint: no
 * provider at all). `--no-tracing` leaves it out.
 *
 * A third gateway process runs the previous commit's build (`--baseline <ref>`,
 * default HEAD~1; built in a temporary folder, bench/baseline.ts), also in the
 * same alternating rounds: the column "CPU / request vs the previous commit"
 * is the median over rounds of the two CPU times per request of one round.
 * `--no-baseline` leaves it out.
 *
 * `--copies N` runs each of those sides as N processes of its build sharing its
 * rounds (bench/gateway-side.ts): two processes of one build differ by up to
 * 20 points of CPU per request for as long as they run.
 *
 *   npm run bench -- [--duration 4] [--rounds 4] [--connections 4] [--latencies 0,20] [--only gig] [--copies 1]
 *                    [--warmup-max 20] [--client-cpu gateway|any] [--save] [--profile] [--no-tracing] [--baseline HEAD~1] [--no-baseline]
 *
 * Gateway settings come from the environment as usual (UPSTREAM_CONNECTIONS,
 * ITEMS_BATCH_THRESHOLD, ...), so a before/after is two runs with another env.
 */
import { parseArgs } from 'node:util';
import { DirectRequest, RestPools, type Origins } from './direct/rest.js';
import { drive, merge, percentile, type Sample } from './driver.js';
import { buildGateway, pin, pinning, startGatewayProcess, startSandboxProcess } from './processes.js';
import { benchQueries, loadFixtures, type BenchQuery } from './queries.js';
import { SERVICES, countCalls, control, gatewayTask } from './sides.js';
import { startOtlpSink } from './otlp-sink.js';
import { growthTable, type GrowthOptions } from './growth.js';
import { buildBaseline, medianRatio, type RoundCpu } from './baseline.js';
import { table, type Row } from './first-table.js';
import { runHeader, saveRun } from './saved-run.js';
import { startSide, type GatewaySide } from './gateway-side.js';
import { reportUnsteady } from './warm-up.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '4' },
    /** Processes per gateway side (gateway, traced, previous commit), sharing its rounds. */
    copies: { type: 'string', default: '1' },
    /** Seconds each gateway process may run each query at most before its CPU per request must have stopped falling. */
    'warmup-max': { type: 'string', default: '20' },
    latencies: { type: 'string', default: '0,20' },
    only: { type: 'string' },
    /** Write the tables into docs/benchmarks.md (tracked); without it they go to a temporary copy. */
    save: { type: 'boolean', default: false },
    /** The old opt-out, now the default: accepted so existing command lines still run. */
    'no-save': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    /** Where the client side (driver + direct client) runs: beside the gateway (default) or wherever the OS puts it. */
    'client-cpu': { type: 'string', default: 'gateway' },
    'no-tracing': { type: 'boolean', default: false },
    /** The commit the column "CPU / request vs the previous commit" compares with. */
    baseline: { type: 'string', default: 'HEAD~1' },
    'no-baseline': { type: 'boolean', default: false },
    /** Leave out the second table (bench/growth.ts), or measure only that one. */
    'no-growth': { type: 'boolean', default: false },
    'growth-only': { type: 'boolean', default: false },
  },
});
const durationMs = Number(flags.duration) * 1000;
const rounds = Math.max(1, Number(flags.rounds));
const connections = Number(flags.connections);
const latencies = flags.latencies.split(',').map(Number);
const poolSize = Number(process.env.UPSTREAM_CONNECTIONS ?? 64);

const copies = Math.max(1, Number(flags.copies));
const warmupMaxMs = Number(flags['warmup-max']) * 1000;

/** The traced gateway side, and how many bytes of spans it has exported so far. */
interface Traced {
  side: GatewaySide;
  exportedBytes(): number;
}

const cpuMsPerRequest = (micros: number, sample: Sample) => micros / 1000 / Math.max(1, sample.latencies.length);

async function measure(
  query: BenchQuery,
  gateway: GatewaySide,
  rest: RestPools,
  origins: Origins,
  traced?: Traced,
  previous?: GatewaySide,
): Promise<Row> {
  const viaGateway = gatewayTask(gateway.first.pool, query);
  const direct = () => query.direct(new DirectRequest(rest, query.credentials));
  await viaGateway(); // fail loudly on a broken query before measuring anything
  const gatewayCalls = await countCalls(origins, viaGateway);
  let minimum = 0;
  const directCalls = await countCalls(origins, async () => {
    const req = new DirectRequest(rest, query.credentials);
    await query.direct(req);
    minimum = req.resources.length;
  });
  await control(origins, '/__sandbox/recording', { recording: false });
  // Settle connections at this latency (the JIT was warmed at 0 ms before any measurement, see below).
  await gateway.settle(query, 500);
  await drive(direct, connections, 500);
  await traced?.side.settle(query, 500);
  await previous?.settle(query, 500);
  const gatewaySamples: Sample[] = [];
  const directSamples: Sample[] = [];
  const tracedSamples: Sample[] = [];
  const previousSamples: Sample[] = [];
  const cpu = { micros: 0, rounds: [] as RoundCpu[] };
  const tracedCpu = { micros: 0, rounds: [] as RoundCpu[] };
  const previousCpu = { micros: 0, rounds: [] as RoundCpu[] };
  const exportedBefore = traced?.exportedBytes() ?? 0;
  const slice = durationMs / rounds;
  for (let round = 0; round < rounds; round++) {
    const sides = [
      () => gateway.round(query, gatewaySamples, cpu, slice),
      async () => void directSamples.push(await drive(direct, connections, slice)),
      ...(traced ? [() => traced.side.round(query, tracedSamples, tracedCpu, slice)] : []),
      ...(previous ? [() => previous.round(query, previousSamples, previousCpu, slice)] : []),
    ];
    // Each round starts with another side, so drift on a shared machine hits all alike.
    for (let i = 0; i < sides.length; i++) await sides[(round + i) % sides.length]!();
  }
  const gatewaySample = merge(gatewaySamples);
  const cpuMicros = cpu.micros;
  const tracedSample = traced ? merge(tracedSamples) : undefined;
  const previousSample = previous ? merge(previousSamples) : undefined;
  return {
    previous: previousSample && {
      cpuMsPerRequest: cpuMsPerRequest(previousCpu.micros, previousSample),
      ratio: medianRatio(cpu.rounds, previousCpu.rounds),
      p50: percentile(previousSample.latencies, 50),
    },
    traced: tracedSample && {
      sample: tracedSample,
      cpuMsPerRequest: cpuMsPerRequest(tracedCpu.micros, tracedSample),
      roundRatio: medianRatio(tracedCpu.rounds, cpu.rounds),
      // Spans of the warm-up and of the last batch may land in a neighbouring query's count: an approximation.
      exportedBytesPerRequest: (traced!.exportedBytes() - exportedBefore) / Math.max(1, tracedSample.latencies.length),
    },
    query: query.name,
    gateway: gatewaySample,
    direct: merge(directSamples),
    gatewayCalls,
    minimum,
    directCalls,
    cpuMsPerRequest: cpuMsPerRequest(cpuMicros, gatewaySample),
  };
}

buildGateway();
const sandbox = await startSandboxProcess();
const setLatency = (latencyMs: number) =>
  Promise.all(
    SERVICES.map((s) => fetch(`${sandbox.origins[s]}/__sandbox/latency`, { method: 'POST', body: JSON.stringify({ latencyMs }) })),
  );
const profileArgs = flags.profile ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles', '--cpu-prof-interval', '100'] : [];
// Tracing off: no endpoint, even if the shell that runs the benchmark has one set.
const NO_TRACING = { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' };
// Profiled: the first copy of a side only (one profile per side).
const argsOf = (copy: number) => (copy === 0 ? profileArgs : []);
const gateway = await startSide(copies, connections, (i) => startGatewayProcess(sandbox.origins, NO_TRACING, argsOf(i)));
const gatewayPool = gateway.first.pool;
const sink = flags['no-tracing'] ? undefined : await startOtlpSink();
const TRACED = { ...NO_TRACING, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_TRACES_SAMPLER: 'always_on' };
const traced: Traced | undefined = sink && {
  side: await startSide(copies, connections, (i) =>
    startGatewayProcess(sandbox.origins, { ...TRACED, OTEL_EXPORTER_OTLP_ENDPOINT: sink.url }, argsOf(i)),
  ),
  exportedBytes: () => sink.bytes(),
};
const baselineBuild = flags['no-baseline'] || flags['growth-only'] ? undefined : await buildBaseline(flags.baseline);
const previous =
  baselineBuild && (await startSide(copies, connections, () => startGatewayProcess(sandbox.origins, NO_TRACING, [], baselineBuild.dir)));
const clientCpu = flags['client-cpu'] === 'any' ? undefined : pinning?.client;
pin(process.pid, clientCpu);
const rest = new RestPools(sandbox.origins, poolSize);
try {
  const fixtures = await loadFixtures(new DirectRequest(rest, {}));
  const queries = flags['growth-only'] ? [] : benchQueries(fixtures).filter((q) => !flags.only || q.name.includes(flags.only));
  const growth: GrowthOptions = {
    origins: sandbox.origins,
    rest,
    poolSize,
    connections,
    durationMs,
    rounds,
    gatewayEnv: NO_TRACING,
    uncached: { pool: gatewayPool, origin: gateway.first.origin },
    only: flags.only,
    warmupMaxMs,
  };

  // JIT warm-up: a fresh gateway process's CPU per request kept falling for 5-10 s of one query
  // at 0 ms (thousands of requests), the previous commit's longer (docs/benchmarks.md, "Warm-up").
  // Every query runs on each process at 0 ms until that stops (at most `--warmup-max` seconds), and
  // on the direct client for 2 s, before anything is measured; a process still falling is named.
  await setLatency(0);
  for (const query of queries) {
    for (const [name, side] of [
      ['gateway', gateway],
      ['traced', traced?.side],
      ['previous commit', previous],
    ] as const) {
      const settled = (await side?.warmUp(query, warmupMaxMs)) ?? [];
      for (const [i, warmed] of settled.entries()) reportUnsteady(`${name} copy ${i + 1}, ${query.name}`, warmed, warmupMaxMs);
    }
    await drive(() => query.direct(new DirectRequest(rest, query.credentials)), connections, 2000);
  }

  // Every latency's first table before any growth table: the growth table drives only the untraced
  // gateway (its warm rows' baseline) while the traced and previous gateways sit idle, and a process
  // with minutes more of 0 ms traffic behind it paid half the CPU per request at 20 ms of one that
  // sat idle, tracing or not (bench/trace-cpu-probe.ts). Measured between growth tables, the 20 ms
  // rows compared processes of unequal history: the 2026-11-26 run's "+190 %" tracing overhead.
  const rowsByLatency: Row[][] = [];
  for (const latency of latencies) {
    await setLatency(latency);
    const rows: Row[] = [];
    for (const query of queries) {
      process.stderr.write(`latency ${latency} ms: ${query.name} …\n`);
      rows.push(await measure(query, gateway, rest, sandbox.origins, traced, previous));
    }
    rowsByLatency.push(rows);
  }
  const sections: string[] = [];
  for (const [i, latency] of latencies.entries()) {
    const rows = rowsByLatency[i]!;
    if (!flags['no-growth']) await setLatency(latency);
    const section = [
      ...(rows.length ? [table(latency, rows)] : []),
      ...(flags['no-growth'] ? [] : [await growthTable(latency, fixtures, growth)]),
    ].join('\n\n');
    console.log(`\n${section}\n`);
    sections.push(section);
  }
  const header = runHeader({
    argv: process.argv.slice(2),
    connections,
    durationMs,
    rounds,
    copies,
    warmupMaxS: warmupMaxMs / 1000,
    poolSize,
    clientCpu,
    traced: traced !== undefined,
    baseline: baselineBuild,
  });
  await saveRun(`${header}\n\n${sections.join('\n\n')}`, flags.save && !flags['no-save']);
} finally {
  await traced?.side.stop();
  await previous?.stop();
  await baselineBuild?.remove();
  await sink?.close();
  await rest.close();
  await gateway.stop();
  await sandbox.stop();
}
