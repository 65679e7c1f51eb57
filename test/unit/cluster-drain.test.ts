/**
 * The primary's drain message to a worker that is already gone (src/cluster.ts `askToDrain`). On Ctrl-C, or a stop
 * signal to the whole process group, each worker drains on its own signal and may exit while the primary sends it
 * the message; the write then fails with EPIPE. That failure was an 'error' event on the worker, which nothing
 * listened to: the primary ended with "bug: unhandled error" and exit 1 (seen on Node 24 in
 * test/deploy/dockerfile.test.ts). Here a real child with an IPC channel exits before the message is sent.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { askToDrain } from '../../src/cluster.js';
import type { Logger } from '../../src/logger.js';

/** A child with an IPC channel that has exited, while this process (its event loop held) has not yet heard of it. */
function childGoneUnnoticed() {
  const child = spawn(process.execPath, ['-e', 'process.exit(0)'], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] });
  const state = () => readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.[0];
  const deadline = Date.now() + 10_000;
  // A zombie: exited, not yet reaped, so nothing of its exit has reached this process's handlers.
  while (state() !== 'Z' && Date.now() < deadline);
  return child;
}

describe('the drain message to a worker that has just exited', () => {
  it.skipIf(process.platform !== 'linux')('is noted at debug, not thrown as an error event', async () => {
    const child = childGoneUnnoticed();
    expect(child.connected).toBe(true);
    const errors: Error[] = [];
    child.on('error', (error) => errors.push(error));
    const noted: unknown[] = [];
    const logger = { debug: (fields: unknown) => noted.push(fields) } as unknown as Logger;
    askToDrain({ isConnected: () => child.connected, send: (message, callback) => child.send(message, callback), process: child }, logger);
    await new Promise((resolve) => child.once('exit', resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([]);
    expect(noted).toEqual([expect.objectContaining({ workerPid: child.pid, err: expect.objectContaining({ code: 'EPIPE' }) })]);
  });
});
