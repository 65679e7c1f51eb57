/**
 * The benchmark's second table: work that grows with the data, and warm
 * public reads with the shared cache on. Each row runs on a gateway process
 * of its own, started for it, so its idle RSS (before any request) and its
 * peak RSS (VmHWM, through warm-up and the measured rounds) belong to that
 * row alone; p50 and req/s sit beside the direct REST client's, measured in
 * alternating rounds of the same run.
 *
 * - warm public reads, cache on (PUBLIC_CACHE_TTL_MS=60000): req/s against
 *   the uncached gateway and upstream calls per warm request, with the shared
 *   cache of upstream answers alone, and with the response cache too
 *   (RESPONSE_CACHE_MAX_ENTRIES: the whole answer kept); the goal, on the
 *   response cache rows, is at least 5 times the uncached req/s and 0 calls.
 * - `orders(100)` with its children: hundreds of upstream calls per request.
 * - 5,000 items (~8.8 MiB, bench/large-items.ts), one client: a single
 *   request's cost; the goals are p50 within 1.5 times the direct client's
 *   and a peak RSS growth of at most 4 times the upstream body.
 */
import { Pool } from 'undici';
import { DirectRequest, RestPools, type Origins } from './direct/rest.js';
import { drive, driveHttp, merge, percentile, type Sample, ms } from './driver.js';
import { allItems, ordersHundred } from './growth-queries.js';
import { mib, processMemory, resetPeak } from './memory.js';
import { startGatewayProcess, startLargeItemsUpstream, type GatewayProcess } from './processes.js';
import { benchQueries, type BenchQuery, type Fixtures } from './queries.js';
import { countCalls, gatewayRequest, gatewayTask } from './sides.js';
import { reportUnsteady, warmUntilSteady } from './warm-up.js';

export interface GrowthOptions {
  origins: Origins;
  rest: RestPools;
  poolSize: number;
  connections: number;
  durationMs: number;
  rounds: number;
  /** Environment of every gateway process the benchmark starts (tracing off). */
  gatewayEnv: Record<string, string>;
  /** The uncached gateway of the first table (its origin, and its client pool for single requests): the cache rows' baseline. */
  uncached: { pool: Pool; origin: string };
  only?: string;
  /** The longest JIT warm-up of a row's fresh gateway process (./warm-up.ts). */
  warmupMaxMs: number;
}

interface GrowthRow {
  name: string;
  gateway: Sample;
  direct: Sample;
  uncached?: Sample;
  callsPerRequest: number;
  minimum: number;
  bodyBytes?: number;
  idleBytes: number;
  peakBytes: number;
  /** The most RSS grew within one measured round, from the RSS at its start: the gateway process, and the runner process during the direct client's rounds. */
  warmGrowth: { gateway: number; direct: number };
  connections: number;
  /** Held to the warm-read goal (≥ 5× the uncached req/s, 0 calls). */
  judged: boolean;
}

/** Runs `task`: how far the RSS of `pid` rose above its level at the start (NaN without /proc/<pid>/clear_refs), and its peak. */
async function growthDuring(pid: number, task: () => Promise<void>): Promise<{ growth: number; peak: number }> {
  const reset = await resetPeak(pid);
  const before = await processMemory(pid);
  await task();
  const after = await processMemory(pid);
  return { growth: reset ? after.peakBytes - before.rssBytes : Number.NaN, peak: after.peakBytes };
}

const rps = (s: Sample) => s.latencies.length / (s.elapsedMs / 1000);

interface RowPlan {
  query: BenchQuery;
  env?: Record<string, string>;
  origins: Origins;
  rest: RestPools;
  connections: number;
  /** Upstream calls of `requests` gateway requests made one after another (after the warm-up). */
  calls(task: () => Promise<void>, requests: number): Promise<number>;
  warmRequests: number;
  baseline?: { pool: Pool; origin: string };
  /** Held to the warm-read goal (the response cache rows). */
  judged?: boolean;
  /**
   * The upstream body's size, for answers of megabytes. Their gateway side is driven by undici's `request()` (a
   * `gatewayTask` loop), which reads 9 MiB for about half autocannon's client CPU (docs/benchmarks.md, "The load
   * generator's own CPU"); small answers are the other way round.
   */
  bodyBytes?: number;
}

