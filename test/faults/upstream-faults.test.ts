/**
 * Fault injection through the sandbox, for each upstream: a hang, a slow
 * body, a reset connection, 500/502/503, 429 and 503 with Retry-After,
 * malformed JSON and a wrong shape. Each case asserts the caller's code,
 * that the other upstream's field still arrives (partial results), how many
 * attempts the upstream saw (retries only for GETs, exactly one for a
 * write), and that /healthz still answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Fault } from '../../src/sandbox/control.js';
import { errorAt, type TestGateway } from '../helpers/gateway.js';
import { CASES, GIG_SLUG, attempts, healthz, query, resetSandbox, setFaults, startFaultGateway } from './fault-kit.js';

let gw: TestGateway;
beforeAll(async () => {
  gw = await startFaultGateway();
});
afterAll(() => gw.close());
beforeEach(() => resetSandbox(gw));

interface ReadFault {
  name: string;
  fault: Omit<Fault, 'method' | 'pathIncludes'>;
  code: string;
  attempts: number;
  extensions?: Record<string, unknown>;
}

// UPSTREAM_RETRIES defaults to 2: a retryable GET is tried 3 times in all.
const READ_FAULTS: ReadFault[] = [
  { name: 'a hang', fault: { kind: 'hang' }, code: 'UPSTREAM_TIMEOUT', attempts: 1 },
  { name: 'a slow body', fault: { kind: 'slow-body', delayMs: 2_000 }, code: 'UPSTREAM_TIMEOUT', attempts: 1 },
  { name: 'a reset connection', fault: { kind: 'reset' }, code: 'UPSTREAM_UNAVAILABLE', attempts: 3 },
  { name: 'HTTP 500', fault: { kind: 'status', status: 500 }, code: 'UPSTREAM_UNAVAILABLE', attempts: 1, extensions: { status: 500 } },
  { name: 'HTTP 502', fault: { kind: 'status', status: 502 }, code: 'UPSTREAM_UNAVAILABLE', attempts: 3, extensions: { status: 502 } },
  { name: 'HTTP 503', fault: { kind: 'status', status: 503 }, code: 'UPSTREAM_UNAVAILABLE', attempts: 3, extensions: { status: 503 } },
  {
    name: 'HTTP 429 with a Retry-After beyond the deadline',
    fault: { kind: 'status', status: 429, headers: { 'retry-after': '120' } },
    code: 'RATE_LIMITED',
    attempts: 1,
    extensions: { status: 429, retryAfter: 120 },
  },
  {
    name: 'HTTP 503 with a Retry-After beyond the deadline',
    fault: { kind: 'status', status: 503, headers: { 'retry-after': '120' } },
    code: 'UPSTREAM_UNAVAILABLE',
    attempts: 1,
    extensions: { status: 503, retryAfter: 120 },
  },
  { name: 'malformed JSON', fault: { kind: 'malformed-json' }, code: 'UPSTREAM_BAD_RESPONSE', attempts: 1 },
  { name: 'a wrong shape', fault: { kind: 'wrong-shape' }, code: 'UPSTREAM_BAD_RESPONSE', attempts: 1 },
];

describe.each(CASES)('$name upstream', (upstream) => {
  const document = `{ ${upstream.read.query} ${upstream.other.query} }`;

  describe.each(READ_FAULTS)('a GET meeting $name', (scenario) => {
    it(`nulls only ${upstream.read.field} with ${scenario.code} after ${scenario.attempts} attempt(s)`, async () => {
      setFaults(gw, upstream.name, [{ ...scenario.fault, method: 'GET', pathIncludes: upstream.read.path }]);
      const res = await query(gw, document);
      expect(res.status).toBe(200);
      expect(res.data?.[upstream.read.field]).toBeNull();
      expect(res.data?.[upstream.other.field]).not.toBeNull();
      const error = errorAt(res, upstream.read.field);
      expect(error?.extensions).toMatchObject({ code: scenario.code, upstream: upstream.name, ...scenario.extensions });
      expect(error?.extensions?.outcomeUnknown).toBeUndefined();
      expect(res.errors).toHaveLength(1);
      expect(attempts(gw, upstream.name, upstream.read.path, 'GET')).toBe(scenario.attempts);
      expect(await healthz(gw)).toBe(200);
    });
  });

  it('recovers from one 503 and one reset by retrying the GET', async () => {
    for (const fault of [{ kind: 'status', status: 503 }, { kind: 'reset' }] as const) {
      resetSandbox(gw);
      setFaults(gw, upstream.name, [{ ...fault, method: 'GET', pathIncludes: upstream.read.path, times: 1 }]);
      const res = await query(gw, `{ ${upstream.read.query} }`);
      expect(res.errors).toBeUndefined();
      expect(res.data?.[upstream.read.field]).not.toBeNull();
      expect(attempts(gw, upstream.name, upstream.read.path, 'GET')).toBe(2);
    }
  });

  it('honours a Retry-After that fits the deadline, then answers', async () => {
    setFaults(gw, upstream.name, [
      { kind: 'status', status: 429, headers: { 'retry-after': '1' }, method: 'GET', pathIncludes: upstream.read.path, times: 1 },
    ]);
    const started = Date.now();
    const res = await query(gw, `{ ${upstream.read.query} }`);
    expect(res.errors).toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(attempts(gw, upstream.name, upstream.read.path, 'GET')).toBe(2);
  });

  describe('a write (POST) is sent exactly once', () => {
    const cases: Array<{ name: string; fault: Fault; code: string; outcomeUnknown?: true }> = [
      { name: 'HTTP 503', fault: { kind: 'status', status: 503 }, code: 'UPSTREAM_UNAVAILABLE' },
      { name: 'HTTP 502', fault: { kind: 'status', status: 502 }, code: 'UPSTREAM_UNAVAILABLE' },
      {
        name: 'HTTP 429 with Retry-After: 1',
        fault: { kind: 'status', status: 429, headers: { 'retry-after': '1' } },
        code: 'RATE_LIMITED',
      },
      { name: 'a reset connection', fault: { kind: 'reset' }, code: 'UPSTREAM_UNAVAILABLE', outcomeUnknown: true },
      { name: 'a hang', fault: { kind: 'hang' }, code: 'UPSTREAM_TIMEOUT', outcomeUnknown: true },
    ];
    it.each(cases)('$name → $code', async ({ fault, code, outcomeUnknown }) => {
      setFaults(gw, upstream.name, [{ ...fault, method: 'POST', pathIncludes: upstream.write.path }]);
      const res = await query(gw, upstream.write.document);
      expect(res.data?.[upstream.write.field]).toBeNull();
      const error = errorAt(res, upstream.write.field);
      expect(error?.extensions).toMatchObject({ code, upstream: upstream.name });
      // Only a write whose fate is unknown (no answer) says so; an HTTP error answer is a known outcome.
      expect(error?.extensions?.outcomeUnknown).toBe(outcomeUnknown);
      expect(attempts(gw, upstream.name, upstream.write.path, 'POST')).toBe(1);
      expect(await healthz(gw)).toBe(200);
    });
  });
});

describe('Idempotency-Key', () => {
  it('is forwarded on a marketplace mutation and never on a read', async () => {
    const res = await query(gw, `mutation { toggleGigFavorite(input: { slug: "${GIG_SLUG}" }) { __typename } }`, {
      'idempotency-key': 'retry-7f3a',
    });
    expect(res.errors).toBeUndefined();
    const [post] = gw.calls('marketplace').filter((c) => c.method === 'POST');
    expect(post?.headers['idempotency-key']).toBe('retry-7f3a');

    gw.resetCalls();
    await query(gw, '{ seller(username: "pixelcraft") { name } }', { 'idempotency-key': 'retry-7f3a' });
    expect(gw.calls('marketplace').every((c) => c.headers['idempotency-key'] === undefined)).toBe(true);
  });

  it('is forwarded on website-analysis and item-store writes too, and not on their reads', async () => {
    const headers = { 'idempotency-key': 'retry-9c1d', 'x-seo-api-key': 'seo-demo-key', 'x-items-api-key': 'items-demo-key' };
    await query(gw, 'mutation { createSeoReport(input: { url: "https://idem.example.com/" }) { report { id } } }', headers);
    await query(gw, '{ validatePurchase(code: "not-a-code") { valid } seoReports(first: 10) { totalCount } items { id } }', headers);
    expect(gw.calls('seo').find((c) => c.method === 'POST')?.headers['idempotency-key']).toBe('retry-9c1d');
    expect(gw.calls('items').find((c) => c.method === 'POST')?.headers['idempotency-key']).toBe('retry-9c1d');
    for (const call of [...gw.calls('seo'), ...gw.calls('items')].filter((c) => c.method === 'GET')) {
      expect(call.headers['idempotency-key']).toBeUndefined();
    }
  });

  it('is not forwarded on a read sent as a POST (a quote): nothing there for an upstream to dedupe', async () => {
    const res = await query(gw, `{ gigQuote(slug: "${GIG_SLUG}", package: BASIC) { total } }`, { 'idempotency-key': 'retry-2b8e' });
    expect(res.errors).toBeUndefined();
    const [post] = gw.calls('marketplace').filter((c) => c.method === 'POST');
    expect(post?.path).toMatch(/\/quote$/);
    expect(post!.headers['idempotency-key']).toBeUndefined();

    // Nor is a connection reset on it a write of unknown outcome; like every POST it is sent once.
    gw.resetCalls();
    setFaults(gw, 'marketplace', [{ kind: 'reset', method: 'POST', pathIncludes: '/quote' }]);
    const reset = await query(gw, `{ gigQuote(slug: "${GIG_SLUG}", package: BASIC) { total } }`);
    expect(errorAt(reset, 'gigQuote')?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE', upstream: 'marketplace' });
    expect(errorAt(reset, 'gigQuote')?.extensions?.outcomeUnknown).toBeUndefined();
    expect(attempts(gw, 'marketplace', '/quote', 'POST')).toBe(1);
  });

  it('is dropped when it is not a plausible key (too long)', async () => {
    await query(gw, `mutation { toggleGigFavorite(input: { slug: "${GIG_SLUG}" }) { __typename } }`, {
      'idempotency-key': 'k'.repeat(300),
    });
    const [post] = gw.calls('marketplace').filter((c) => c.method === 'POST');
    expect(post).toBeDefined();
    expect(post!.headers['idempotency-key']).toBeUndefined();
  });
});
