/**
 * The soak's Redis: a throwaway Debian `redis-server` on a free loopback port
 * that can be paused (SIGSTOP: connections are accepted, nothing answers, as
 * when a host stalls) and resumed. Always resumed before it is stopped.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../../test/helpers/free-port.js';

export interface SoakRedis {
  url: string;
  pause(): void;
  resume(): void;
  stop(): Promise<void>;
}

export async function startSoakRedis(): Promise<SoakRedis | undefined> {
  if (spawnSync('redis-server', ['--version']).status !== 0) return undefined;
  const port = await freePort();
  const child: ChildProcess = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  for (let waited = 0; waited < 5000; waited += 50) {
    if (
      spawnSync('redis-cli', ['-p', String(port), 'ping'])
        .stdout?.toString()
        .trim() === 'PONG'
    )
      break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let paused = false;
  const resume = () => {
    if (paused) child.kill('SIGCONT');
    paused = false;
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    pause: () => {
      paused = true;
      child.kill('SIGSTOP');
    },
    resume,
    stop: async () => {
      resume();
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill();
      await exited;
    },
  };
}