async function measureRow(plan: RowPlan, o: GrowthOptions): Promise<GrowthRow> {
  const gateway: GatewayProcess = await startGatewayProcess(plan.origins, { ...o.gatewayEnv, ...plan.env });
  const origin = new URL(gateway.url).origin;
  const pool = new Pool(origin, { connections: plan.connections, pipelining: 1, keepAliveTimeout: 30_000 });
  try {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const idle = await gateway.memory();
    const viaGateway = gatewayTask(pool, plan.query);
    const driveGateway = (ms: number) =>
      plan.bodyBytes ? drive(viaGateway, plan.connections, ms) : driveHttp(gatewayRequest(origin, plan.query), plan.connections, ms);
    const direct = () => plan.query.direct(new DirectRequest(plan.rest, plan.query.credentials));
    const baseline = plan.baseline;
    const driveBaseline = baseline && ((ms: number) => driveHttp(gatewayRequest(baseline.origin, plan.query), plan.connections, ms));
    // JIT warm-up (and, with the cache on, its first fill) on every side before anything is measured.
    const baselineTask = baseline && gatewayTask(baseline.pool, plan.query);
    for (let i = 0; i < plan.warmRequests; i++) await Promise.all([viaGateway(), direct(), baselineTask?.()]);
    const warmed = await warmUntilSteady(
      async (ms) => (await driveGateway(ms)).latencies.length,
      () => gateway.cpuMicros(),
      o.warmupMaxMs,
    );
    reportUnsteady(plan.query.name, warmed, o.warmupMaxMs);
    await drive(direct, plan.connections, 1000);
    // The uncached gateway too: with --growth-only nothing else has warmed its JIT.
    if (driveBaseline) await driveBaseline(1000);
    const repeat = plan.baseline ? 10 : 1; // cache rows: calls per warm request, averaged
    const callsPerRequest = (await plan.calls(viaGateway, repeat)) / repeat;
    let minimum = 0;
    await plan.calls(async () => {
      const req = new DirectRequest(plan.rest, plan.query.credentials);
      await plan.query.direct(req);
      minimum = req.resources.length;
    }, 1);
    const samples = { gateway: [] as Sample[], direct: [] as Sample[], uncached: [] as Sample[] };
    const warmGrowth = { gateway: 0, direct: 0 };
    // Clearing the peak at each round (growthDuring) forgets the warm-up's: the row's peak is the largest of them all.
    let peakBytes = (await gateway.memory()).peakBytes;
    const slice = o.durationMs / o.rounds;
    for (let round = 0; round < o.rounds; round++) {
      const sides = [
        async () => {
          const measured = await growthDuring(gateway.child.pid!, async () => void samples.gateway.push(await driveGateway(slice)));
          warmGrowth.gateway = Math.max(warmGrowth.gateway, measured.growth);
          peakBytes = Math.max(peakBytes, measured.peak);
        },
        async () => {
          const measured = await growthDuring(
            process.pid,
            async () => void samples.direct.push(await drive(direct, plan.connections, slice)),
          );
          warmGrowth.direct = Math.max(warmGrowth.direct, measured.growth);
        },
        ...(driveBaseline ? [async () => void samples.uncached.push(await driveBaseline(slice))] : []),
      ];
      for (let i = 0; i < sides.length; i++) await sides[(round + i) % sides.length]!();
    }
    return {
      name: plan.query.name,
      gateway: merge(samples.gateway),
      direct: merge(samples.direct),
      uncached: driveBaseline ? merge(samples.uncached) : undefined,
      callsPerRequest,
      minimum,
      bodyBytes: plan.bodyBytes,
      idleBytes: idle.rssBytes,
      peakBytes,
      warmGrowth,
      connections: plan.connections,
      judged: plan.judged === true,
    };
  } finally {
    await pool.close();
    await gateway.stop();
  }
}

function goal(row: GrowthRow): string {
  const g50 = percentile(row.gateway.latencies, 50);
  const d50 = percentile(row.direct.latencies, 50);
  if (row.uncached) {
    const gain = rps(row.gateway) / rps(row.uncached);
    const measured = `${gain.toFixed(1)}× the uncached ${rps(row.uncached).toFixed(0)} req/s, ${row.callsPerRequest} calls`;
    if (!row.judged) return `${measured} (shared cache of upstream answers only)`;
    const met = gain >= 5 && row.callsPerRequest === 0;
    return `${measured} (goal ≥ 5×, 0 calls): ${met ? 'met' : 'not met'}`;
  }
  if (row.bodyBytes) {
    const ratio = g50 / d50;
    const growth = (row.peakBytes - row.idleBytes) / row.bodyBytes;
    const met = ratio <= 1.5 && growth <= 4;
    return `p50 ${ratio.toFixed(2)}× (≤ 1.5×), growth ${growth.toFixed(1)}× the body (≤ 4×): ${met ? 'met' : 'not met'}`;
  }
  return '';
}

