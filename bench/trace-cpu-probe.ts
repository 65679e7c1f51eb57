/**
 * CPU per request of an untraced and a traced gateway at one sandbox latency, in alternating rounds
 * like bench/run.ts, after an optional stretch of 0 ms traffic on one of them only (the other idle):
 *   PROBE_IDLE_MS=90000 [PROBE_BUSY=traced] PROBE_SLICE=750 PROBE_GAP=1500 npx tsx bench/trace-cpu-probe.ts
 * PROBE_BUSY: untraced (default), traced or both (one after the other).
 * Prints each round's traced / untraced CPU per request, their median, and each side's CPU on its main
 * thread and on its other threads (V8's GC and compiler helpers). Runs the build (`npm run build` first).
 * Env: PROBE_LATENCY (20), PROBE_ONLY (query name part), PROBE_WARM_MS, PROBE_REWARM_MS (both sides, 0 ms,
 * after the busy stretch), PROBE_ROUNDS, PROBE_SLICE (ms per side per round), PROBE_ARGV (node flags),
 * PROBE_TRACED_ENV: JSON, extra env of the traced gateway (e.g. OTEL_BSP_*); a JSON array of such objects
 * starts one traced gateway per entry, all measured in the same rounds (each side's place in a round rotates).
 * An entry's PROBE_DIR runs the build of another checkout (built there first) for that variant, so two builds'
 * overheads are read in the same rounds: `{ "PROBE_DIR": "/tmp/before", "OTEL_EXPORTER_OTLP_ENDPOINT": "" }` is its
 * untraced side, `{ "PROBE_DIR": "/tmp/before" }` its traced one.
 * PROBE_COPIES (1): gateway processes per side (the untraced one and each traced variant). Two processes of one
 * build can differ by 20 points in CPU per request for as long as they run (the JIT's and the heap's luck), so a
 * difference between variants is read over several copies: a side's CPU per request in a round is the sum of its
 * copies' CPU over the sum of their requests.
 */
import { Pool } from 'undici';
import { DirectRequest, RestPools } from './direct/rest.js';
import { drive } from './driver.js';
import { pin, pinning, startGatewayProcess, startSandboxProcess, type GatewayProcess } from './processes.js';
import { benchQueries, loadFixtures } from './queries.js';
import { SERVICES, gatewayTask } from './sides.js';
import { startOtlpSink } from './otlp-sink.js';
import { median, threadTicks } from './thread-cpu.js';

const percent = (ratio: number) => `${ratio >= 1 ? '+' : ''}${((ratio - 1) * 100).toFixed(0)} %`;

interface Side {
  name: string;
  gateways: Copy[];
  measured: { requests: number; cpuMicros: number; ms: number; mainTicks: number; otherTicks: number };
  /** CPU per request in each round (ms), over its copies. */
  rounds: number[];
}

interface Copy {
  gateway: GatewayProcess;
  pool: Pool;
  /** Every request answered, warm-up included (to read a `--cpu-prof` profile per request). */
  answered: number;
  /** This round's CPU (µs) and requests, and all rounds'. */
  round: { cpuMicros: number; requests: number };
  total: { cpuMicros: number; requests: number };
}

