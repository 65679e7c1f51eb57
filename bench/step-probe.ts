/**
 * Gateway CPU per request of two builds side by side, over HTTP, the first table's rows at 0 ms: a commit
 * (built in a temporary folder, baseline.ts) and this checkout (`npm run build` first), each as it ships
 * (processes.ts), against one sandbox process. No direct client and no tracing side: only what a change to
 * the request path moves. Rounds alternate the two in a random order; the verdict is the median of the
 * per-round ratios. Run `tsx bench/step-probe.ts [ref=HEAD] [rounds=6] [seconds per side=2] [row filter]`.
 */
import { Pool } from 'undici';
import { buildBaseline, medianRatio, type RoundCpu } from './baseline.js';
import { drive } from './driver.js';
import { startGatewayProcess, startSandboxProcess } from './processes.js';
import { benchQueries, loadFixtures } from './queries.js';
import { DirectRequest, RestPools } from './direct/rest.js';
import { gatewayTask } from './sides.js';

const [ref = 'HEAD', roundsArg = '6', secondsArg = '2', filter = ''] = process.argv.slice(2);
const rounds = Number(roundsArg);
const durationMs = Number(secondsArg) * 1000;
const connections = 4;

const baseline = await buildBaseline(ref);
const sandbox = await startSandboxProcess();
const rest = new RestPools(sandbox.origins, connections);
const queries = benchQueries(await loadFixtures(new DirectRequest(rest, {}))).filter((q) => q.name.includes(filter));
const sides = [
  { name: `${ref} (${baseline.commit})`, gateway: await startGatewayProcess(sandbox.origins, {}, [], baseline.dir) },
  { name: 'this checkout', gateway: await startGatewayProcess(sandbox.origins, {}) },
].map((side) => ({ ...side, pool: new Pool(new URL(side.gateway.url).origin, { connections }) }));

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

try {
  for (const query of queries) {
    const cpu = sides.map(() => [] as RoundCpu[]);
    for (const side of sides) await drive(gatewayTask(side.pool, query), connections, 500); // warm-up
    for (let round = 0; round < rounds; round++) {
      const order = Math.random() < 0.5 ? [0, 1] : [1, 0];
      for (const i of order) {
        const side = sides[i]!;
        const before = await side.gateway.cpuMicros();
        const sample = await drive(gatewayTask(side.pool, query), connections, durationMs);
        cpu[i]![round] = { micros: (await side.gateway.cpuMicros()) - before, requests: sample.latencies.length };
      }
    }
    const perRequest = cpu.map((r) => median(r.map((c) => c.micros / c.requests)));
    const change = (medianRatio(cpu[1]!, cpu[0]!) - 1) * 100;
    console.log(
      `${query.name.padEnd(48)} ${sides[0]!.name}: ${perRequest[0]!.toFixed(0)} µs, this: ${perRequest[1]!.toFixed(0)} µs, ` +
        `change ${change >= 0 ? '+' : ''}${change.toFixed(1)} % (median of ${rounds} per-round ratios)`,
    );
  }
} finally {
  await Promise.all(sides.map((side) => side.pool.close()));
  await Promise.all(sides.map((side) => side.gateway.stop()));
  await rest.close();
  await sandbox.stop();
  await baseline.remove();
}
