/**
 * With tracing on, a warm hit is still answered by the front door (src/front-door.ts), before Yoga, and is
 * traced as Yoga's path traces it: one SERVER span continuing the caller's traceparent, with the same name,
 * attributes and status; none for a caller whose traceparent is unsampled. Tracing is one per process, so the
 * two gateways (front door and Yoga's path) run one after the other.
 */
import { request as httpRequest } from 'node:http';
import { describe, expect, it, vi } from 'vitest';
import { startTestGateway } from '../helpers/gateway.js';
import { startOtlpReceiver } from '../helpers/otlp-receiver.js';
import { ENV, GIG_AND_SELLER, gigsOf, post, yogaSaw } from './front-door-fixtures.js';
import { CALLER_SPAN, exportedServerSpan, SERVER } from './tracing-fixtures.js';

const WARM = '4bf92f3577b34da6a3ce929d0e0e4901';
const UNSAMPLED = '4bf92f3577b34da6a3ce929d0e0e4902';
const SLOW = '4bf92f3577b34da6a3ce929d0e0e4903';
/** How long the slow caller waits between the two halves of its body. */
const PAUSE_MS = 300;

/** A cold request, then a warm one and an unsampled warm one, to a traced gateway; what the warm ones left. */
async function warmHit(frontDoor: boolean) {
  const receiver = await startOtlpReceiver();
  const gw = await startTestGateway({ ...ENV, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '20' }, ['marketplace'], {
    frontDoor,
  });
  try {
    const { slug } = await gigsOf(gw)();
    const body = JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } });
    await post(gw, body);
    gw.resetCalls();
    const warm = await yogaSaw(gw, () => post(gw, body, { traceparent: `00-${WARM}-${CALLER_SPAN}-01` }));
    const unsampled = await yogaSaw(gw, () => post(gw, body, { traceparent: `00-${UNSAMPLED}-${CALLER_SPAN}-00` }));
    await vi.waitFor(() => expect(receiver.spans().some((s) => s.traceId === WARM && s.kind === SERVER)).toBe(true), {
      timeout: 10_000,
      interval: 20,
    });
    // Spans are exported every 20 ms: an unsampled one would have been by now.
    await new Promise((resolve) => setTimeout(resolve, 100));
    const spansOf = (trace: string) =>
      receiver
        .spans()
        .filter((s) => s.traceId === trace)
        .map(({ name, kind, parentSpanId, attributes, status }) => ({ name, kind, parentSpanId, attributes, status }));
    return {
      yoga: warm.yoga + unsampled.yoga,
      upstreamCalls: gw.calls('marketplace').length,
      answer: warm.result,
      spans: spansOf(WARM),
      unsampledSpans: spansOf(UNSAMPLED),
    };
  } finally {
    await gw.close();
    await receiver.close();
  }
}

describe('a warm hit with tracing on', () => {
  it("is answered before Yoga, with the one SERVER span Yoga's path records for it", async () => {
    const yoga = await warmHit(false);
    const door = await warmHit(true);
    expect(yoga.yoga).toBe(2);
    expect(door.yoga).toBe(0);
    expect([door.upstreamCalls, yoga.upstreamCalls]).toEqual([0, 0]);
    const withoutDate = (answer: typeof door.answer) => ({ ...answer, headers: { ...answer.headers, date: undefined } });
    expect(withoutDate(door.answer)).toEqual(withoutDate(yoga.answer));
    expect(yoga.spans).toEqual([
      {
        name: 'POST /graphql',
        kind: SERVER,
        parentSpanId: CALLER_SPAN,
        attributes: {
          'http.request.method': 'POST',
          'url.scheme': 'http',
          'http.route': '/graphql',
          'url.path': '/graphql',
          'http.response.status_code': 200,
        },
        status: { code: 0 },
      },
    ]);
    expect(door.spans).toEqual(yoga.spans);
    expect([door.unsampledSpans, yoga.unsampledSpans]).toEqual([[], []]);
  });
});

describe('a miss the front door reads and hands to Yoga, with tracing on', () => {
  it('has its SERVER span from its arrival: the time the front door spent on it (here a slow body) inside it', async () => {
    const receiver = await startOtlpReceiver();
    const gw = await startTestGateway({ ...ENV, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '20' }, [
      'marketplace',
    ]);
    try {
      const { slug } = await gigsOf(gw)();
      const body = Buffer.from(JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } }));
      const before = gw.yogaRequests;
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest(`${gw.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': body.length, traceparent: `00-${SLOW}-${CALLER_SPAN}-01` },
        });
        req.on('response', (res) => res.resume().on('end', () => resolve(res.statusCode!)));
        req.on('error', reject);
        req.write(body.subarray(0, 10));
        setTimeout(() => req.end(body.subarray(10)), PAUSE_MS);
      });
      expect(status).toBe(200);
      // A miss: handed to Yoga, after the front door had waited for the whole body.
      expect(gw.yogaRequests - before).toBe(1);
      const server = await exportedServerSpan(receiver, SLOW);
      expect(server.name).toBe('POST /graphql');
      expect(server.durationMs).toBeGreaterThanOrEqual(PAUSE_MS - 20);
    } finally {
      await gw.close();
      await receiver.close();
    }
  });
});
