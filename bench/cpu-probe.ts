/**
 * CPU per request of the gateway alone, in one process, no network noise:
 * `yoga.fetch` straight into the app (no HTTP server) against a sandbox at
 * 0 ms, for a few documents. Used to find and check the top costs of
 * docs/benchmarks.md ("Execution speed"); run `tsx bench/cpu-probe.ts [n]`.
 */
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startSandbox } from '../src/sandbox/index.js';
import { startOtlpSink } from './otlp-sink.js';

const DOCUMENTS: Record<string, string> = {
  typename: '{ __typename }',
  gigWithSeller: '{ gigs(first: 1) { nodes { slug seller { name } } } }',
  gigsOnly: '{ gigs(first: 1) { nodes { slug } } }',
  gigsSeller: '{ gigs(seller: "pixelcraft", first: 1) { nodes { slug } } }',
  sellerOnly: '{ seller(username: "pixelcraft") { name } }',
  sellerGigs: '{ seller(username: "pixelcraft") { name gigs(first: 10) { nodes { slug } } } }',
  sellerGigsReviews:
    '{ seller(username: "pixelcraft") { name gigs(first: 10) { nodes { slug reviews(first: 5) { nodes { rating } } } } } }',
};

const n = Number(process.argv[2] ?? 400);
const sandbox = await startSandbox();
// PROBE_TRACING=1: every request traced and exported (OTLP/HTTP protobuf) to a no-op receiver in this process.
const sink = process.env.PROBE_TRACING === '1' ? await startOtlpSink() : undefined;
const config = loadConfig({
  ...process.env,
  ...(sink && { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: 'always_on' }),
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '0',
  MARKETPLACE_URL: sandbox.urls.marketplace,
  SEO_URL: sandbox.urls.seo,
  ITEMS_URL: sandbox.urls.items,
});
for (const s of Object.values(sandbox.services)) s.control.recording = false;
const app = await createApp(config, createLogger('silent'));
for (const [name, query] of Object.entries(DOCUMENTS)) {
  const run = async () => {
    const res = await app.yoga.fetch('http://gateway/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    const body = (await res.json()) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  for (let i = 0; i < 100; i++) await run();
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await run();
  const cpu = process.cpuUsage(before);
  console.log(
    `${name.padEnd(20)} ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms CPU/request (gateway + in-process sandbox), ${((performance.now() - started) / n).toFixed(2)} ms wall`,
  );
}
await app.close();
await sandbox.close();
await sink?.close();
