/**
 * CPU per request of an untraced and a traced gateway at one sandbox latency, in alternating rounds
 * like bench/run.ts, after an optional stretch of 0 ms traffic on one of them only (the other idle):
 *   PROBE_IDLE_MS=90000 [PROBE_BUSY=traced] PROBE_SLICE=750 PROBE_GAP=1500 npx tsx bench/trace-cpu-probe.ts
 * PROBE_BUSY: untraced (default), traced or both (one after the other).
 * Env: PROBE_LATENCY (20), PROBE_ONLY (query name part), PROBE_WARM_MS, PROBE_REWARM_MS (both sides, 0 ms,
 * after the busy stretch), PROBE_ROUNDS, PROBE_TRACED_ENV (JSON, e.g. OTEL_BSP_*), PROBE_ARGV (node flags).
 */
import { Pool } from 'undici';
import { DirectRequest, RestPools } from './direct/rest.js';
import { drive } from './driver.js';
import { pin, pinning, startGatewayProcess, startSandboxProcess, type GatewayProcess } from './processes.js';
import { benchQueries, loadFixtures } from './queries.js';
import { SERVICES, gatewayTask } from './sides.js';
import { startOtlpSink } from './otlp-sink.js';

const latency = Number(process.env.PROBE_LATENCY ?? 20);
const only = process.env.PROBE_ONLY ?? 'gig';
const extra = JSON.parse(process.env.PROBE_TRACED_ENV ?? '{}') as Record<string, string>;
const argv = process.env.PROBE_ARGV ? process.env.PROBE_ARGV.split(' ') : [];
const sandbox = await startSandboxProcess();
const sink = await startOtlpSink();
const NO = { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' };
const plain = await startGatewayProcess(sandbox.origins, NO, argv);
const traced = await startGatewayProcess(
  sandbox.origins,
  {
    ...NO,
    OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
    OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf',
    OTEL_TRACES_SAMPLER: 'always_on',
    ...extra,
  },
  argv,
);
pin(process.pid, pinning?.client);
const rest = new RestPools(sandbox.origins, 8);
const query = benchQueries(await loadFixtures(new DirectRequest(rest, {}))).find((q) => q.name.includes(only))!;
const pools = new Map<GatewayProcess, Pool>([plain, traced].map((g) => [g, new Pool(new URL(g.url).origin, { connections: 4 })]));
const warm = Number(process.env.PROBE_WARM_MS ?? 1500);
const slice = Number(process.env.PROBE_SLICE ?? 2000);
const gap = Number(process.env.PROBE_GAP ?? 0);
for (const g of [plain, traced]) await drive(gatewayTask(pools.get(g)!, query), 4, warm);
const idleMs = Number(process.env.PROBE_IDLE_MS ?? 0);
const busy = { traced: [traced], both: [plain, traced] }[process.env.PROBE_BUSY ?? ''] ?? [plain];
for (const g of idleMs ? busy : []) await drive(gatewayTask(pools.get(g)!, query), 4, idleMs);
const rewarm = Number(process.env.PROBE_REWARM_MS ?? 0);
if (rewarm) for (const g of [plain, traced]) await drive(gatewayTask(pools.get(g)!, query), 4, rewarm);
await Promise.all(
  SERVICES.map((s) => fetch(`${sandbox.origins[s]}/__sandbox/latency`, { method: 'POST', body: JSON.stringify({ latencyMs: latency }) })),
);
const totals = new Map<GatewayProcess, { cpu: number; n: number; ms: number }>();
for (let r = 0; r < Number(process.env.PROBE_ROUNDS ?? 4); r++) {
  for (const g of r % 2 ? [traced, plain] : [plain, traced]) {
    const before = await g.cpuMicros();
    const t0 = Date.now();
    const s = await drive(gatewayTask(pools.get(g)!, query), 4, slice);
    const cpu = (await g.cpuMicros()) - before;
    console.log(`  ${g === plain ? 'plain ' : 'traced'} round ${r}: ${(cpu / 1000 / s.latencies.length).toFixed(2)} ms/req`);
    if (gap) await new Promise((r) => setTimeout(r, gap));
    const t = totals.get(g) ?? { cpu: 0, n: 0, ms: 0 };
    totals.set(g, { cpu: t.cpu + cpu, n: t.n + s.latencies.length, ms: t.ms + Date.now() - t0 });
  }
}
for (const [name, g] of [
  ['plain', plain],
  ['traced', traced],
] as const) {
  const t = totals.get(g)!;
  console.log(
    `${query.name} ${latency}ms ${name}: ${(t.cpu / 1000 / t.n).toFixed(2)} ms/req, ${(t.cpu / 1000 / (t.ms / 1000)).toFixed(0)} ms cpu/s, ${(t.n / (t.ms / 1000)).toFixed(0)} req/s`,
  );
}
for (const p of pools.values()) await p.close();
await plain.stop();
await traced.stop();
await sink.close();
await sandbox.stop();
