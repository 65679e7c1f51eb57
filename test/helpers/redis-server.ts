/**
 * A throwaway Debian `redis-server` on a free loopback port, with no
 * persistence, for the suites that share state across gateway instances
 * (.ci/run installs the package; with CI=true a missing one is an error).
 */
import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from './free-port.js';
import { until } from './events.js';

export const hasRedisServer = spawnSync('redis-server', ['--version']).status === 0;
if (!hasRedisServer && process.env.CI === 'true') throw new Error('redis-server is missing: .ci/run installs it with apt-get');

export interface RedisServer {
  url: string;
  port: number;
  /** Empties every key (a fresh minute for every rate-limit bucket). */
  flushAll(): void;
  /** Freezes the server (SIGSTOP): connections stay open and nothing is answered, as in a stall. */
  pause(): void;
  /** Thaws a paused server (SIGCONT); harmless when it is not paused. Call it in teardown after any pause(). */
  resume(): void;
  /** Stops the server (resumed first, or it could not exit) and resolves once it has exited. */
  stop(): Promise<void>;
}

/** `port` restarts a server where a stopped one was (its clients reconnect to it). */
export async function startRedisServer(atPort?: number): Promise<RedisServer> {
  const port = atPort ?? (await freePort());
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  const cli = (...args: string[]) =>
    spawnSync('redis-cli', ['-p', String(port), ...args])
      .stdout?.toString()
      .trim();
  await until(() => cli('ping') === 'PONG', 5000);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    flushAll: () => void cli('flushall'),
    pause: () => void child.kill('SIGSTOP'),
    resume: () => void (child.exitCode === null && child.signalCode === null && child.kill('SIGCONT')),
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGCONT');
      child.kill();
      await exited;
    },
  };
}
