/**
 * CPU per upstream call of the gateway's call path alone: a request-bound
 * MarketplaceClient's `call` through PublicCacheLayer → UpstreamHttp (budget,
 * breaker, retry, attempt) to the undici Pool and back, against the sandbox
 * running in a child process, so only the caller's side is counted. Used for
 * docs/benchmarks.md ("Upstream call path, per call"); run
 * `npx tsx bench/upstream-call-probe.ts [calls] [rounds] [--against DIR]`.
 *
 * With `--against DIR` (a checkout of another commit, e.g. `git worktree add` or `git archive | tar -x`, with
 * a node_modules link), that tree's call path is loaded into the same process too and the rounds alternate
 * between the two: on a shared machine the load drifts between separate runs by more than the difference
 * measured, while rounds side by side in one process see the same load.
 */
import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { startSandboxProcess } from './processes.js';

const args = process.argv.slice(2);
const againstAt = args.indexOf('--against');
const against = againstAt === -1 ? undefined : resolve(args.splice(againstAt, 2)[1]!);
const calls = Number(args[0] ?? 4000);
const rounds = Number(args[1] ?? 5);
const CONCURRENCY = 16;

const sandbox = await startSandboxProcess();
const urls = sandbox.origins;

type Clients = { marketplace: { call(operation: unknown, args: unknown): Promise<unknown> } };
interface Tree {
  label: string;
  bind(): Clients;
  ops: Record<string, unknown>;
  close(): Promise<void>;
}

/** The call path of the tree at `root` (this one when undefined): its own modules, pools and metrics. */
async function loadTree(root: string | undefined, label: string): Promise<Tree> {
  const from = (path: string) => (root ? import(pathToFileURL(`${root}/src/${path}`).href) : import(`../src/${path}`));
  const [{ loadConfig }, { createLogger }, { createPools, bindClients }, { CallBudget }, { marketplaceOperations }] = await Promise.all([
    from('config.ts'),
    from('logger.ts'),
    from('upstreams/index.ts'),
    from('upstreams/call-budget.ts'),
    from('upstreams/marketplace/operations.ts'),
  ]);
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    MARKETPLACE_URL: urls.marketplace,
    SEO_URL: urls.seo,
    ITEMS_URL: urls.items,
  });
  const pools = createPools(config, urls, createLogger('silent'));
  return {
    label,
    ops: marketplaceOperations,
    bind() {
      const controller = new AbortController();
      const binding = { signal: controller.signal, requestId: 'probe', inFlight: { count: 0 }, budget: new CallBudget() };
      return bindClients(pools, {}, binding as never, {} as never) as Clients;
    },
    close: () =>
      Promise.all(Object.values(pools as Record<string, { close(): Promise<void> }>).map((p) => p.close())).then(() => undefined),
  };
}

const cases: Record<string, (clients: Clients, ops: Record<string, unknown>) => Promise<unknown>> = {
  'sellersShow (one)': (c, ops) => c.marketplace.call(ops.sellersShow, { username: 'pixelcraft' }),
  'gigsIndex (page of 10)': (c, ops) => c.marketplace.call(ops.gigsIndex, { query: { seller: 'pixelcraft' }, page: 1, perPage: 10 }),
};

async function round(tree: Tree, make: (clients: Clients, ops: Record<string, unknown>) => Promise<unknown>, n: number): Promise<number> {
  const clients = tree.bind();
  let left = n;
  const before = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await make(clients, tree.ops);
    }),
  );
  const cpu = process.cpuUsage(before);
  return (cpu.user + cpu.system) / n;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const trees: Tree[] = [];
// The sandbox is stopped however the probe ends (a child left running would hold the caller's pipe open).
try {
  trees.push(await loadTree(undefined, against ? 'this tree' : ''));
  if (against) trees.push(await loadTree(against, `against ${against}`));

  for (const [name, make] of Object.entries(cases)) {
    for (const tree of trees) await round(tree, make, 500);
    const samples = trees.map(() => [] as number[]);
    // Alternating, and each pair in the other order the next time, so neither side always runs first.
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? trees.map((_, i) => i) : trees.map((_, i) => trees.length - 1 - i);
      for (const i of order) samples[i]!.push(await round(trees[i]!, make, calls));
    }
    trees.forEach((tree, i) => {
      const sorted = [...samples[i]!].sort((a, b) => a - b);
      console.log(
        `${name.padEnd(24)} ${tree.label ? `${tree.label}: ` : ''}median ${median(sorted).toFixed(1)} µs CPU/call (${sorted.map((s) => s.toFixed(1)).join(', ')})`,
      );
    });
    if (against) {
      // Round by round, this tree's CPU over the other's: the load of that moment is in both.
      const ratios = samples[0]!.map((s, r) => s / samples[1]![r]!);
      console.log(`${name.padEnd(24)} this tree / against, median of ${rounds} paired rounds: ${median(ratios).toFixed(3)}`);
    }
  }
} finally {
  await Promise.all(trees.map((tree) => tree.close()));
  await sandbox.stop();
}
