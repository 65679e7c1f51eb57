/**
 * Every operation's context arms the request's deadline (a timer of REQUEST_DEADLINE_MS), which its end
 * disarms (use-request-deadline.ts). An operation refused before it runs (over the cost limit, or a
 * @defer a JSON-only caller cannot receive) ends there too: a flood of refusals must not leave one armed
 * timer, holding the request's context and clients, per refused request for the length of the deadline.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

/** A deadline no other timer of the process has: the timers armed with it are the requests' deadlines. */
const DEADLINE_MS = 600_007;
const REFUSALS = 40;

/** Deadlines armed and not yet disarmed (setTimeout and clearTimeout watched for this suite). */
const armed = new Set<unknown>();
let armedEver = 0;
const { setTimeout: realSetTimeout, clearTimeout: realClearTimeout } = globalThis;
beforeAll(() => {
  globalThis.setTimeout = ((callback: () => void, ms?: number, ...rest: unknown[]) => {
    const timer = realSetTimeout(callback, ms, ...rest);
    if (ms === DEADLINE_MS) {
      armed.add(timer);
      armedEver++;
    }
    return timer;
  }) as typeof setTimeout;
  globalThis.clearTimeout = ((timer?: Parameters<typeof clearTimeout>[0]) => {
    armed.delete(timer);
    realClearTimeout(timer);
  }) as typeof clearTimeout;
});
afterAll(() => {
  globalThis.setTimeout = realSetTimeout;
  globalThis.clearTimeout = realClearTimeout;
});
const armedTimers = () => armed.size;

describe('an operation refused before it runs', () => {
  const gw = useTestGateway({ MAX_COST: '1', REQUEST_DEADLINE_MS: String(DEADLINE_MS) }, ['marketplace']);

  it('is told apart from one that ran, which disarms its deadline', async () => {
    const [before, everBefore] = [armedTimers(), armedEver];
    for (let sent = 0; sent < 5; sent++) expect((await gw.query('{ __typename }')).errors).toBeUndefined();
    expect(armedEver - everBefore).toBe(5);
    expect(armedTimers() - before).toBe(0);
  });

  it.each([
    ['over the cost limit', '{ a: gig(slug: "x") { slug } b: gig(slug: "y") { slug } }', 'QUERY_TOO_COMPLEX'],
    ['with a @defer the caller cannot receive', '{ ... @defer { gig(slug: "x") { slug } } }', 'BAD_REQUEST'],
  ])('leaves no deadline armed: %s', async (_, query, code) => {
    // One refusal first: whatever the first request of a kind sets up (parse caches, sockets) is not counted.
    expect((await gw.query(query)).errors?.[0]?.extensions?.code).toBe(code);
    const before = armedTimers();
    for (let sent = 0; sent < REFUSALS; sent++) expect((await gw.query(query)).errors?.[0]?.extensions?.code).toBe(code);
    expect(armedTimers() - before).toBeLessThan(REFUSALS / 4);
  });
});
