/**
 * The circuit breaker (opens after repeated failures, fails fast with no
 * upstream call, lets one half-open probe through after the cool-down,
 * shows its state on /readyz and /metrics) and the whole-request deadline
 * (a request never outlives REQUEST_DEADLINE_MS; a caller who leaves
 * cancels its upstream work).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { errorAt, type TestGateway } from '../helpers/gateway.js';
import { testClock } from '../helpers/clock.js';
import { until } from '../helpers/events.js';
import { attempts, healthz, query, resetSandbox, setFaults, startFaultGateway } from './fault-kit.js';

// The cool-down passes only when the test moves the gateway's clock past it, so however loaded the machine,
// the circuit cannot half-open between opening and the check that it is open.
const COOLDOWN_MS = 60_000;
const clock = testClock();

const readyz = async (gw: TestGateway) =>
  (await (await fetch(`${gw.url}/readyz`)).json()) as {
    status: string;
    upstreams: Record<string, { breaker: string; lastError: unknown }>;
  };
const circuitGauge = async (gw: TestGateway, upstream: string) => {
  const text = await (await fetch(`${gw.url}/metrics`)).text();
  return Number(new RegExp(`gateway_upstream_circuit_state\\{upstream="${upstream}"\\} (\\d)`).exec(text)?.[1]);
};

describe('circuit breaker', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startFaultGateway({ BREAKER_FAILURES: '3', BREAKER_COOLDOWN_MS: String(COOLDOWN_MS) }, { now: clock.now });
  });
  afterAll(() => gw.close());
  beforeEach(() => resetSandbox(gw));

  it('opens after repeated failures, fails fast without calling, and leaves the other upstreams alone', async () => {
    setFaults(gw, 'items', [{ kind: 'status', status: 503 }]);
    // One GET and its two retries are one failed call: the circuit stays closed.
    const first = await query(gw, '{ items { id } }');
    expect(errorAt(first, 'items')?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', status: 503 });
    expect(attempts(gw, 'items', '/items/all')).toBe(3);
    expect((await readyz(gw)).upstreams.items!.breaker).toBe('closed');
    // Three failed calls in a row are the threshold.
    await query(gw, '{ items { id } }');
    await query(gw, '{ items { id } }');
    expect((await readyz(gw)).upstreams.items!.breaker).toBe('open');
    expect(await circuitGauge(gw, 'items')).toBe(2);

    gw.resetCalls();
    const fast = await query(gw, '{ items { id } seller(username: "pixelcraft") { name } }');
    const error = errorAt(fast, 'items');
    expect(error?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstream: 'items' });
    expect(error?.extensions?.retryAfter).toBeGreaterThanOrEqual(1);
    expect(gw.calls('items')).toHaveLength(0);
    expect((fast.data as { seller: { name: string } }).seller.name).toBeTruthy();
    expect((await readyz(gw)).upstreams.marketplace!.breaker).toBe('closed');
    expect(await healthz(gw)).toBe(200);
  });

  it('after the cool-down lets exactly one probe through: a failed probe opens it again', async () => {
    setFaults(gw, 'items', [{ kind: 'status', status: 503 }]);
    clock.advance(COOLDOWN_MS);
    expect((await readyz(gw)).upstreams.items!.breaker).toBe('half-open');
    const res = await query(gw, '{ items { id } }');
    expect(errorAt(res, 'items')?.extensions?.code).toBe('UPSTREAM_UNAVAILABLE');
    expect(attempts(gw, 'items', '/items/all')).toBe(1);
    expect((await readyz(gw)).upstreams.items!.breaker).toBe('open');
  });

  it('a successful probe closes it and calls flow again', async () => {
    clock.advance(COOLDOWN_MS);
    const res = await query(gw, '{ items { id } }');
    expect(res.errors).toBeUndefined();
    expect((await readyz(gw)).upstreams.items!.breaker).toBe('closed');
    expect(await circuitGauge(gw, 'items')).toBe(0);
  });

  it('answers 4xx without counting them as failures', async () => {
    setFaults(gw, 'marketplace', [{ kind: 'status', status: 404, body: { message: 'Seller not found.' } }]);
    for (let i = 0; i < 4; i++) {
      const res = await query(gw, '{ seller(username: "nobody") { name } }');
      expect(errorAt(res, 'seller')?.extensions?.code).toBe('NOT_FOUND');
    }
    expect((await readyz(gw)).upstreams.marketplace!.breaker).toBe('closed');
  });
});

describe('request deadline', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    // The per-call timeout is longer than the whole request's deadline: the deadline must win.
    gw = await startFaultGateway({ UPSTREAM_TIMEOUT_MS: '10000', REQUEST_DEADLINE_MS: '600' });
  });
  afterAll(() => gw.close());
  beforeEach(() => resetSandbox(gw));

  it('ends a request at its deadline with UPSTREAM_TIMEOUT and the other fields intact', async () => {
    setFaults(gw, 'seo', [{ kind: 'hang' }]);
    const started = Date.now();
    const res = await query(gw, '{ seoReports(first: 1) { totalCount } seller(username: "pixelcraft") { name } }');
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(2_000);
    expect(errorAt(res, 'seoReports')?.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT', upstream: 'seo' });
    expect((res.data as { seller: { name: string } }).seller.name).toBeTruthy();
  });

  it('does not start a retry whose backoff ends past the deadline', async () => {
    setFaults(gw, 'items', [{ kind: 'status', status: 503, headers: { 'retry-after': '2' } }]);
    const res = await query(gw, '{ items { id } }');
    expect(errorAt(res, 'items')?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', retryAfter: 2 });
    expect(attempts(gw, 'items', '/items/all')).toBe(1);
  });

  it('cancels the upstream call of a caller who went away', async () => {
    setFaults(gw, 'marketplace', [{ kind: 'hang' }]);
    const control = gw.sandbox.services.marketplace!.control;
    const abort = new AbortController();
    const pending = fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ seller(username: "pixelcraft") { name } }' }),
      signal: abort.signal,
    }).catch(() => undefined);
    await until(() => control.inFlight === 1);
    abort.abort();
    await pending;
    // Well before the 600 ms deadline: the gateway dropped the upstream call as soon as the caller left.
    await until(() => control.inFlight === 0, 150);
  });
});
