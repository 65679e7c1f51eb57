/**
 * The gateway a campaign attacks, over the sandbox, with what the checks
 * need from it: the upstream calls the sandbox recorded, the gateway's log
 * lines, whether it is alive and its peak memory. `npm run fuzz` spawns the
 * real server (`src/server.ts`) so a crash is observed, not suffered, and
 * restarted; the slice in `npm test` runs it in-process like the other suites.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { freePort } from '../helpers/free-port.js';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { RecordedCall } from '../../src/sandbox/control.js';
import { SANDBOX_NAMES, startSandbox, type Sandbox, type SandboxName } from '../../src/sandbox/index.js';
import { DEMO_CREDENTIALS } from './cases.js';

export interface FuzzTarget {
  readonly url: string;
  readonly description: string;
  /** Calls the upstreams received since the last take (then forgotten, to stay flat in memory); await `idle` first. */
  idle(): Promise<void>;
  takeCalls(): Array<{ upstream: SandboxName; call: RecordedCall }>;
  takeLogLines(): string[];
  alive(): boolean;
  /** How the process ended, once it has. */
  exitReason(): string | undefined;
  restart(): Promise<void>;
  /** Peak resident memory of the gateway process (bytes), when it can be read. */
  maxRssBytes(): number | undefined;
  close(): Promise<void>;
}

/**
 * The gateway's settings under attack. Per-client and login rate limits are off and the per-address one is
 * huge: one address sends the whole flood, and a limit answering RATE_LIMITED would hide everything behind it.
 * The breaker never opens, so a hostile input's upstream calls stay visible to the checks.
 */
export const FUZZ_GATEWAY_ENV: Record<string, string> = {
  NODE_ENV: 'development',
  LOG_LEVEL: 'debug',
  // The log checks read one JSON object per line (development's default is readable multi-line text).
  LOG_FORMAT: 'json',
  RATE_LIMIT_PER_MINUTE: '0',
  AUTH_RATE_LIMIT_PER_MINUTE: '0',
  RATE_LIMIT_PER_IP_PER_MINUTE: '100000000',
  BREAKER_FAILURES: '1000000',
  EXPOSE_COST: 'true',
  GATEWAY_ADMIN_KEY: DEMO_CREDENTIALS.admin,
  MARKETPLACE_WEBHOOK_SECRET: DEMO_CREDENTIALS.webhook,
};

/**
 * Waits (up to 250 ms) until no upstream call is in flight, so a call the last input started
 * (a look-ahead cancelled as its answer went out) is counted for that input, not the next.
 */
export async function sandboxIdle(sandbox: Sandbox): Promise<void> {
  const busy = () => SANDBOX_NAMES.some((name) => (sandbox.services[name]?.control.inFlight ?? 0) > 0);
  for (let waited = 0; waited < 250 && busy(); waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
}

export function takeSandboxCalls(sandbox: Sandbox): Array<{ upstream: SandboxName; call: RecordedCall }> {
  const out: Array<{ upstream: SandboxName; call: RecordedCall }> = [];
  for (const upstream of SANDBOX_NAMES) {
    const control = sandbox.services[upstream]?.control;
    if (!control) continue;
    for (const call of control.calls.splice(0)) if (!call.path.startsWith('/__sandbox')) out.push({ upstream, call });
  }
  return out;
}

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/** Peak RSS of a process from /proc (Linux); undefined elsewhere or once it has gone. */
function peakRss(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** The real server as a child process (`node --import tsx src/server.ts`), its upstreams served by a sandbox in this process. */
export async function spawnGateway(
  env: Record<string, string> = {},
): Promise<FuzzTarget & { sandbox: Sandbox; pid(): number | undefined }> {
  const webhook = { url: '', secret: DEMO_CREDENTIALS.webhook };
  const sandbox = await startSandbox({ seed: 20261123, webhook });
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  webhook.url = `${url}/webhooks/marketplace`;
  let lines: string[] = [];
  let child: ChildProcess | undefined;
  let exit: string | undefined;
  let maxRss = 0;
  const sample = () => (maxRss = Math.max(maxRss, peakRss(child?.pid) ?? 0));
  const sampler = setInterval(sample, 200);
  sampler.unref();

  const start = async () => {
    exit = undefined;
    const spawned = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        ...FUZZ_GATEWAY_ENV,
        ...env,
        PORT: String(port),
        HOST: '127.0.0.1',
        MARKETPLACE_URL: sandbox.urls.marketplace!,
        SEO_URL: sandbox.urls.seo!,
        ITEMS_URL: sandbox.urls.items!,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = spawned;
    for (const stream of [spawned.stdout, spawned.stderr]) createInterface({ input: stream! }).on('line', (line) => lines.push(line));
    spawned.on('exit', (code, signal) => {
      sample();
      exit = `exited with ${signal ?? `code ${code}`}`;
    });
    for (let waited = 0; waited < 90_000; waited += 250) {
      if (exit) throw new Error(`the gateway did not start: ${exit}\n${lines.slice(-20).join('\n')}`);
      const healthy = await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (healthy) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the gateway did not answer /healthz within 90 s');
  };
  const stop = async () => {
    const running = child;
    if (!running || exit) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill('SIGTERM');
    const forced = setTimeout(() => running.kill('SIGKILL'), 12_000);
    await exited;
    clearTimeout(forced);
  };
  await start();

  return {
    url,
    sandbox,
    pid: () => child?.pid,
    description: `spawned gateway (node --import tsx src/server.ts, pid ${child?.pid}) over a sandbox in the runner`,
    idle: () => sandboxIdle(sandbox),
    takeCalls: () => takeSandboxCalls(sandbox),
    takeLogLines: () => {
      const taken = lines;
      lines = [];
      return taken;
    },
    alive: () => exit === undefined,
    exitReason: () => exit,
    restart: async () => {
      await stop();
      await start();
    },
    maxRssBytes: () => {
      sample();
      return maxRss || undefined;
    },
    close: async () => {
      clearInterval(sampler);
      await stop();
      await sandbox.close();
    },
  };
}