const latency = Number(process.env.PROBE_LATENCY ?? 20);
const only = process.env.PROBE_ONLY ?? 'gig';
const tracedEnv = JSON.parse(process.env.PROBE_TRACED_ENV ?? '{}') as Record<string, string> | Record<string, string>[];
const variants = Array.isArray(tracedEnv) ? tracedEnv : [tracedEnv];
const argv = process.env.PROBE_ARGV ? process.env.PROBE_ARGV.split(' ') : [];
const sandbox = await startSandboxProcess();
const sink = await startOtlpSink();
const NO = { OTEL_EXPORTER_OTLP_ENDPOINT: '', OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '' };
const TRACED = { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_TRACES_SAMPLER: 'always_on' };
const copies = Number(process.env.PROBE_COPIES ?? 1);
const side = async (name: string, env: Record<string, string>): Promise<Side> => {
  const gateways: Copy[] = [];
  for (let i = 0; i < copies; i++) {
    const { PROBE_DIR: dir, ...gatewayEnv } = env;
    const gateway = await startGatewayProcess(sandbox.origins, gatewayEnv, argv, dir);
    gateways.push({
      gateway,
      pool: new Pool(new URL(gateway.url).origin, { connections: 4 }),
      answered: 0,
      round: { cpuMicros: 0, requests: 0 },
      total: { cpuMicros: 0, requests: 0 },
    });
  }
  return { name, gateways, measured: { requests: 0, cpuMicros: 0, ms: 0, mainTicks: 0, otherTicks: 0 }, rounds: [] };
};
const plain = await side('plain', NO);
const traced: Side[] = [];
for (const [i, env] of variants.entries()) {
  traced.push(await side(variants.length > 1 ? `traced ${i} ${JSON.stringify(env)}` : 'traced', { ...NO, ...TRACED, ...env }));
}
const sides = [plain, ...traced];
const all = sides.flatMap((s) => s.gateways.map((copy) => ({ side: s, copy })));
pin(process.pid, pinning?.client);
const rest = new RestPools(sandbox.origins, 8);
const query = benchQueries(await loadFixtures(new DirectRequest(rest, {}))).find((q) => q.name.includes(only))!;
const driveCopy = async (copy: Copy, ms: number) => {
  const sample = await drive(gatewayTask(copy.pool, query), 4, ms);
  copy.answered += sample.latencies.length;
  return sample;
};
const copiesOf = (list: Side[]) => list.flatMap((s) => s.gateways);
for (const { copy } of all) await driveCopy(copy, Number(process.env.PROBE_WARM_MS ?? 1500));
const idleMs = Number(process.env.PROBE_IDLE_MS ?? 0);
const busy = { traced, both: sides }[process.env.PROBE_BUSY ?? ''] ?? [plain];
for (const copy of idleMs ? copiesOf(busy) : []) await driveCopy(copy, idleMs);
const rewarm = Number(process.env.PROBE_REWARM_MS ?? 0);
if (rewarm) for (const { copy } of all) await driveCopy(copy, rewarm);
await Promise.all(
  SERVICES.map((s) => fetch(`${sandbox.origins[s]}/__sandbox/latency`, { method: 'POST', body: JSON.stringify({ latencyMs: latency }) })),
);
const slice = Number(process.env.PROBE_SLICE ?? 2000);
const gap = Number(process.env.PROBE_GAP ?? 0);
for (let r = 0; r < Number(process.env.PROBE_ROUNDS ?? 4); r++) {
  // Each process's place in the round rotates, so none is always measured right after another.
  const order = all.map((_, i) => all[(i + r) % all.length]!);
  for (const { side: s, copy } of order) {
    const pid = copy.gateway.child.pid!;
    const threadsBefore = await threadTicks(pid);
    const before = await copy.gateway.cpuMicros();
    const t0 = Date.now();
    const sample = await driveCopy(copy, slice);
    const cpu = (await copy.gateway.cpuMicros()) - before;
    const threadsAfter = await threadTicks(pid);
    copy.round = { cpuMicros: cpu, requests: sample.latencies.length };
    copy.total.cpuMicros += cpu;
    copy.total.requests += sample.latencies.length;
    const m = s.measured;
    m.requests += sample.latencies.length;
    m.cpuMicros += cpu;
    m.ms += Date.now() - t0;
    m.mainTicks += threadsAfter.main - threadsBefore.main;
    m.otherTicks += threadsAfter.others - threadsBefore.others;
    if (gap) await new Promise((resolve) => setTimeout(resolve, gap));
  }
  for (const s of sides) {
    const cpu = s.gateways.reduce((sum, c) => sum + c.round.cpuMicros, 0);
    const requests = s.gateways.reduce((sum, c) => sum + c.round.requests, 0);
    s.rounds.push(cpu / 1000 / requests);
    const each = s.gateways.map((c) => (c.round.cpuMicros / 1000 / c.round.requests).toFixed(2)).join(' ');
    console.log(`  ${s.name} round ${r}: ${s.rounds.at(-1)!.toFixed(2)} ms/req${copies > 1 ? ` (copies ${each})` : ''}`);
  }
}
for (const s of sides) {
  const m = s.measured;
  console.log(
    `${query.name} ${latency}ms ${s.name}: ${(m.cpuMicros / 1000 / m.requests).toFixed(2)} ms/req (main thread ${((m.mainTicks * 10) / m.requests).toFixed(2)}, other threads ${((m.otherTicks * 10) / m.requests).toFixed(2)}), ${(m.cpuMicros / 1000 / (m.ms / 1000)).toFixed(0)} ms cpu/s, ${(m.requests / (m.ms / 1000)).toFixed(0)} req/s; ${m.requests} requests measured; ${s.gateways.map((c) => `pid ${c.gateway.child.pid} ${(c.total.cpuMicros / 1000 / c.total.requests).toFixed(2)} ms/req, ${c.answered} in all`).join(', ')}`,
  );
}
for (const s of traced) {
  const ratios = s.rounds.map((ms, r) => ms / plain.rounds[r]!);
  console.log(
    `${query.name} ${latency}ms ${s.name} / plain per round: ${ratios.map(percent).join(' ')}; median ${percent(median(ratios))} (${ratios.length} rounds)`,
  );
}
for (const { copy } of all) await copy.pool.close();
for (const { copy } of all) await copy.gateway.stop();
await sink.close();
await sandbox.stop();
