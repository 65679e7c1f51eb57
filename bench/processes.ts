/**
 * Starts the two processes the benchmark measures against: the sandbox
 * (`npm run sandbox`, src/sandbox/main.ts) and the gateway as it ships
 * (the checkout's own `npm run start:prod` script), each pinned to its own CPU with `taskset` when
 * the machine has it and more than one core, so the simulated upstreams do not
 * steal the gateway's CPU time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { freePort } from '../test/helpers/free-port.js';
import { availableParallelism } from 'node:os';
import type { Origins } from './direct/rest.js';
import { processMemory, type ProcessMemory } from './memory.js';

const TSX = ['--import', 'tsx'];

function hasTaskset(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** CPU of each role: the sandbox alone on the last core; the gateway and the runner (the client side) on the first. */
export const pinning = (() => {
  const cores = availableParallelism();
  if (cores < 2 || !hasTaskset()) return undefined;
  return { client: '0', gateway: '0', sandbox: String(cores - 1) };
})();

/** Pins every thread of `pid` (libuv and V8 threads too: `-a`). */
export function pin(pid: number, cpus: string | undefined): void {
  if (cpus) execFileSync('taskset', ['-a', '-cp', cpus, String(pid)], { stdio: 'ignore' });
}

export interface Running {
  child: ChildProcess;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) =>
  new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

