/**
 * The process-level guard (src/process-guard.ts): an unhandled rejection is
 * logged as a bug with its stack and counted in `gateway_bugs_total`, and the
 * gateway goes on answering. Every other spawned gateway in the suite is
 * checked for that line when it ends (test/helpers/gateway-process.ts), so the
 * suite proves none is ever raised.
 */
import { describe, expect, it } from 'vitest';
import { spawnGatewayProcess } from '../helpers/gateway-process.js';
import { BUG_MESSAGE } from '../../src/process-guard.js';

// Loaded before src/server.ts (NODE_OPTIONS), so the rejection comes from inside the gateway's own process.
const PLANTED = `data:text/javascript,${encodeURIComponent('setTimeout(() => { Promise.reject(new Error("planted-rejection")); }, 1500);')}`;

describe('the process guard', () => {
  it('logs and counts an unhandled rejection as a bug, and the gateway keeps answering', async () => {
    const gateway = spawnGatewayProcess({ PORT: '0', LOG_FORMAT: 'json', NODE_OPTIONS: `--import=${PLANTED}` }, { expectBugs: true });
    const deadline = Date.now() + 30_000;
    const READY = /127\.0\.0\.1:(\d+)\/graphql/;
    while (!gateway.output().includes(BUG_MESSAGE) || !READY.test(gateway.output())) {
      if (gateway.child.exitCode !== null || Date.now() > deadline) throw new Error(`no bug line; output:\n${gateway.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const line = gateway
      .output()
      .split('\n')
      .find((l) => l.includes(BUG_MESSAGE))!;
    expect(JSON.parse(line)).toMatchObject({ level: 50, bug: 'unhandled_rejection', err: { message: 'planted-rejection' } });
    const url = `http://127.0.0.1:${READY.exec(gateway.output())![1]}`;
    const answer = await (
      await fetch(`${url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"query":"{ __typename }"}' })
    ).json();
    expect(answer).toMatchObject({ data: { __typename: 'Query' } });
    const metrics = await (await fetch(`${url}/metrics`)).text();
    expect(metrics).toMatch(/^gateway_bugs_total\{kind="unhandled_rejection"\} 1$/m);
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
  }, 40_000);
});
