/**
 * Young-generation collections per request of one gateway process (the build, as bench/run.ts runs it), traced
 * or not: bytes allocated, surviving a collection and promoted to the old generation, and pause, per request, from V8's
 * `--trace-gc-nvp` lines over a stretch of `gig + seller` at 0 ms. Bytes per request hardly depend on the
 * machine's load; pauses do (compare them only between runs of one quiet stretch).
 *   npm run build && npx tsx bench/gc-probe.ts
 * Env: PROBE_TRACING=1 (every request traced to a no-op OTLP receiver), PROBE_TRACED_ENV (JSON, more env of the
 * gateway, e.g. OTEL_BSP_*), PROBE_ARGV (more node flags, e.g. --max-semi-space-size=64), PROBE_ONLY (query
 * name part), PROBE_MS (measured stretch, 8000).
 */
import { Pool } from 'undici';
import { DirectRequest, RestPools } from './direct/rest.js';
import { drive } from './driver.js';
import { startGatewayProcess, startSandboxProcess } from './processes.js';
import { benchQueries, loadFixtures } from './queries.js';
import { gatewayTask } from './sides.js';
import { startOtlpSink } from './otlp-sink.js';

const sandbox = await startSandboxProcess();
const sink = process.env.PROBE_TRACING === '1' ? await startOtlpSink() : undefined;
/** Each scavenge's numbers while `measuring`. */
const scavenges: Array<Record<string, number>> = [];
let measuring = false;
let pending = '';
const onStdout = (chunk: Buffer) => {
  const lines = (pending + chunk.toString()).split('\n');
  pending = lines.pop()!;
  for (const line of lines) {
    if (!measuring || !line.includes(' gc=s ')) continue;
    const pairs = line
      .trim()
      .split(/\s+/)
      .map((pair) => pair.split('='));
    scavenges.push(Object.fromEntries(pairs.filter((pair) => pair.length === 2).map(([key, value]) => [key!, Number(value)])));
  }
};
const tracing: Record<string, string> = {
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: '',
  OTEL_EXPORTER_OTLP_ENDPOINT: sink?.url ?? '',
  ...(sink && { OTEL_EXPORTER_OTLP_PROTOCOL: 'http/protobuf', OTEL_TRACES_SAMPLER: 'always_on' }),
};
const env = { ...tracing, ...(JSON.parse(process.env.PROBE_TRACED_ENV ?? '{}') as Record<string, string>) };
const argv = ['--trace-gc-nvp', ...(process.env.PROBE_ARGV?.split(' ') ?? [])];
const gateway = await startGatewayProcess(sandbox.origins, env, argv, undefined, onStdout);
const pool = new Pool(new URL(gateway.url).origin, { connections: 4 });
const query = benchQueries(await loadFixtures(new DirectRequest(new RestPools(sandbox.origins, 8), {}))).find((q) =>
  q.name.includes(process.env.PROBE_ONLY ?? 'gig'),
)!;
await drive(gatewayTask(pool, query), 4, 3000);
measuring = true;
const { latencies } = await drive(gatewayTask(pool, query), 4, Number(process.env.PROBE_MS ?? 8000));
measuring = false;
const n = latencies.length;
const sum = (key: string) => scavenges.reduce((total, s) => total + (s[key] ?? 0), 0);
const kb = (key: string) => `${(sum(key) / n / 1024).toFixed(2)} KB`;
console.log(
  `${query.name}${sink ? ', traced' : ''}: ${n} requests, ${scavenges.length} scavenges; per request: allocated ${kb('allocated')}, ` +
    `survived ${kb('new_space_survived')}, promoted ${kb('promoted')}, pause ${((sum('pause') / n) * 1000).toFixed(1)} µs`,
);
await pool.close();
await gateway.stop();
await sink?.close();
await sandbox.stop();
