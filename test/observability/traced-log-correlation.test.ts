/**
 * The gateway's own tracing (an OTLP endpoint configured) passes each request's trace explicitly and
 * registers no context manager: OTel's AsyncLocalStorage one would make every promise of the process pay
 * a hook on Node 20 (docs/benchmarks.md, "Tracing overhead"). Its log lines still lead to their trace.
 */
import { describe, expect, it, vi } from 'vitest';
import { context, createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';
import { useTracedGateway } from '../helpers/traced-gateway.js';
import { connectWs } from '../helpers/ws.js';

const failingQuery = 'query Failing { seller(username: "pixelcraft") { name } seoReports(first: 1) { totalCount } }';

describe('a traced gateway', () => {
  // Only the marketplace runs: the website-analysis upstream is unreachable, so its field fails and is logged.
  const { receiver, gw } = useTracedGateway({}, ['marketplace']);

  /** The `field error` line written since `mark`, and the execute span of the operation it is about. */
  async function fieldErrorAndExecute(mark: number, operationName: string) {
    const execute = () =>
      receiver.spans().find((s) => s.name === 'graphql.execute' && s.attributes['graphql.operation.name'] === operationName);
    await vi.waitFor(() => expect(execute()).toBeDefined(), { timeout: 10_000, interval: 50 });
    const lines = gw.logs
      .slice(mark)
      .join('')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    return { fieldError: lines.find((line) => line.msg === 'field error'), execute: execute()! };
  }

  it("writes its execute span's trace_id and span_id on a request's field error line", async () => {
    const mark = gw.logs.length;
    const response = await gw.query(failingQuery, { headers: { 'x-seo-api-key': 'seo-demo-key' } });
    expect(response.errors?.length).toBeGreaterThan(0);
    const { fieldError, execute } = await fieldErrorAndExecute(mark, 'Failing');
    expect(fieldError).toMatchObject({ trace_id: execute.traceId, span_id: execute.spanId });
  });

  it('does the same for an operation over graphql-ws', async () => {
    const mark = gw.logs.length;
    const socket = await connectWs(gw.url, { headers: { 'x-seo-api-key': 'seo-demo-key' } });
    try {
      const result = await socket.run(failingQuery.replace('Failing', 'FailingOverWs'));
      expect(result.next[0]?.errors?.length).toBeGreaterThan(0);
    } finally {
      socket.close();
    }
    const { fieldError, execute } = await fieldErrorAndExecute(mark, 'FailingOverWs');
    expect(fieldError).toMatchObject({ trace_id: execute.traceId, span_id: execute.spanId });
  });

  it('registers no context manager, so nothing is ever made the active context', () => {
    const key = createContextKey('probe');
    expect(context.with(ROOT_CONTEXT.setValue(key, 1), () => context.active().getValue(key))).toBeUndefined();
  });
});
