/**
 * What a warm response-cache hit costs over HTTP, piece by piece: the gateway's process CPU per request with the
 * client in a child process (so the client's CPU is counted apart, as it is on the core the benchmark's client side
 * shares with the gateway), against two references answering the same bytes from the same process:
 *
 * - `bare`: a `node:http` handler that reads the body and writes the answer (the floor of any Node server);
 * - `adapter`: whatwg-node's server adapter around a handler that does the same (Yoga's Node glue, no Yoga);
 * - `hit`: the gateway app (NODE_ENV=production, response cache on) answering gig + seller from its cache, served as
 *   src/serve.ts serves it (the front door, src/front-door.ts, answers the hit before Yoga);
 * - `hit, through Yoga`: the same app served by Yoga alone (the path before the front door, and that of every miss);
 * - `typename`: the same app answering `{ __typename }` (Yoga's pipeline with no field and no cache; through the
 *   front door, which reads the body and finds no entry), and `typename, through Yoga` without the front door;
 * - `plain Yoga`: `createYoga` with a one-field schema and nothing else, answering `{ __typename }`;
 * - `…, in process`: the same through `yoga.fetch` in this process (no HTTP, no adapter's Node glue).
 *
 * Each round runs every variant once, in a random order; medians over rounds. Run
 * `tsx bench/http-hit-probe.ts [rounds] [requests per round] [connections]`. REDIS_URL keeps the response cache in
 * that Redis; PROBE_ONLY runs only the variants it names (`|` between names); PROBE_GIGS=<n> makes the hit a page
 * of n gigs with their sellers (a larger answer) rather than one.
 */
import { fork } from 'node:child_process';
import { createServer, type RequestListener, type Server } from 'node:http';
import { createServerAdapter, Response as AdapterResponse } from '@whatwg-node/server';
import { createSchema, createYoga, type YogaServerInstance } from 'graphql-yoga';
import { Pool } from 'undici';
import { startWarmCacheApp } from './warm-cache-app.js';
import { gatewayListener } from '../src/front-door.js';

interface Job {
  url: string;
  body: string;
  requests: number;
  connections: number;
}
const HEADERS = { 'content-type': 'application/json', accept: 'application/graphql-response+json' };

/** The child: sends each job's requests and answers with its own CPU per request. */
async function client(): Promise<void> {
  const pools = new Map<string, Pool>();
  process.on('message', (job: Job | 'exit') => {
    if (job === 'exit') return void Promise.all([...pools.values()].map((pool) => pool.close())).then(() => process.exit(0));
    const { origin, pathname } = new URL(job.url);
    let pool = pools.get(origin);
    if (!pool) pools.set(origin, (pool = new Pool(origin, { connections: job.connections, pipelining: 1 })));
    let left = job.requests;
    let failed = 0;
    const worker = async () => {
      while (left-- > 0) {
        const res = await pool.request({ path: pathname, method: 'POST', headers: { ...HEADERS }, body: job.body });
        const text = await res.body.text();
        if (res.statusCode !== 200 || !text.startsWith('{"data"')) failed++;
      }
    };
    const before = process.cpuUsage();
    void Promise.all(Array.from({ length: job.connections }, worker)).then(() => {
      const cpu = process.cpuUsage(before);
      process.send!({ failed, micros: (cpu.user + cpu.system) / job.requests });
    });
  });
  process.send!('ready');
}