export async function startSandboxProcess(): Promise<Running & { origins: Origins }> {
  const [m, s, i] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, [...TSX, 'src/sandbox/main.ts'], {
    env: {
      ...process.env,
      SANDBOX_MARKETPLACE_PORT: String(m),
      SANDBOX_SEO_PORT: String(s),
      SANDBOX_ITEMS_PORT: String(i),
      SANDBOX_LATENCY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('export MARKETPLACE_URL') && resolve());
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  pin(child.pid!, pinning?.sandbox);
  const origin = (port: number) => `http://127.0.0.1:${port}`;
  return {
    child,
    origins: { marketplace: origin(m), seo: origin(s), items: origin(i) },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/** bench/large-items.ts in its own process, on the sandbox's CPU: the item store with a 5,000-item catalogue. */
export async function startLargeItemsUpstream(): Promise<
  Running & { origin: string; served(): Promise<{ calls: number; bytes: number }> }
> {
  const child = spawn(process.execPath, [...TSX, 'bench/large-items.ts'], { env: process.env, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`large item store exited with ${code}`)));
  });
  pin(child.pid!, pinning?.sandbox);
  const origin = `http://127.0.0.1:${port}`;
  return {
    child,
    origin,
    served: async () => (await (await fetch(`${origin}/__calls`)).json()) as { calls: number; bytes: number },
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

export interface GatewayProcess extends Running {
  url: string;
  /** CPU time the gateway process has used so far (all its threads), in microseconds. */
  cpuMicros(): Promise<number>;
  /** Its resident memory now and at its peak so far (bytes). */
  memory(): Promise<ProcessMemory>;
}

/** Where the build puts the entry point `npm run start:prod` runs. */
export const GATEWAY_ENTRY = 'dist/src/server.js';
/** The production start script (the image's CMD, `npm run start:prod`), which sizes the young generation. */
const START_SCRIPT = 'scripts/start-production.sh';

/** Builds the gateway as it ships (`npm run build`: tsc into dist/). */
export function buildGateway(): void {
  execFileSync(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json'], { stdio: 'inherit' });
}

const shellQuote = (arg: string) => `'${arg.replaceAll("'", `'\\''`)}'`;

/**
 * The `start:prod` script of the checkout in `cwd` as npm runs it (`sh -c`), with its `node` the node running
 * the benchmark and `execArgv` put before the entry point: the flags it sets (the young generation's size since
 * 2026-11-26) are those of that commit. Either form ends in node itself (`exec`), whose CPU and memory are read by
 * pid: `… exec node dist/src/server.js` (older commits, such as the baseline), or scripts/start-production.sh, which passes its
 * arguments to node and finds node (for itself too) on the PATH.
 */
async function shippedStart(cwd: string | undefined, execArgv: string[]): Promise<string[]> {
  const { scripts } = JSON.parse(await readFile(join(cwd ?? '.', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const script = scripts['start:prod'] ?? '';
  const nodeArgs = [...execArgv, GATEWAY_ENTRY].map(shellQuote).join(' ');
  if (script === `exec sh ${START_SCRIPT} ${GATEWAY_ENTRY}`) {
    return ['-c', `PATH=${shellQuote(dirname(process.execPath))}:"$PATH" exec sh ${START_SCRIPT} ${nodeArgs}`];
  }
  const tail = `exec node ${GATEWAY_ENTRY}`;
  if (!script.endsWith(tail)) throw new Error(`start:prod neither runs ${START_SCRIPT} nor ends in "${tail}": ${script}`);
  return ['-c', `${script.slice(0, -tail.length)}exec ${[shellQuote(process.execPath), nodeArgs].join(' ')}`];
}

/**
 * The gateway exactly as it ships: its `npm run start:prod` (shippedStart) with
 * NODE_ENV=production, pointed at the sandbox by MARKETPLACE_URL / SEO_URL /
 * ITEMS_URL. (Running the TypeScript sources through tsx instead measured
 * tsx's own helpers too.) `execArgv` goes to node, e.g. `--cpu-prof`; `cwd` is
 * the checkout whose build and start script run (another commit's, baseline.ts).
 */
export async function startGatewayProcess(
  origins: Origins,
  env: Record<string, string>,
  execArgv: string[] = [],
  cwd?: string,
  /** Takes the process's stdout (V8's `--trace-gc-nvp` lines, bench/gc-probe.ts) rather than passing it through. */
  onStdout?: (chunk: Buffer) => void,
): Promise<GatewayProcess> {
  const port = await freePort();
  const child = spawn('sh', await shippedStart(cwd, execArgv), {
    cwd,
    // The per-client rate limit would refuse a benchmark's traffic (one client, thousands of requests a minute).
    env: {
      RATE_LIMIT_PER_MINUTE: '0',
      // The first table measures the work of a request: no answer is served from the shared cache
      // (the sandbox marks its public reads max-age=30). The warm rows of the second table turn it on.
      PUBLIC_CACHE_MAX_BYTES: '0',
      LOG_LEVEL: 'silent',
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      MARKETPLACE_URL: origins.marketplace,
      SEO_URL: origins.seo,
      ITEMS_URL: origins.items,
      ...env,
    },
    stdio: ['ignore', onStdout ? 'pipe' : 'inherit', 'inherit'],
  });
  if (onStdout) child.stdout!.on('data', onStdout);
  const origin = `http://127.0.0.1:${port}`;
  await waitUntilHealthy(origin, child);
  pin(child.pid!, pinning?.gateway);
  return {
    child,
    url: `${origin}/graphql`,
    cpuMicros: async () => processCpuMicros(child.pid!),
    memory: () => processMemory(child.pid!),
    stop: async () => {
      // SIGTERM is the gateway's graceful shutdown; it exits through process.exit, so --cpu-prof writes its profile.
      child.kill('SIGTERM');
      await exited(child);
    },
  };
}

/**
 * Waits until `child` answers `/healthz` at `origin`; a child that exits first, or is not healthy within
 * `timeoutMs`, fails the wait and is not left running (the caller never gets a handle to stop it).
 */
export async function waitUntilHealthy(origin: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`gateway exited with ${child.exitCode}`);
    const healthy = await fetch(`${origin}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (healthy) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`gateway did not become healthy within ${timeoutMs / 1000} s`);
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of another process from /proc (Linux), or NaN where there is no /proc. */
export async function processCpuMicros(pid: number): Promise<number> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which is in parentheses and may contain spaces: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return Number.NaN;
  }
}