function table(latency: number, rows: GrowthRow[]): string {
  const lines = [
    `### Growing work and warm public reads, sandbox latency ${latency} ms per call`,
    '',
    '| query | clients | gateway p50 / p99 (ms) | direct REST p50 / p99 (ms) | ratio (p50) | gateway req/s | direct req/s | upstream calls / request (gateway / minimum) | upstream body | gateway RSS idle → peak (growth) | warm growth in a round: gateway / direct client | goal |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const row of rows) {
    const g = row.gateway;
    const d = row.direct;
    const errors = g.errors + d.errors + (row.uncached?.errors ?? 0);
    lines.push(
      `| ${row.name} | ${row.connections} | ${ms(percentile(g.latencies, 50))} / ${ms(percentile(g.latencies, 99))} | ${ms(percentile(d.latencies, 50))} / ${ms(percentile(d.latencies, 99))} | ` +
        `${(percentile(g.latencies, 50) / percentile(d.latencies, 50)).toFixed(2)}× | ${rps(g).toFixed(1)}${errors ? ` (${errors} errors)` : ''} | ${rps(d).toFixed(1)} | ` +
        `${row.callsPerRequest} / ${row.minimum} | ${row.bodyBytes ? mib(row.bodyBytes) : '-'} | ${mib(row.idleBytes)} → ${mib(row.peakBytes)} (+${mib(row.peakBytes - row.idleBytes)}) | +${mib(row.warmGrowth.gateway)} / +${mib(row.warmGrowth.direct)} | ${goal(row)} |`,
    );
  }
  return lines.join('\n');
}

/** The second table at the sandbox's current latency; the 5,000-item row only at 0 ms (its upstream has no latency setting). */
export async function growthTable(latency: number, fixtures: Fixtures, o: GrowthOptions): Promise<string> {
  const sandboxCalls = (task: () => Promise<void>, requests: number) =>
    countCalls(o.origins, async () => {
      for (let i = 0; i < requests; i++) await task();
    });
  const publicQueries = benchQueries(fixtures).filter((q) => Object.keys(q.credentials).length === 0);
  const publicCache = { PUBLIC_CACHE_MAX_BYTES: String(64 * 1024 * 1024), PUBLIC_CACHE_TTL_MS: '60000' };
  const warm = (label: string, env: Record<string, string>, judged: boolean) =>
    publicQueries.map((query) => ({
      query: { ...query, name: `${query.name} (warm, ${label})` },
      env,
      origins: o.origins,
      rest: o.rest,
      connections: o.connections,
      calls: sandboxCalls,
      warmRequests: 3,
      baseline: o.uncached,
      judged,
    }));
  const plans: RowPlan[] = [
    ...warm('cache on', publicCache, false),
    ...warm('response cache', { ...publicCache, RESPONSE_CACHE_MAX_ENTRIES: '10000' }, true),
    { query: ordersHundred, origins: o.origins, rest: o.rest, connections: o.connections, calls: sandboxCalls, warmRequests: 3 },
  ];
  const large = latency === 0 && (!o.only || allItems.name.includes(o.only)) ? await startLargeItemsUpstream() : undefined;
  const largeRest = large && new RestPools({ ...o.origins, items: large.origin }, o.poolSize);
  try {
    if (large && largeRest) {
      const { bytes } = await large.served();
      plans.push({
        query: allItems,
        origins: { ...o.origins, items: large.origin },
        rest: largeRest,
        connections: 1,
        calls: async (task, requests) => {
          const before = (await large.served()).calls;
          for (let i = 0; i < requests; i++) await task();
          return (await large.served()).calls - before;
        },
        warmRequests: 10,
        bodyBytes: bytes,
      });
    }
    const rows: GrowthRow[] = [];
    for (const plan of plans.filter((p) => !o.only || p.query.name.includes(o.only))) {
      process.stderr.write(`latency ${latency} ms: ${plan.query.name} …\n`);
      rows.push(await measureRow(plan, o));
    }
    return table(latency, rows);
  } finally {
    await largeRest?.close();
    await large?.stop();
  }
}
