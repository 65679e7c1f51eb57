/**
 * A log line finds its trace by the request id it names (src/request-trace.ts). That id is the caller's
 * X-Request-Id when it sends one, so two requests in flight can share it (a client that reuses one id, or
 * one that sends another caller's). Neither request's lines may then lead to the other's trace: a line
 * of the first, written while the second is in flight, must not carry the second's trace_id.
 */
import { describe, expect, it, vi } from 'vitest';
import { useTracedGateway } from '../helpers/traced-gateway.js';
import { CALLER_SPAN } from '../integration/tracing-fixtures.js';

const FIRST_TRACE = '1'.repeat(32);
const SECOND_TRACE = '2'.repeat(32);

describe('two traced requests in flight with the same X-Request-Id', () => {
  // Only the marketplace runs: the website-analysis upstream is unreachable, so its field fails and is logged.
  const { gw } = useTracedGateway({}, ['marketplace']);

  it("never writes the other request's trace on a request's lines", async () => {
    // The first answers (and logs its field error) while the second still waits for its slow seller.
    gw.sandbox.services.marketplace!.control.setFaults([
      { kind: 'delay', pathIncludes: '/sellers/pixelcraft', latencyMs: 300, times: 1 },
      { kind: 'delay', pathIncludes: '/sellers/', latencyMs: 2000, times: 1 },
    ]);
    const mark = gw.logs.length;
    const send = (trace: string, operation: string) =>
      gw.query(`query ${operation} { seller(username: "pixelcraft") { name } seoReports(first: 1) { totalCount } }`, {
        headers: { 'x-request-id': 'shared-id', 'x-seo-api-key': 'seo-demo-key', traceparent: `00-${trace}-${CALLER_SPAN}-01` },
      });
    const first = send(FIRST_TRACE, 'First');
    await new Promise((resolve) => setTimeout(resolve, 100));
    const second = send(SECOND_TRACE, 'Second');
    await Promise.all([first, second]);
    const lines = () =>
      gw.logs
        .slice(mark)
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'field error');
    await vi.waitFor(() => expect(lines()).toHaveLength(2));
    const [firstLine, secondLine] = lines();
    // Each line is its own request's, or names no trace: never the other's.
    expect(firstLine!.trace_id).not.toBe(SECOND_TRACE);
    expect(secondLine!.trace_id).not.toBe(FIRST_TRACE);
  });
});
