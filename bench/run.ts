/**
 * `npm run bench`: the gateway against hand-written direct REST calls for the
 * same data, side by side in one run, at each sandbox latency. For every
 * query it prints p50/p99 of both, their ratio, the gateway's upstream calls
 * against the minimum (the distinct resources the direct client needed), the
 * gateway's req/s and its CPU time per request (user + system time of the
 * gateway process, from /proc). The gateway is the shipped build
 * (`npm run build`, then `node dist/src/server.js` in production mode); the
 * runner builds it first. Rounds alternate gateway and direct so drift on a shared
 * machine hits both alike. The tables are saved into docs/benchmarks.md
 * between its bench markers, with the machine and the command.
 *
 *   npm run bench -- [--duration 4] [--rounds 4] [--connections 4] [--latencies 0,20] [--only gig]
 *                    [--client-cpu gateway|any] [--no-save] [--profile]
 *
 * Gateway settings come from the environment as usual (UPSTREAM_CONNECTIONS,
 * ITEMS_BATCH_THRESHOLD, ...), so a before/after is two runs with another env.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { cpus, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { Pool } from 'undici';
import { DirectRequest, RestPools, type Origins, type Service } from './direct/rest.js';
import { drive, merge, percentile, type Sample } from './driver.js';
import { buildGateway, pin, pinning, startGatewayProcess, startSandboxProcess, type GatewayProcess } from './processes.js';
import { benchQueries, gatewayHeaders, loadFixtures, type BenchQuery } from './queries.js';

const { values: flags } = parseArgs({
  options: {
    duration: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '4' },
    connections: { type: 'string', default: '4' },
    latencies: { type: 'string', default: '0,20' },
    only: { type: 'string' },
    'no-save': { type: 'boolean', default: false },
    profile: { type: 'boolean', default: false },
    /** Where the client side (driver + direct client) runs: beside the gateway (default) or wherever the OS puts it. */
    'client-cpu': { type: 'string', default: 'gateway' },
  },
});
const durationMs = Number(flags.duration) * 1000;
const rounds = Math.max(1, Number(flags.rounds));
const connections = Number(flags.connections);
const latencies = flags.latencies.split(',').map(Number);
const poolSize = Number(process.env.UPSTREAM_CONNECTIONS ?? 64);
const SERVICES: Service[] = ['marketplace', 'seo', 'items'];

interface Row {
  query: string;
  gateway: Sample;
  direct: Sample;
  gatewayCalls: number;
  minimum: number;
  directCalls: number;
  cpuMsPerRequest: number;
}

