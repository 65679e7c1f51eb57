/**
 * An upstream whose answer lands around its timeout. undici's own header and
 * body timers above one second tick every half second, so headers that arrive
 * just after UPSTREAM_TIMEOUT_MS reach a call the gateway has already timed
 * out: that once destroyed the body with no 'error' listener and ended the
 * process. Each upstream client, and the shared-cache fill path, is driven with
 * headers arriving before, at and just after the timeout, and with the body
 * arriving after it; every caller gets its data or a coded UPSTREAM_TIMEOUT,
 * and the process (this test worker) lives on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CREDENTIALS, type TestGateway } from '../helpers/gateway.js';
import { CASES, resetSandbox, setFaults, startFaultGateway } from './fault-kit.js';
import type { Fault } from '../../src/sandbox/control.js';

// Over one second, so undici's coarse timers are in play, as with the 10 s default.
const TIMEOUT_MS = 1500;
const EDGES: Array<{ name: string; fault: (path: string) => Fault }> = [
  { name: 'headers before the timeout', fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS - 150 }) },
  { name: 'headers at the timeout', fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS }) },
  { name: 'headers 50 ms after', fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS + 50 }) },
  { name: 'headers 200 ms after', fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS + 200 }) },
  { name: 'headers 400 ms after', fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS + 400 }) },
  { name: 'body after the timeout', fault: (path) => ({ kind: 'slow-body', pathIncludes: path, delayMs: TIMEOUT_MS + 100 }) },
];

async function driveEdges(gw: TestGateway) {
  for (const upstream of CASES) {
    resetSandbox(gw);
    // One fault per call, taken in the order the calls arrive: the requests leave 50 ms apart.
    setFaults(gw, upstream.name, EDGES.map((edge) => ({ ...edge.fault(upstream.read.path), times: 1 })));
    const outcomes = await Promise.all(
      EDGES.map(async (edge, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 50));
        const answer = await gw.query(`{ ${upstream.read.query} }`, { headers: ALL_CREDENTIALS });
        return { edge: edge.name, answer };
      }),
    );
    for (const { edge, answer } of outcomes) {
      const data = (answer.data as Record<string, unknown> | null | undefined)?.[upstream.read.field];
      const codes = (answer.errors ?? []).map((e) => e.extensions?.code);
      // Either the answer made it in time, or the field failed with the timeout's code and nothing else.
      if (data == null) expect({ upstream: upstream.name, edge, codes }).toEqual({ upstream: upstream.name, edge, codes: ['UPSTREAM_TIMEOUT'] });
      else expect({ upstream: upstream.name, edge, codes }).toEqual({ upstream: upstream.name, edge, codes: [] });
    }
    // Whatever the timers did, the last bodies are settled before the next upstream's round.
    await new Promise((resolve) => setTimeout(resolve, TIMEOUT_MS));
  }
  resetSandbox(gw);
  // Still here, and still answering.
  const after = await gw.query(`{ ${CASES[0]!.read.query} }`, { headers: ALL_CREDENTIALS });
  expect(after.errors).toBeUndefined();
}

describe('an upstream answering around its timeout', () => {
  describe('each upstream client', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startFaultGateway({ UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), UPSTREAM_RETRIES: '0' });
    });
    afterAll(() => gw?.close());
    it('answers every edge with data or UPSTREAM_TIMEOUT, and the process lives', () => driveEdges(gw), 60_000);
  });

  describe('the shared-cache fill path', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startFaultGateway({ UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), UPSTREAM_RETRIES: '0', PUBLIC_CACHE_MAX_BYTES: String(8 * 1024 * 1024) });
    });
    afterAll(() => gw?.close());
    it('answers every edge with data or UPSTREAM_TIMEOUT, and the process lives', () => driveEdges(gw), 60_000);
  });
});
