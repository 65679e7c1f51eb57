/**
 * The 5,000-item row of the second table by CPU time rather than wall time: on a shared machine the
 * row's p50s move by 2-3× between runs of one build, the CPU a request costs much less. The built
 * gateway (dist/, `npm run build` first) and bench/large-items.ts run as in `npm run bench`, pinned
 * the same way; one client sends the row's query, and the direct client does its task, in
 * alternating rounds. Prints p50s, the gateway process's CPU per request (from /proc), the runner's
 * CPU per gateway request (reading the 9 MiB answer) and per direct task, and the gateway's peak RSS
 * growth over its idle. Another build: GATEWAY_DIR=<a checkout with dist/> (e.g. from `git archive`);
 * gateway flags: GATEWAY_ARGS="--cpu-prof --cpu-prof-dir=…" or "--trace-gc".
 * `node --import tsx bench/large-items-cpu.ts [rounds] [requests per side per round]`
 */
import { readFileSync } from 'node:fs';
import { Pool } from 'undici';
import { DirectRequest, RestPools } from './direct/rest.js';
import { allItems } from './growth-queries.js';
import { mib } from './memory.js';
import { pin, pinning, startGatewayProcess, startLargeItemsUpstream } from './processes.js';
import { gatewayTask } from './sides.js';

/** CPU time (user + system) a process has used so far, in ms: /proc/<pid>/stat fields 14 and 15, in ticks of 10 ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
const runnerCpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const p50 = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

const rounds = Number(process.argv[2] ?? 4);
const perRound = Number(process.argv[3] ?? 6);
pin(process.pid, pinning?.client);
const large = await startLargeItemsUpstream();
const { bytes } = await large.served();
const origins = { marketplace: large.origin, seo: large.origin, items: large.origin };
const args = (process.env.GATEWAY_ARGS ?? '').split(' ').filter(Boolean);
const gateway = await startGatewayProcess(origins, {}, args, process.env.GATEWAY_DIR);
const pool = new Pool(new URL(gateway.url).origin, { connections: 1, pipelining: 1, keepAliveTimeout: 30_000 });
const rest = new RestPools(origins, 1);
try {
  const sides = {
    gateway: gatewayTask(pool, allItems),
    direct: () => allItems.direct(new DirectRequest(rest, allItems.credentials)).then(() => undefined),
  };
  await new Promise((resolve) => setTimeout(resolve, 500));
  const idle = (await gateway.memory()).rssBytes;
  for (let i = 0; i < 5; i++) await Promise.all([sides.gateway(), sides.direct()]);
  const wall = { gateway: [] as number[], direct: [] as number[] };
  const cpu = { gateway: 0, runnerForGateway: 0, direct: 0 };
  for (let round = 0; round < rounds; round++) {
    for (const side of round % 2 ? (['direct', 'gateway'] as const) : (['gateway', 'direct'] as const)) {
      const [gatewayBefore, runnerBefore] = [cpuMs(gateway.child.pid!), runnerCpuMs()];
      for (let i = 0; i < perRound; i++) {
        const started = performance.now();
        await sides[side]();
        wall[side].push(performance.now() - started);
      }
      if (side === 'direct') cpu.direct += runnerCpuMs() - runnerBefore;
      else {
        cpu.gateway += cpuMs(gateway.child.pid!) - gatewayBefore;
        cpu.runnerForGateway += runnerCpuMs() - runnerBefore;
      }
    }
  }
  const n = rounds * perRound;
  const growth = (await gateway.memory()).peakBytes - idle;
  console.log(
    `gateway p50 ${p50(wall.gateway).toFixed(1)} ms, direct p50 ${p50(wall.direct).toFixed(1)} ms (${(p50(wall.gateway) / p50(wall.direct)).toFixed(2)}×); ` +
      `CPU per request: gateway ${(cpu.gateway / n).toFixed(1)} ms + runner reading its answer ${(cpu.runnerForGateway / n).toFixed(1)} ms, ` +
      `direct ${(cpu.direct / n).toFixed(1)} ms; gateway peak RSS growth +${mib(growth)} (${(growth / bytes).toFixed(1)}× the ${mib(bytes)} body)`,
  );
} finally {
  await pool.close();
  await rest.close();
  await gateway.stop();
  await large.stop();
}
