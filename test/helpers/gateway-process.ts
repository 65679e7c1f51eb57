/**
 * `src/server.ts` in a child process, as `npm start` runs it, for the tests
 * that need the real entry point (start-up lines, exit codes, signals): the
 * same modules, transpiled once per run (test/setup/gateway-build.ts) rather
 * than by tsx at every start. Every process started here is killed after each test.
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

const children: Array<{ child: ChildProcess; output: () => string; expectBugs: boolean }> = [];
afterEach(() => {
  const spawned = children.splice(0);
  for (const { child } of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  // A gateway that logged an unhandled rejection or exception (src/process-guard.ts) has a bug, whatever its test asserted.
  const buggy = spawned.find(({ output, expectBugs }) => !expectBugs && output().includes(BUG_MESSAGE));
  if (buggy) throw new Error(`a spawned gateway logged "${BUG_MESSAGE}":\n${buggy.output()}`);
});

export function spawnGatewayProcess(env: Record<string, string>, options: { expectBugs?: boolean } = {}): GatewayProcess {
  const child = spawn(process.execPath, [inject('gatewayEntry')], {
    cwd: process.cwd(),
    env: { ...process.env, NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  children.push({ child, output: () => output, expectBugs: options.expectBugs ?? false });
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}
