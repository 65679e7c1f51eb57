/**
 * Starts the two processes the benchmark measures against: the sandbox
 * (`npm run sandbox`, src/sandbox/main.ts) and the gateway
 * (bench/gateway-process.ts), each pinned to its own CPU with `taskset` when
 * the machine has it and more than one core, so the simulated upstreams do not
 * steal the gateway's CPU time.
 */
import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import type { Origins } from './direct/rest.js';
import type { GatewayMessage } from './gateway-process.js';

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

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface Running {
  child: ChildProcess;
  stop(): Promise<void>;
}

const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null ? resolve() : child.once('exit', () => resolve())));

export async function startSandboxProcess(): Promise<Running & { origins: Origins }> {
  const [m, s, i] = [await freePort(), await freePort(), await freePort()];
  const child = spawn(process.execPath, [...TSX, 'src/sandbox/main.ts'], {
    env: { ...process.env, SANDBOX_MARKETPLACE_PORT: String(m), SANDBOX_SEO_PORT: String(s), SANDBOX_ITEMS_PORT: String(i), SANDBOX_LATENCY_MS: '0' },
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

export interface GatewayProcess extends Running {
  url: string;
  cpuUsage(): Promise<NodeJS.CpuUsage>;
}

export async function startGatewayProcess(origins: Origins, env: Record<string, string>, execArgv: string[] = []): Promise<GatewayProcess> {
  const child = fork('bench/gateway-process.ts', [], {
    execArgv: [...TSX, ...execArgv],
    // The per-client rate limit would refuse a benchmark's traffic (one client, thousands of requests a minute).
    env: { RATE_LIMIT_PER_MINUTE: '0', ...process.env, NODE_ENV: 'development', MARKETPLACE_URL: origins.marketplace, SEO_URL: origins.seo, ITEMS_URL: origins.items, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const next = <T extends GatewayMessage['type']>(type: T) =>
    new Promise<Extract<GatewayMessage, { type: T }>>((resolve) => {
      const onMessage = (message: GatewayMessage) => {
        if (message.type !== type) return;
        child.off('message', onMessage);
        resolve(message as Extract<GatewayMessage, { type: T }>);
      };
      child.on('message', onMessage);
    });
  const { port } = await Promise.race([
    next('ready'),
    new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`gateway exited with ${code}`)))),
  ]);
  pin(child.pid!, pinning?.gateway);
  return {
    child,
    url: `http://127.0.0.1:${port}/graphql`,
    cpuUsage: async () => {
      const reply = next('cpu');
      child.send('cpu');
      return (await reply).usage;
    },
    stop: async () => {
      child.send('stop');
      await exited(child);
    },
  };
}
