/**
 * The 5,000-item list in one process, no HTTP server in front of the gateway:
 * `yoga.fetch` of bench/growth-queries.ts `allItems` against bench/large-items.ts
 * (its own process), `n` requests one after another after 5 to warm up. Prints
 * the wall time and CPU time per request and this process's RSS growth over its idle
 * (VmHWM). With NODE_ENV=production as the shipped gateway runs; under
 * `--cpu-prof` it shows where the time goes, under `--trace-gc` when the
 * heap is collected: `NODE_ENV=production node --import tsx bench/large-items-probe.ts [n]`.
 */
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { allItems } from './growth-queries.js';
import { mib, processMemory, resetPeak } from './memory.js';
import { startLargeItemsUpstream } from './processes.js';

const n = Number(process.argv[2] ?? 20);
const large = await startLargeItemsUpstream();
const { bytes } = await large.served();
const config = loadConfig({ ...process.env, NODE_ENV: 'test', LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '0', ITEMS_URL: large.origin });
const app = await createApp(config, createLogger('silent'));
const run = async () => {
  const res = await app.yoga.fetch('http://gateway/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-items-api-key': allItems.credentials.itemsApiKey! },
    body: JSON.stringify({ query: allItems.document }),
  });
  const text = await res.text();
  if (!text.startsWith('{"data":{"items":[')) throw new Error(text.slice(0, 300));
};
/** With `--expose-gc`: a full collection after each request, which shows what one request needs and leaves alive. */
function collect(): void {
  if (typeof gc !== 'function') return;
  gc();
  const { heapUsed, external } = process.memoryUsage();
  console.log(`after a full GC: heap ${mib(heapUsed)}, external ${mib(external)}`);
}
await new Promise((resolve) => setTimeout(resolve, 300));
const idle = await processMemory(process.pid);
await resetPeak(process.pid);
// Warm-up (the JIT's), inside the peak as in the bench row, outside the timings.
for (let i = 0; i < 5; i++) {
  await run();
  collect();
}
const times: number[] = [];
const cpuBefore = process.cpuUsage();
for (let i = 0; i < n; i++) {
  const started = performance.now();
  await run();
  times.push(performance.now() - started);
  collect();
}
const cpu = process.cpuUsage(cpuBefore);
const peak = await processMemory(process.pid);
times.sort((a, b) => a - b);
console.log(
  `${n} requests: p50 ${times[Math.floor(n / 2)]!.toFixed(1)} ms, min ${times[0]!.toFixed(1)} ms, ` +
    `CPU ${((cpu.user + cpu.system) / 1000 / n).toFixed(1)} ms/request; ` +
    `RSS idle ${mib(idle.rssBytes)} → peak ${mib(peak.peakBytes)} (+${((peak.peakBytes - idle.rssBytes) / bytes).toFixed(1)}× the ${mib(bytes)} body)`,
);
await app.close();
await large.stop();
process.exit(0);