async function main(): Promise<void> {
  const [rounds = 5, requests = 3000, connections = 1] = process.argv.slice(2).map(Number);
  const { app, newestGigSlug, close } = await startWarmCacheApp({ NODE_ENV: 'production' });
  const query = 'query($slug: String!) { gig(slug: $slug) { slug title priceFrom seller { username name rating } } }';
  const page = Number(process.env.PROBE_GIGS ?? 0);
  const pageQuery = `{ gigs(first: ${page}) { nodes { slug title priceFrom seller { username name rating } } } }`;
  const hitBody = JSON.stringify(page > 0 ? { query: pageQuery } : { query, variables: { slug: newestGigSlug } });
  const answer = await (await app.yoga.fetch('http://gateway/graphql', { method: 'POST', headers: { ...HEADERS }, body: hitBody })).text();
  if (!answer.startsWith('{"data":{')) throw new Error(`the hit's answer: ${answer.slice(0, 200)}`);
  console.log(`the hit's answer: ${answer.length} bytes`);
  const contentType = 'application/graphql-response+json; charset=utf-8';

  const listen = async (handler: RequestListener): Promise<Server> => {
    const server = createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return server;
  };
  const bare: RequestListener = (req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': contentType, 'content-length': Buffer.byteLength(answer) });
      res.end(answer);
    });
  };
  const adapter = createServerAdapter(async (request: Request) => {
    await request.text();
    return new AdapterResponse(answer, { headers: { 'content-type': contentType } });
  });
  // Yoga with none of the gateway's plugins (and, like it, no CORS, GraphiQL or landing page): Yoga's own phases.
  const plainYoga = createYoga({
    schema: createSchema({ typeDefs: 'type Query { ok: Boolean }' }),
    logging: false,
    cors: false,
    graphiql: false,
    landingPage: false,
  });
  const gateway = await listen(gatewayListener(app.yoga));
  const throughYoga = await listen(app.yoga);
  const typename = JSON.stringify({ query: '{ __typename }' });
  const variants: Record<string, { server: Server; body: string; inProcess?: YogaServerInstance<object, object> }> = {
    bare: { server: await listen(bare), body: hitBody },
    adapter: { server: await listen(adapter as unknown as RequestListener), body: hitBody },
    hit: { server: gateway, body: hitBody },
    'hit, through Yoga': { server: throughYoga, body: hitBody },
    'hit, in process': { server: gateway, body: hitBody, inProcess: app.yoga as never },
    typename: { server: gateway, body: typename },
    'typename, through Yoga': { server: throughYoga, body: typename },
    'plain Yoga': { server: await listen(plainYoga), body: typename },
    'plain Yoga, in process': { server: gateway, body: typename, inProcess: plainYoga },
  };

  const child = fork(new URL(import.meta.url).pathname, ['client'], { stdio: 'inherit' });
  await new Promise((resolve) => child.once('message', resolve));
  const run = async (name: string, count: number): Promise<{ failed: number; micros: number }> => {
    const { inProcess, body } = variants[name]!;
    if (inProcess) {
      let failed = 0;
      for (let i = 0; i < count; i++) {
        const res = await inProcess.fetch('http://gateway/graphql', { method: 'POST', headers: { ...HEADERS }, body });
        if (!(await res.text()).startsWith('{"data"')) failed++;
      }
      return { failed, micros: 0 };
    }
    return new Promise((resolve) => {
      child.once('message', resolve);
      const { port } = variants[name]!.server.address() as { port: number };
      child.send({ url: `http://127.0.0.1:${port}/graphql`, body, requests: count, connections } satisfies Job);
    });
  };
  const only = process.env.PROBE_ONLY?.split('|');
  const names = Object.keys(variants).filter((name) => !only || only.includes(name));
  const gatewayMicros: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const clientMicros: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const name of names) await run(name, 2000); // JIT warm-up, and the cache's first fill
  for (let round = 0; round < rounds; round++) {
    for (const name of [...names].sort(() => Math.random() - 0.5)) {
      const before = process.cpuUsage();
      const { failed, micros } = await run(name, requests);
      const cpu = process.cpuUsage(before);
      if (failed > 0) throw new Error(`${name}: ${failed} requests failed`);
      gatewayMicros[name]!.push((cpu.user + cpu.system) / requests);
      clientMicros[name]!.push(micros);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  for (const name of names)
    console.log(
      `${name.padEnd(22)} gateway ${median(gatewayMicros[name]!).toFixed(1)} µs/request [${gatewayMicros[name]!.map((v) => v.toFixed(0)).join(' ')}], client ${median(clientMicros[name]!).toFixed(1)} µs`,
    );
  child.send('exit');
  for (const server of new Set(Object.values(variants).map((variant) => variant.server))) server.close();
  await close();
}

await (process.argv[2] === 'client' ? client() : main());
