/**
 * Concurrency bounds: UPSTREAM_CONNECTIONS caps the calls in flight to each
 * upstream per process (the undici Pool queues the rest), and
 * VALIDATE_PURCHASE_CONCURRENCY caps purchase validations of one request.
 * The sandbox records the highest number of calls it had in flight.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PURCHASE_CODES } from '../../src/sandbox/items/index.js';
import { ITEMS_KEY, startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';

const WIDE_ORDERS = '{ orders(first: 12) { nodes { id deliveries { id } revisions { id } } } }';
const buyer = { authorization: `Bearer ${TOKENS.buyer}` };

/** `latencyMs` per upstream call: long enough that calls meant to overlap do, even on a loaded machine. */
async function maxInFlightOf(
  gw: TestGateway,
  query: string,
  headers: Record<string, string>,
  service: 'marketplace' | 'items',
  latencyMs = 15,
) {
  gw.resetCalls();
  gw.sandbox.services[service]!.control.latencyMs = latencyMs;
  const res = await gw.query(query, { headers });
  expect(res.errors).toBeUndefined();
  return { calls: gw.calls(service).length, maxInFlight: gw.sandbox.services[service]!.control.maxInFlight };
}

describe('per-process connection bound (UPSTREAM_CONNECTIONS)', () => {
  let bounded: TestGateway;
  let wide: TestGateway;
  beforeAll(async () => {
    [bounded, wide] = await Promise.all([
      startTestGateway({ UPSTREAM_CONNECTIONS: '3' }, ['marketplace']),
      startTestGateway({}, ['marketplace']),
    ]);
  });
  afterAll(() => Promise.all([bounded.close(), wide.close()]));

  it('a wide query never has more calls in flight than the pool allows, and still answers in full', async () => {
    const { calls, maxInFlight } = await maxInFlightOf(bounded, WIDE_ORDERS, buyer, 'marketplace');
    expect(calls).toBeGreaterThan(20);
    expect(maxInFlight).toBeLessThanOrEqual(3);
  });

  it('the default pool does not limit the same query: its siblings all run at once', async () => {
    // At 15 ms a loaded machine could finish early calls before it starts the last ones (seen: 12 of 24 at once).
    const { calls, maxInFlight } = await maxInFlightOf(wide, WIDE_ORDERS, buyer, 'marketplace', 250);
    expect(maxInFlight).toBe(calls - 1); // everything but the list that the children wait for
  });

  it('concurrent requests share the bound: it is per process, not per request', async () => {
    bounded.resetCalls();
    await Promise.all([bounded.query(WIDE_ORDERS, { headers: buyer }), bounded.query(WIDE_ORDERS, { headers: buyer })]);
    expect(bounded.sandbox.services.marketplace!.control.maxInFlight).toBeLessThanOrEqual(3);
  });
});

describe('purchase validations (VALIDATE_PURCHASE_CONCURRENCY)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ VALIDATE_PURCHASE_CONCURRENCY: '2' }, ['items']);
  });
  afterAll(() => gw.close());

  it('many codes in one request run at most 2 at a time, one call per distinct code', async () => {
    const codes = [...Object.values(DEMO_PURCHASE_CODES), 'bad-1', 'bad-2', 'bad-3'];
    const query = `{ ${codes.map((code, i) => `v${i}: validatePurchase(code: "${code}") { valid }`).join(' ')} again: validatePurchase(code: "bad-1") { valid } }`;
    const { calls, maxInFlight } = await maxInFlightOf(gw, query, { 'x-items-api-key': ITEMS_KEY }, 'items');
    expect(calls).toBe(codes.length);
    expect(maxInFlight).toBe(2);
  });
});
