/**
 * Whether serving traced requests turns on promise hooks in this process (an entered AsyncLocalStorage does,
 * on Node 20, and then every promise of the process pays them): the CPU of 2,000,000 awaits, timed before and
 * after 50 traced `yoga.fetch` requests. Equal before and after: no hook. Run `tsx bench/promise-hooks-probe.ts`.
 */
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startSandbox } from '../src/sandbox/index.js';
import { startOtlpSink } from './otlp-sink.js';

async function awaitsCpuMs(): Promise<number> {
  const started = process.cpuUsage();
  for (let i = 0; i < 2_000_000; i++) await Promise.resolve(i);
  const cpu = process.cpuUsage(started);
  return (cpu.user + cpu.system) / 1000;
}

const sandbox = await startSandbox();
const sink = await startOtlpSink();
const config = loadConfig({
  ...process.env,
  OTEL_EXPORTER_OTLP_ENDPOINT: sink.url,
  OTEL_TRACES_SAMPLER: 'always_on',
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '0',
  MARKETPLACE_URL: sandbox.urls.marketplace,
  SEO_URL: sandbox.urls.seo,
  ITEMS_URL: sandbox.urls.items,
});
const app = await createApp(config, createLogger('silent'));
const before = [await awaitsCpuMs(), await awaitsCpuMs()];
for (let i = 0; i < 50; i++) {
  const res = await app.yoga.fetch('http://gateway/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ gigs(first: 1) { nodes { slug seller { name } } } }' }),
  });
  await res.json();
}
const after = [await awaitsCpuMs(), await awaitsCpuMs()];
const ms = (runs: number[]) => runs.map((run) => run.toFixed(0)).join(', ');
console.log(`2,000,000 awaits, ms CPU: before traced requests ${ms(before)}; after ${ms(after)}`);
await app.close();
await sandbox.close();
await sink.close();
