/**
 * Bytes allocated per request, by package and function, in one process over HTTP (a `node:http` server
 * with the app, the undici client and the sandbox at 0 ms in this process too): V8's sampling heap
 * profiler, keeping the objects that young- and old-generation collections freed, so it counts every
 * allocation rather than what survived. Compare runs: the gateway's, the sandbox's and the client's
 * shares are alike on both sides, and two runs of one setup agree within ~0.2 KB per request.
 *   npx tsx bench/alloc-probe.ts [requests]
 * Env: PROBE_TRACING=1 (every request traced and exported over OTLP/HTTP protobuf to a no-op receiver in
 * this process; PROBE_SAMPLER sets OTEL_TRACES_SAMPLER, default always_on), PROBE_DOCUMENT (the operation,
 * default `gig + seller`), PROBE_TOP (packages listed, 25), PROBE_FUNCTIONS (a part of a file's path:
 * that file's functions are listed too).
 */
import { Session } from 'node:inspector/promises';
import { Agent, request } from 'undici';
import { startProbeApp } from './probe-app.js';

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const n = Number(process.argv[2] ?? 4000);
const { sink, server, close } = await startProbeApp({
  tracing: process.env.PROBE_TRACING === '1',
  sampler: process.env.PROBE_SAMPLER,
  http: true,
  // As in the benchmark's first table: every request does its upstream calls.
  env: { PUBLIC_CACHE_MAX_BYTES: '0' },
});
const { port } = server!.address() as { port: number };
const agent = new Agent({ connections: 1 });
const body = JSON.stringify({ query: process.env.PROBE_DOCUMENT ?? '{ gigs(first: 1) { nodes { slug seller { name } } } }' });
const run = async (): Promise<void> => {
  const res = await request(`http://127.0.0.1:${port}/graphql`, {
    method: 'POST',
    dispatcher: agent,
    headers: { 'content-type': 'application/json' },
    body,
  });
  const json = (await res.body.json()) as { errors?: unknown };
  if (json.errors) throw new Error(JSON.stringify(json.errors));
};
for (let i = 0; i < 500; i++) await run();
const exportedBefore = sink?.bytes() ?? 0;

const session = new Session();
session.connect();
await session.post('HeapProfiler.enable');
// Both flags are CDP parameters the typings of Node 20 do not list yet.
await session.post('HeapProfiler.startSampling', {
  samplingInterval: 512,
  includeObjectsCollectedByMajorGC: true,
  includeObjectsCollectedByMinorGC: true,
} as object);
for (let i = 0; i < n; i++) await run();
const { profile } = (await session.post('HeapProfiler.stopSampling')) as unknown as { profile: { head: ProfileNode } };
session.disconnect();

const byPackage = new Map<string, number>();
const byFunction = new Map<string, number>();
const functionsOf = process.env.PROBE_FUNCTIONS;
const add = (map: Map<string, number>, key: string, bytes: number) => map.set(key, (map.get(key) ?? 0) + bytes);
const walk = (node: ProfileNode): void => {
  const { url, functionName, lineNumber } = node.callFrame;
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  const where = inPackage ?? (url.includes('/src/') ? `src/${url.split('/src/')[1]}` : url || `(${functionName || 'anonymous'})`);
  add(byPackage, where, node.selfSize);
  if (functionsOf && url.includes(functionsOf)) add(byFunction, `${where} ${functionName || '(anonymous)'}:${lineNumber}`, node.selfSize);
  for (const child of node.children) walk(child);
};
walk(profile.head);
const total = [...byPackage.values()].reduce((sum, bytes) => sum + bytes, 0);
const list = (map: Map<string, number>, top: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .forEach(([where, bytes]) => console.log(`${(bytes / n).toFixed(0).padStart(8)} B  ${where}`));
// Spans still queued are not counted: the exported bytes per request only show that the exporter kept up.
const exported = sink ? `, traced: ${((sink.bytes() - exportedBefore) / n).toFixed(0)} B of OTLP exported per request` : '';
console.log(`allocated ${(total / n / 1024).toFixed(1)} KB per request (${n} requests${exported})`);
list(byPackage, Number(process.env.PROBE_TOP ?? 25));
if (functionsOf) list(byFunction, 40);

await agent.close();
await close();
