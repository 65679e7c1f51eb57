/**
 * CPU per request of the gateway alone, in one process, no network noise:
 * `yoga.fetch` straight into the app (no HTTP server) against a sandbox at
 * 0 ms, for a few documents. Used to find and check the top costs of
 * docs/benchmarks.md ("Execution speed"); run `tsx bench/cpu-probe.ts [n]`.
 * PROBE_HTTP=1: the same over HTTP instead (a `node:http` server in this process, the undici client
 * here too), so the HTTP adapter is measured with the rest (its CPU includes the client's).
 */
import { createServer } from 'node:http';
import { Agent, request } from 'undici';
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
const server = process.env.PROBE_HTTP === '1' ? createServer(app.yoga) : undefined;
if (server) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const agent = new Agent({ connections: 1 });
const post = async (body: string): Promise<unknown> => {
  if (!server)
    return (
      await app.yoga.fetch('http://gateway/graphql', { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    ).json();
  const { port } = server.address() as { port: number };
  const res = await request(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json' },
    body,
  });
  return res.body.json();
};
for (const [name, query] of Object.entries(DOCUMENTS)) {
  const run = async () => {
    const body = (await post(JSON.stringify({ query }))) as { errors?: unknown };
    if (body.errors) throw new Error(JSON.stringify(body.errors));
  };
  for (let i = 0; i < 100; i++) await run();
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await run();
  const cpu = process.cpuUsage(before);
  console.log(
    `${name.padEnd(20)} ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms CPU/request (gateway + in-process sandbox${server ? ' + client' : ''}), ${((performance.now() - started) / n).toFixed(2)} ms wall`,
  );
}
await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
await agent.close();
await app.close();
await sandbox.close();
await sink?.close();
