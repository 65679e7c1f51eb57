/**
 * CPU per upstream call of the gateway's call path alone: a request-bound
 * MarketplaceClient's `call` through PublicCacheLayer → UpstreamHttp (budget,
 * breaker, retry, attempt) to the undici Pool and back, against the sandbox
 * running in a child process, so only the caller's side is counted. Used for
 * docs/benchmarks.md ("Upstream call path, per call"); run
 * `npx tsx bench/upstream-call-probe.ts [calls] [rounds]`.
 */
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { createPools, bindClients } from '../src/upstreams/index.js';
import { CallBudget } from '../src/upstreams/call-budget.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';
import { startSandboxProcess } from './processes.js';

const calls = Number(process.argv[2] ?? 4000);
const rounds = Number(process.argv[3] ?? 5);
const CONCURRENCY = 16;

const sandbox = await startSandboxProcess();
const urls = sandbox.origins;
const config = loadConfig({
  ...process.env,
  LOG_LEVEL: 'silent',
  MARKETPLACE_URL: urls.marketplace,
  SEO_URL: urls.seo,
  ITEMS_URL: urls.items,
});
const pools = createPools(config, urls, createLogger('silent'));

const cases: Record<string, (clients: ReturnType<typeof bindClients>) => Promise<unknown>> = {
  'sellersShow (one)': (c) => c.marketplace.call(ops.sellersShow, { username: 'pixelcraft' } as never),
  'gigsIndex (page of 10)': (c) => c.marketplace.call(ops.gigsIndex, { query: { seller: 'pixelcraft' }, page: 1, perPage: 10 } as never),
};

async function round(make: (clients: ReturnType<typeof bindClients>) => Promise<unknown>, n: number): Promise<number> {
  const controller = new AbortController();
  const binding = { signal: controller.signal, requestId: 'probe', inFlight: { count: 0 }, budget: new CallBudget() };
  const clients = bindClients(pools, {}, binding as never, {} as never);
  let left = n;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await make(clients);
    }),
  );
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / n;
}

for (const [name, make] of Object.entries(cases)) {
  await round(make, 500);
  const samples: number[] = [];
  for (let r = 0; r < rounds; r++) samples.push(await round(make, calls));
  samples.sort((a, b) => a - b);
  console.log(
    `${name.padEnd(24)} median ${samples[Math.floor(samples.length / 2)]!.toFixed(1)} µs CPU/call (${samples.map((s) => s.toFixed(1)).join(', ')})`,
  );
}
await Promise.all(Object.values(pools).map((p) => p.close()));
await sandbox.stop();
