/**
 * The benchmark's process starter: a gateway that never becomes healthy fails the start and is not left
 * running (an orphaned gateway held CPU 0 through the next runs of the benchmark).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { waitUntilHealthy } from '../../bench/processes.js';
import { freePort } from '../helpers/free-port.js';

describe('bench: waiting for a gateway to be healthy', () => {
  it('a process that never answers /healthz fails the wait and is stopped', async () => {
    const child = spawn('sleep', ['30'], { stdio: 'ignore' });
    const exited = once(child, 'exit');
    const origin = `http://127.0.0.1:${await freePort()}`;
    await expect(waitUntilHealthy(origin, child, 400)).rejects.toThrow(/not become healthy/);
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: null, signal: 'SIGKILL' });
  });
});
