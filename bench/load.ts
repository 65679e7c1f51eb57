/**
 * `npm run load`: drives the gateway (its own process) on the sandbox (its
 * own process) with autocannon for a fixed time at a fixed concurrency with
 * a realistic mix (bench/load/mix.ts), then reports throughput, p50/p99
 * latency, errors by code (expected vs unexpected), and the gateway's RSS
 * before and after, sampled through the run. A long run is the soak test:
 *   LOAD_DURATION=600 LOAD_CONNECTIONS=32 npm run load
 * Exits non-zero when an unexpected error occurred, so CI can run a short one.
 */
import autocannon from 'autocannon';
import { DirectRequest, RestPools } from './direct/rest.js';
import { requestMix } from './load/mix.js';
import { sampleMemory, type MemorySample } from './load/process-memory.js';
import { loadFixtures } from './queries.js';
import { buildGateway, startGatewayProcess, startSandboxProcess } from './processes.js';

const DURATION = Number(process.env.LOAD_DURATION ?? 30);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 32);
const WARMUP = Number(process.env.LOAD_WARMUP ?? 5);
const SAMPLE_EVERY = Number(process.env.LOAD_SAMPLE_SECONDS ?? Math.max(5, Math.round(DURATION / 20)));

// The gateway under load is the shipped build (dist/), as in `npm run bench`.
buildGateway();
const sandbox = await startSandboxProcess();
// Recording every call would grow the sandbox without bound over a soak.
for (const origin of Object.values(sandbox.origins)) {
  await fetch(`${origin}/__sandbox/recording`, { method: 'POST', body: JSON.stringify({ recording: false }) });
}
// Field errors are logged at warn: the mix produces them on purpose, and they would flood the report.
const gateway = await startGatewayProcess(sandbox.origins, { LOG_LEVEL: 'error' });
const origin = new URL(gateway.url).origin;

const fixtures = new RestPools(sandbox.origins, 1);
const mix = requestMix(await loadFixtures(new DirectRequest(fixtures, {})));
await fixtures.close();

const codes = new Map<string, { expected: number; unexpected: number }>();
const count = (code: string, expected: boolean) => {
  const entry = codes.get(code) ?? { expected: 0, unexpected: 0 };
  entry[expected ? 'expected' : 'unexpected']++;
  codes.set(code, entry);
};
const requests = mix.map((entry) => ({
  method: 'POST',
  path: '/graphql',
  headers: entry.headers,
  body: entry.body,
  onResponse(status: number, body: string) {
    if (status !== 200) count(`HTTP ${status}`, false);
    let errors: Array<{ extensions?: { code?: string } }> = [];
    try {
      errors = (JSON.parse(body) as { errors?: typeof errors }).errors ?? [];
    } catch {
      count('unparseable body', false);
    }
    for (const error of errors) {
      const code = error.extensions?.code ?? 'no code';
      count(code, entry.expectedCodes.includes(code));
    }
  },
}));

const run = (duration: number) => autocannon({ url: origin, connections: CONNECTIONS, duration, timeout: 30, requests });

console.log(`warm-up ${WARMUP}s at ${CONNECTIONS} connections…`);
await run(WARMUP);
codes.clear();
const startedAt = Date.now();
const samples: MemorySample[] = [await sampleMemory(origin, startedAt)];
const sampler = setInterval(() => void sampleMemory(origin, startedAt).then((s) => samples.push(s)), SAMPLE_EVERY * 1000);
console.log(`load ${DURATION}s at ${CONNECTIONS} connections, ${mix.length} request kinds…`);
const result = await run(DURATION);
clearInterval(sampler);
await new Promise((resolve) => setTimeout(resolve, 2_000));
samples.push(await sampleMemory(origin, startedAt));

await gateway.stop();
await sandbox.stop();

const unexpected = [...codes.values()].reduce((sum, c) => sum + c.unexpected, 0) + result.errors + result.timeouts;
const report = {
  command: `LOAD_DURATION=${DURATION} LOAD_CONNECTIONS=${CONNECTIONS} npm run load`,
  requests: result.requests.total,
  throughputPerSecond: Math.round(result.requests.average),
  latencyMs: { p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max },
  transportErrors: result.errors,
  timeouts: result.timeouts,
  errorsByCode: Object.fromEntries(codes),
  unexpectedErrors: unexpected,
  memory: { before: samples[0], after: samples.at(-1), samples },
  mix: mix.map((m) => m.name),
};
console.log(JSON.stringify(report, null, 2));
process.exit(unexpected > 0 ? 1 : 0);