async function control(origins: Origins, path: string, body?: unknown): Promise<Array<{ calls: number }>> {
  return Promise.all(
    SERVICES.map(async (service) => {
      const res = await fetch(`${origins[service]}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
      return (await res.json()) as { calls: number };
    }),
  );
}

/** Upstream calls one run of `task` causes, counted by the sandbox itself. */
async function countCalls(origins: Origins, task: () => Promise<unknown>): Promise<number> {
  await control(origins, '/__sandbox/recording', { recording: false });
  await control(origins, '/__sandbox/recording', { recording: true });
  await task();
  const states = await control(origins, '/__sandbox/state');
  return states.reduce((sum, s) => sum + s.calls, 0);
}

function gatewayTask(pool: Pool, query: BenchQuery): () => Promise<void> {
  const body = JSON.stringify({ query: query.document, variables: query.variables });
  const headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...gatewayHeaders(query.credentials) };
  return async () => {
    const res = await pool.request({ method: 'POST', path: '/graphql', headers, body });
    const json = (await res.body.json()) as { errors?: Array<{ message: string }> };
    if (json.errors) throw new Error(`${query.name}: ${json.errors.map((e) => e.message).join('; ')}`);
  };
}

async function measure(query: BenchQuery, gateway: GatewayProcess, gatewayPool: Pool, rest: RestPools, origins: Origins): Promise<Row> {
  const viaGateway = gatewayTask(gatewayPool, query);
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
  await drive(viaGateway, connections, 500);
  await drive(direct, connections, 500);
  const gatewaySamples: Sample[] = [];
  const directSamples: Sample[] = [];
  let cpuMicros = 0;
  for (let round = 0; round < rounds; round++) {
    const runGateway = async () => {
      const before = await gateway.cpuMicros();
      gatewaySamples.push(await drive(viaGateway, connections, durationMs / rounds));
      cpuMicros += (await gateway.cpuMicros()) - before;
    };
    const runDirect = async () => {
      directSamples.push(await drive(direct, connections, durationMs / rounds));
    };
    if (round % 2 === 0) await runGateway().then(runDirect);
    else await runDirect().then(runGateway);
  }
  const gatewaySample = merge(gatewaySamples);
  return {
    query: query.name,
    gateway: gatewaySample,
    direct: merge(directSamples),
    gatewayCalls,
    minimum,
    directCalls,
    cpuMsPerRequest: cpuMicros / 1000 / Math.max(1, gatewaySample.latencies.length),
  };
}

const ms = (value: number) => (value >= 10 ? value.toFixed(1) : value.toFixed(2));

function table(latency: number, rows: Row[]): string {
  const lines = [
    `### Sandbox latency ${latency} ms per call`,
    '',
    '| query | gateway p50 / p99 (ms) | direct REST p50 / p99 (ms) | ratio (p50) | upstream calls (gateway / minimum) | gateway req/s | gateway CPU / request (ms) |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const g50 = percentile(row.gateway.latencies, 50);
    const d50 = percentile(row.direct.latencies, 50);
    const rps = row.gateway.latencies.length / (row.gateway.elapsedMs / 1000);
    const calls = `${row.gatewayCalls} / ${row.minimum}${row.gatewayCalls > row.minimum ? ' ⚠' : ''}${row.directCalls !== row.minimum ? ` (direct made ${row.directCalls})` : ''}`;
    const errors = row.gateway.errors + row.direct.errors;
    lines.push(
      `| ${row.query} | ${ms(g50)} / ${ms(percentile(row.gateway.latencies, 99))} | ${ms(d50)} / ${ms(percentile(row.direct.latencies, 99))} | ${(g50 / d50).toFixed(2)}× | ${calls} | ${rps.toFixed(0)}${errors ? ` (${errors} errors)` : ''} | ${Number.isNaN(row.cpuMsPerRequest) ? 'n/a' : row.cpuMsPerRequest.toFixed(2)} |`,
    );
  }
  return lines.join('\n');
}

async function save(markdown: string): Promise<void> {
  const file = 'docs/benchmarks.md';
  const [start, end] = ['<!-- bench:start -->', '<!-- bench:end -->'];
  const current = await readFile(file, 'utf8').catch(() => `# Benchmarks\n\n${start}\n${end}\n`);
  const from = current.indexOf(start);
  const to = current.indexOf(end);
  const next = from >= 0 && to > from ? `${current.slice(0, from + start.length)}\n${markdown}\n${current.slice(to)}` : `${current}\n${start}\n${markdown}\n${end}\n`;
  await writeFile(file, next);
  console.log(`saved to ${file}`);
}

buildGateway();
const sandbox = await startSandboxProcess();
const setLatency = (latencyMs: number) =>
  Promise.all(SERVICES.map((s) => fetch(`${sandbox.origins[s]}/__sandbox/latency`, { method: 'POST', body: JSON.stringify({ latencyMs }) })));
const profileArgs = flags.profile ? ['--cpu-prof', '--cpu-prof-dir=bench/profiles', '--cpu-prof-interval', '100'] : [];
const gateway = await startGatewayProcess(sandbox.origins, {}, profileArgs);
const clientCpu = flags['client-cpu'] === 'any' ? undefined : pinning?.client;
pin(process.pid, clientCpu);
const rest = new RestPools(sandbox.origins, poolSize);
const gatewayPool = new Pool(new URL(gateway.url).origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 });
try {
  const queries = benchQueries(await loadFixtures(new DirectRequest(rest, {}))).filter((q) => !flags.only || q.name.includes(flags.only));

  // JIT warm-up: V8 optimises a function after many calls, and at 20 ms a half-second warm-up is
  // only ~40 requests, so a query measured first would be measured half-interpreted. Every query
  // runs for a second on each side at 0 ms (thousands of requests) before anything is measured.
  await setLatency(0);
  for (const query of queries) {
    await drive(gatewayTask(gatewayPool, query), connections, 1000);
    await drive(() => query.direct(new DirectRequest(rest, query.credentials)), connections, 1000);
  }

  const sections: string[] = [];
  for (const latency of latencies) {
    await setLatency(latency);
    const rows: Row[] = [];
    for (const query of queries) {
      process.stderr.write(`latency ${latency} ms: ${query.name} …\n`);
      rows.push(await measure(query, gateway, gatewayPool, rest, sandbox.origins));
    }
    const section = table(latency, rows);
    console.log(`\n${section}\n`);
    sections.push(section);
  }
  const cpu = cpus()[0]?.model ?? 'unknown CPU';
  const header = [
    `Run ${new Date().toISOString()} on ${cpus().length} × ${cpu}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}.`,
    `Command: \`npm run bench -- ${process.argv.slice(2).join(' ')}\` (${connections} concurrent clients, ${durationMs / 1000} s per side per query in ${rounds} alternating rounds; UPSTREAM_CONNECTIONS=${poolSize}).`,
    pinning
      ? `Pinning: sandbox on CPU ${pinning.sandbox}; gateway on CPU ${pinning.gateway}; the client side (driver + direct REST client) ${clientCpu ? `on CPU ${clientCpu}` : 'unpinned'}.`
      : 'Pinning: none (taskset missing or a single core).',
  ].join('\n');
  if (!flags['no-save']) await save(`${header}\n\n${sections.join('\n\n')}`);
} finally {
  await gatewayPool.close();
  await rest.close();
  await gateway.stop();
  await sandbox.stop();
}
