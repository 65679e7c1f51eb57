/**
 * `src/server.ts` in a child process, as `npm start` runs it, for the tests
 * that need the real entry point (start-up lines, exit codes, signals): the
 * same modules, transpiled once per run (test/setup/gateway-build.ts) rather
 * than by tsx at every start; or any other start command (spawnCommand).
 * Every process started here is killed after each test, with its whole group
 * when it leads one, and fails its test if it logged a bug (src/process-guard.ts).
 */
import { afterEach, inject } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { BUG_MESSAGE } from '../../src/process-guard.js';

export interface GatewayProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

const children: Array<{ child: ChildProcess; group: boolean; output: () => string; expectBugs: boolean }> = [];
afterEach(() => {
  const spawned = children.splice(0);
  for (const { child, group } of spawned) {
    try {
      if (group) process.kill(-child.pid!, 'SIGKILL');
      else if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  // A gateway that logged an unhandled rejection or exception (src/process-guard.ts) has a bug, whatever its test asserted.
  const buggy = spawned.find(({ output, expectBugs }) => !expectBugs && output().includes(BUG_MESSAGE));
  if (buggy) throw new Error(`a spawned gateway logged "${BUG_MESSAGE}":\n${buggy.output()}`);
});

export function spawnGatewayProcess(env: Record<string, string>, options: { expectBugs?: boolean } = {}): GatewayProcess {
  return spawnCommand(process.execPath, [inject('gatewayEntry')], {
    env: { NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    expectBugs: options.expectBugs,
  });
}

export interface CommandOptions {
  /** On top of this process's environment (a value undefined removes the variable). */
  env: Record<string, string | undefined>;
  cwd?: string;
  /** Its own process group, as a shell starts a command: a terminal's Ctrl-C reaches the whole group. */
  detached?: boolean;
  /** The test plants a bug on purpose (test/faults/process-guard.test.ts). */
  expectBugs?: boolean;
}

/** Any command (`npm start`, `node dist/src/server.js`…) in a child process, collected like spawnGatewayProcess. */
export function spawnCommand(command: string, args: string[], options: CommandOptions): GatewayProcess {
  const env = Object.fromEntries(Object.entries({ ...process.env, ...options.env }).filter(([, value]) => value !== undefined));
  const child = spawn(command, args, {
    cwd: options.cwd ?? process.cwd(),
    env,
    detached: options.detached ?? false,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  children.push({ child, group: options.detached ?? false, output: () => output, expectBugs: options.expectBugs ?? false });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** The port of the `Gateway ready: http://host:port/graphql` line, once it is there. */
export const readyPort = (output: string): number | undefined => {
  const port = /Gateway ready: http:\/\/[^:]+:(\d+)\/graphql/.exec(output)?.[1];
  return port === undefined ? undefined : Number(port);
};

/** Whether a process (a worker, a grandchild) is still running. */
export const isAlive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};
