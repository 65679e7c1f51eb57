/**
 * CPU of a warm response-cache hit, in one process: `yoga.fetch` straight into the app with the response cache
 * on, the same public queries as the benchmark's warm rows, sent over and over once the first has filled the
 * cache. Run `tsx bench/warm-hit-probe.ts [n]` (with `node --cpu-prof --import tsx` to see where a hit goes).
 */
import { startWarmCacheApp } from './warm-cache-app.js';

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
// As in production: a hit carries no cost extension.
const { app, sandbox, newestGigSlug, close } = await startWarmCacheApp({ EXPOSE_COST: 'false' });
QUERIES.gigWithSeller!.variables.slug = newestGigSlug;
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
await close();
