/**
 * Messages between the cluster's primary and a worker whose other end has just gone (src/cluster.ts `askToDrain`,
 * `tellPrimaryReady`). On Ctrl-C, or a stop signal to the whole process group, each worker drains on its own signal
 * and may exit while the primary sends it the drain message; a primary killed while a worker starts is gone when the
 * worker says it is ready. The write then fails with EPIPE, which was an 'error' event nothing listened to: the
 * process ended with "bug: unhandled error" and exit 1 (seen on Node 24 in test/deploy/dockerfile.test.ts). Here
 * the other end of a real IPC channel closes before the message is sent.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
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
  // Node reports the EPIPE when its write to the closed channel fails at once; when the write is queued instead, no
  // error comes at all (the send's callback gets null). Each attempt must raise no error event, and one must see EPIPE.
  it.skipIf(process.platform !== 'linux')('is noted at debug, not thrown as an error event', async () => {
    const noted: Array<{ workerPid?: number; err?: { code?: string } }> = [];
    const logger = { debug: (fields: (typeof noted)[number]) => noted.push(fields) } as unknown as Logger;
    for (let attempt = 0; attempt < 10 && noted.length === 0; attempt++) {
      const child = childGoneUnnoticed();
      expect(child.connected).toBe(true);
      const errors: Error[] = [];
      child.on('error', (error) => errors.push(error));
      askToDrain(
        { isConnected: () => child.connected, send: (message, callback) => child.send(message, callback), process: child },
        logger,
      );
      await new Promise((resolve) => child.once('exit', resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(errors).toEqual([]);
      for (const fields of noted) expect(fields).toMatchObject({ workerPid: child.pid, err: { code: 'EPIPE' } });
    }
    expect(noted).toHaveLength(1);
  });
});

/**
 * A worker started by this test: it says it waits, holds its event loop while the test closes the channel (as a
 * killed primary's does), then says it is ready as src/serve.ts does, and exits 0 once its loop has run.
 */
const WORKER = `
  import { tellPrimaryReady } from ${JSON.stringify(fileURLToPath(new URL('../../src/cluster.ts', import.meta.url)))};
  process.once('message', () => {
    const until = Date.now() + 1500;
    while (Date.now() < until);
    tellPrimaryReady({ debug: (fields) => console.log(JSON.stringify({ noted: fields.err.code })) });
    setTimeout(() => process.exit(0), 200);
  });
  process.send('waiting');
`;

describe('a worker saying it is ready to a primary that has just gone', () => {
  it('notes the failed send and carries on, rather than dying of an unhandled error event', async () => {
    let output = '';
    // As above: one attempt of several must meet the EPIPE; none may end the worker.
    for (let attempt = 0; attempt < 5 && !output.includes('"noted"'); attempt++) {
      const worker = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', WORKER], {
        stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      });
      output = '';
      worker.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      worker.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
      // Start the worker's busy stretch, then close the channel while it cannot notice.
      await new Promise((resolve) => worker.once('message', resolve));
      worker.send('go', () => worker.disconnect());
      const code = await new Promise((resolve) => worker.once('exit', resolve));
      expect(code, output).toBe(0);
    }
    expect(output).toContain('{"noted":"EPIPE"}');
  }, 60_000);
});
