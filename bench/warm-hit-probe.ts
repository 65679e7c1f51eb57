/**
 * CPU of a warm response-cache hit, in one process: `yoga.fetch` straight into the app with the response cache
 * on, the same public queries as the benchmark's warm rows, sent over and over once the first has filled the
 * cache. Run `tsx bench/warm-hit-probe.ts [n]` (with `node --cpu-prof --import tsx` to see where a hit goes).
 */
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startSandbox } from '../src/sandbox/index.js';

const QUERIES: Record<string, { query: string; variables: Record<string, unknown> }> = {
  gigWithSeller: {
    query: 'query($slug: String!) { gig(slug: $slug) { slug title priceFrom seller { username name rating } } }',
    variables: { slug: '' }, // the newest gig's, read below
  },
  sellerGigsReviews: {
    query: `query($seller: String!) { seller(username: $seller) { username name rating
      gigs(first: 10) { totalCount nodes { slug title priceFrom reviews(first: 5) { totalCount nodes { rating comment reviewerUsername } } } } } }`,
    variables: { seller: 'pixelcraft' },
  },
};

const n = Number(process.argv[2] ?? 2000);
const sandbox = await startSandbox();
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_PER_MINUTE: '0',
  PUBLIC_CACHE_MAX_BYTES: String(64 * 1024 * 1024),
  PUBLIC_CACHE_TTL_MS: '60000',
  RESPONSE_CACHE_MAX_ENTRIES: '10000',
  EXPOSE_COST: 'false', // as in production: a hit carries no cost extension
  MARKETPLACE_URL: sandbox.urls.marketplace,
  SEO_URL: sandbox.urls.seo,
  ITEMS_URL: sandbox.urls.items,
});
const app = await createApp(config, createLogger('silent'));
const newest = (await (await fetch(`${sandbox.urls.marketplace}/api/v1/gigs?page=1&per_page=1`)).json()) as {
  data: Array<{ slug: string }>;
};
QUERIES.gigWithSeller!.variables.slug = newest.data[0]!.slug;
for (const [name, { query, variables }] of Object.entries(QUERIES)) {
  const body = JSON.stringify({ query, variables });
  const run = async () => {
    const res = await app.yoga.fetch('http://gateway/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
      body,
    });
    const text = await res.text();
    if (res.status !== 200 || text.includes('"errors"')) throw new Error(`${name}: ${text.slice(0, 300)}`);
  };
  // The JIT settles first: after only 200 the first query measured still paid for it (0.15-0.18 ms against ~0.12).
  for (let i = 0; i < 1000; i++) await run();
  const calls = () => Object.values(sandbox.services).reduce((sum, s) => sum + s!.control.calls.length, 0);
  const callsBefore = calls();
  const before = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < n; i++) await run();
  const cpu = process.cpuUsage(before);
  console.log(
    `${name.padEnd(20)} ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms CPU/hit, ${((performance.now() - started) / n).toFixed(3)} ms wall, ${(calls() - callsBefore) / n} upstream calls/hit`,
  );
}
await app.close();
await sandbox.close();
