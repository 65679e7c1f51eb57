/**
 * A public read the shared cache fetches (a miss: its one upstream call,
 * detached from the caller's signal) is still part of the trace of the request
 * that started it: one CLIENT span under its `graphql.execute`, named in the
 * `traceparent` the upstream received. (The tracing suites run with the public
 * cache off; production runs with it on.)
 */
import { describe, expect, it, vi } from 'vitest';
import { useTracedGateway } from '../helpers/traced-gateway.js';
import { CALLER_SPAN, CALLER_TRACE, CLIENT } from './tracing-fixtures.js';

describe('a public read fetched by the shared cache, with tracing on', () => {
  const { receiver, gw } = useTracedGateway({ PUBLIC_CACHE_MAX_BYTES: '1000000' }, ['marketplace']);

  it('is a CLIENT span of the request that missed, named in the traceparent the upstream received', async () => {
    gw.resetCalls();
    const response = await gw.query('query PublicRead { seller(username: "pixelcraft") { name } }', {
      headers: { traceparent: `00-${CALLER_TRACE}-${CALLER_SPAN}-01` },
    });
    expect(response.errors).toBeUndefined();
    const calls = gw.calls('marketplace');
    expect(calls).toHaveLength(1);
    const match = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/.exec(String(calls[0]!.headers.traceparent));
    expect(match?.[1]).toBe(CALLER_TRACE);
    await vi.waitFor(() => expect(receiver.spans().filter((s) => s.kind === CLIENT && s.traceId === CALLER_TRACE)).toHaveLength(1), {
      timeout: 10_000,
      interval: 50,
    });
    const client = receiver.spans().find((s) => s.kind === CLIENT && s.traceId === CALLER_TRACE)!;
    const execute = receiver.spans().find((s) => s.name === 'graphql.execute' && s.traceId === CALLER_TRACE)!;
    expect(client.parentSpanId).toBe(execute.spanId);
    expect(client.spanId).toBe(match![2]);
    expect(client.attributes['gateway.upstream.operation']).toBe('sellersShow');
  });
});
