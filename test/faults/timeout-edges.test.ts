/**
 * An upstream whose answer lands around its timeout. undici's own header and
 * body timers above one second tick every half second, so headers that arrive
 * just after UPSTREAM_TIMEOUT_MS reach a call the gateway has already timed
 * out: that once destroyed the body with no 'error' listener and ended the
 * process. Each edge gets a read of its own (its own path, so its own fault
 * and, for a public read, its own shared-cache fill): headers before, at and
 * just after the timeout, and a body after it. A caller gets its answer when
 * it came in time, UPSTREAM_TIMEOUT when it clearly did not, one of the two
 * at the edge itself, and the process (this test worker) lives on.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_CREDENTIALS, type TestGateway } from '../helpers/gateway.js';
import { resetSandbox, setFaults, startFaultGateway } from './fault-kit.js';
import type { Fault } from '../../src/sandbox/control.js';
import type { SandboxName } from '../../src/sandbox/index.js';

// Over one second, so undici's coarse timers are in play, as with the 10 s default.
const TIMEOUT_MS = 1500;
type Expected = 'answer' | 'timeout' | 'either';
const EDGES: Array<{ name: string; expected: Expected; fault: (path: string) => Fault }> = [
  {
    name: 'headers before the timeout',
    expected: 'answer',
    fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS - 300 }),
  },
  { name: 'headers at the timeout', expected: 'either', fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS }) },
  { name: 'headers 50 ms after', expected: 'either', fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS + 50 }) },
  {
    name: 'headers 200 ms after',
    expected: 'timeout',
    fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS + 200 }),
  },
  {
    name: 'headers 400 ms after',
    expected: 'timeout',
    fault: (path) => ({ kind: 'delay', pathIncludes: path, latencyMs: TIMEOUT_MS + 400 }),
  },
  {
    name: 'body after the timeout',
    expected: 'timeout',
    fault: (path) => ({ kind: 'slow-body', pathIncludes: path, delayMs: TIMEOUT_MS + 200 }),
  },
];

/** One read per edge, each with a path of its own. */
const READS: Record<'marketplace' | 'seo', (i: number) => { query: string; field: string; path: string }> = {
  marketplace: (i) => {
    const username = ['codeforge', 'wordsmithy', 'motionlab', 'growthpilot', 'brandbakery', 'devnest'][i]!;
    return { query: `seller(username: "${username}") { name }`, field: 'seller', path: `/sellers/${username}` };
  },
  // A report that does not exist answers NOT_FOUND: an answer all the same.
  seo: (i) => ({ query: `seoReport(id: "${9100 + i}") { id }`, field: 'seoReport', path: `/reports/${9100 + i}` }),
};

const outcomeOf = (answer: { data?: unknown; errors?: Array<{ extensions?: Record<string, unknown> }> }, field: string) => {
  const codes = (answer.errors ?? []).map((e) => e.extensions?.code);
  if (codes.length === 1 && codes[0] === 'UPSTREAM_TIMEOUT') return 'timeout';
  const data = (answer.data as Record<string, unknown> | null | undefined)?.[field];
  return data != null || (codes.length === 1 && codes[0] === 'NOT_FOUND') ? 'answer' : `unexpected ${JSON.stringify(codes)}`;
};

async function driveEdges(gw: TestGateway, upstream: SandboxName & keyof typeof READS) {
  resetSandbox(gw);
  const reads = EDGES.map((_, i) => READS[upstream](i));
  setFaults(
    gw,
    upstream,
    EDGES.map((edge, i) => ({ ...edge.fault(reads[i]!.path), times: 1 })),
  );
  const outcomes = await Promise.all(
    EDGES.map(async (edge, i) => {
      const answer = await gw.query(`{ ${reads[i]!.query} }`, { headers: ALL_CREDENTIALS });
      const outcome = outcomeOf(answer, reads[i]!.field);
      return {
        edge: edge.name,
        outcome: edge.expected === 'either' && (outcome === 'answer' || outcome === 'timeout') ? 'either' : outcome,
      };
    }),
  );
  expect(outcomes).toEqual(EDGES.map((edge) => ({ edge: edge.name, outcome: edge.expected })));
  // Each edge's own call was made once: nothing was shared away or retried.
  for (const read of reads)
    expect(
      gw.calls(upstream).filter((c) => c.path.endsWith(read.path)),
      read.path,
    ).toHaveLength(1);
  // The late bodies and headers land after their callers were answered: the process must outlive them too.
  await new Promise((resolve) => setTimeout(resolve, 600));
  resetSandbox(gw);
  const after = await gw.query(`{ ${READS.marketplace(0).query} }`, { headers: ALL_CREDENTIALS });
  expect(after.errors).toBeUndefined();
}

describe('an upstream answering around its timeout', () => {
  describe('each upstream client', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startFaultGateway({ UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS), UPSTREAM_RETRIES: '0' });
    });
    afterAll(() => gw?.close());
    it('marketplace: every edge answered as its timing says, and the process lives', () => driveEdges(gw, 'marketplace'), 30_000);
    it('seo: every edge answered as its timing says, and the process lives', () => driveEdges(gw, 'seo'), 30_000);
  });

  describe('a sub-second timeout', () => {
    // undici's header and body timers tick every half second (whatever their delay), so as the
    // gateway's own timer they fired up to ~500 ms early: at 800 ms, answers at 550 ms were cut.
    const SHORT_MS = 800;
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startFaultGateway({ UPSTREAM_TIMEOUT_MS: String(SHORT_MS), UPSTREAM_RETRIES: '0' });
    });
    afterAll(() => gw?.close());
    it('an answer at 70 % of the timeout arrives, one after the other (each meeting the timers at another phase)', async () => {
      resetSandbox(gw);
      const reads = [0, 1, 2, 3, 4, 5].map((i) => READS.marketplace(i));
      setFaults(
        gw,
        'marketplace',
        reads.map((read) => ({ kind: 'delay', pathIncludes: read.path, latencyMs: SHORT_MS * 0.7, times: 1 })),
      );
      const outcomes: string[] = [];
      for (const read of reads) outcomes.push(outcomeOf(await gw.query(`{ ${read.query} }`, { headers: ALL_CREDENTIALS }), read.field));
      expect(outcomes).toEqual(reads.map(() => 'answer'));
    }, 30_000);
  });

  describe('the shared-cache fill path', () => {
    let gw: TestGateway;
    beforeAll(async () => {
      gw = await startFaultGateway({
        UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
        UPSTREAM_RETRIES: '0',
        PUBLIC_CACHE_MAX_BYTES: String(8 * 1024 * 1024),
      });
    });
    afterAll(() => gw?.close());
    it('each public read is a fill of its own, answered as its timing says, and the process lives', async () => {
      const misses = async () => {
        const text = await (await fetch(`${gw.url}/metrics`)).text();
        return Number(
          /^gateway_cache_requests_total\{upstream="marketplace",operation="sellersShow",result="miss"\} (\d+)/m.exec(text)?.[1] ?? 0,
        );
      };
      const before = await misses();
      await driveEdges(gw, 'marketplace');
      // Every edge went through the cache as a miss of its own (the last query, after the edges, is one more).
      expect((await misses()) - before).toBeGreaterThanOrEqual(EDGES.length);
    }, 30_000);
  });
});
