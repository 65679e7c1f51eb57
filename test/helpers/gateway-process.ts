/**
 * `src/server.ts` in a child process, as `npm start` runs it, for the tests
 * that need the real entry point (start-up lines, exit codes, signals), or
 * any other start command (spawnCommand). Every process started here is
 * killed after each test, with its whole group when it leads one.
 */
import { afterEach } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';

export interface GatewayProcess {
  child: ChildProcess;
  /** Everything written to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code. */
  exited: Promise<number | null>;
}

const children: Array<{ child: ChildProcess; group: boolean }> = [];
afterEach(() => {
  for (const { child, group } of children.splice(0)) {
    try {
      if (group) process.kill(-child.pid!, 'SIGKILL');
      else if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
});

export function spawnGatewayProcess(env: Record<string, string>): GatewayProcess {
  return spawnCommand(process.execPath, ['--import', 'tsx', 'src/server.ts'], { env: { NODE_ENV: 'development', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env } });
}

export interface CommandOptions {
  /** On top of this process's environment (a value undefined removes the variable). */
  env: Record<string, string | undefined>;
  cwd?: string;
  /** Its own process group, as a shell starts a command: a terminal's Ctrl-C reaches the whole group. */
  detached?: boolean;
}

/** Any command (`npm start`, `node dist/src/server.js`…) in a child process, collected like spawnGatewayProcess. */
export function spawnCommand(command: string, args: string[], options: CommandOptions): GatewayProcess {
  const env = Object.fromEntries(Object.entries({ ...process.env, ...options.env }).filter(([, value]) => value !== undefined));
  const child = spawn(command, args, { cwd: options.cwd ?? process.cwd(), env, detached: options.detached ?? false, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push({ child, group: options.detached ?? false });
  let output = '';
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
