/**
 * CPU per request of the gateway alone, in one process, no network noise:
 * `yoga.fetch` straight into the app (no HTTP server) against a sandbox at
 * 0 ms, for a few documents. Used to find and check the top costs of
 * docs/benchmarks.md ("Execution speed"); run `tsx bench/cpu-probe.ts [n]`.
 * PROBE_HTTP=1: the same over HTTP instead (a `node:http` server in this process, the undici client
 * here too), so the HTTP adapter is measured with the rest (its CPU includes the client's).
 */
import { Agent, request } from 'undici';
import { startProbeApp } from './probe-app.js';

const DOCUMENTS: Record<string, string> = {
  typename: '{ __typename }',
  gigWithSeller: '{ gigs(first: 1) { nodes { slug seller { name } } } }',
  gigsOnly: '{ gigs(first: 1) { nodes { slug } } }',
  gigsSeller: '{ gigs(seller: "pixelcraft", first: 1) { nodes { slug } } }',
  sellerOnly: '{ seller(username: "pixelcraft") { name } }',
  sellerGigs: '{ seller(username: "pixelcraft") { name gigs(first: 10) { nodes { slug } } } }',
  sellerGigsReviews:
    '{ seller(username: "pixelcraft") { name gigs(first: 10) { nodes { slug reviews(first: 5) { nodes { rating } } } } } }',
  // The same as Apollo Client sends it: fragments, and `__typename` after them (compiled through a copy since 40313af).
  sellerGigsReviewsApollo:
    '{ seller(username: "pixelcraft") { ...S gigs(first: 10) { nodes { ...G reviews(first: 5) { nodes { ...R __typename } __typename } __typename } __typename } __typename } } ' +
    'fragment S on Seller { name } fragment G on Gig { slug } fragment R on Review { rating }',
};

const n = Number(process.argv[2] ?? 400);
// PROBE_TRACING=1: every request traced and exported (OTLP/HTTP protobuf) to a no-op receiver in this process.
const { app, sink, server, close } = await startProbeApp({
  tracing: process.env.PROBE_TRACING === '1',
  http: process.env.PROBE_HTTP === '1',
});
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
  const exportedBefore = sink?.bytes() ?? 0;
  for (let i = 0; i < n; i++) {
    await run();
    // Through yoga.fetch a request can finish on microtasks alone (no socket of its own when the sandbox answers
    // fast): without a turn of the event loop now and then, the span exporter's timer and socket never ran, its
    // queue filled and the batch processor dropped most spans, so the traced rows measured spans never exported.
    if (sink && !server && i % 16 === 15) await new Promise((resolve) => setImmediate(resolve));
  }
  const cpu = process.cpuUsage(before);
  console.log(
    `${name.padEnd(20)} ${((cpu.user + cpu.system) / 1000 / n).toFixed(3)} ms CPU/request (gateway + in-process sandbox${server ? ' + client' : ''}), ${((performance.now() - started) / n).toFixed(2)} ms wall${sink ? `, ${((sink.bytes() - exportedBefore) / n).toFixed(0)} B of OTLP exported/request` : ''}`,
  );
}
await agent.close();
await close();
