/**
 * A GraphQL phase that throws past its done hook (Envelop then calls none) still has its span ended, in error,
 * when its request's response is made: no span of a traced request is left open, whatever throws where.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSchema, createYoga, type Plugin } from 'graphql-yoga';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { SpanStatusCode } from '@opentelemetry/api';
import { loadConfig } from '../../src/config.js';
import { startTracing, type Tracing } from '../../src/tracing.js';
import { useTracing } from '../../src/plugins/use-tracing.js';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
beforeAll(() => {
  const config = loadConfig({
    NODE_ENV: 'test',
    OTEL_EXPORTER_OTLP_ENDPOINT: 'http://127.0.0.1:9',
    OTEL_TRACES_SAMPLER: 'always_on',
    OTEL_BSP_SCHEDULE_DELAY: '10',
  }).tracing!;
  tracing = startTracing(config, exporter);
});
afterAll(() => tracing.shutdown());

const schema = createSchema({ typeDefs: 'type Query { hello: String }', resolvers: { Query: { hello: () => 'world' } } });

/** One POST through a Yoga with the tracing plugin and `failing` after it; the spans it exported. */
async function spansOf(failing: Plugin): Promise<ReadableSpan[]> {
  exporter.reset();
  const yoga = createYoga({ schema, logging: false, maskedErrors: true, plugins: [useTracing(), failing] });
  const response = await yoga.fetch('http://gateway.test/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ hello }' }),
  });
  await response.text();
  await new Promise((resolve) => setTimeout(resolve, 50));
  return exporter.getFinishedSpans();
}

const statusOf = (spans: ReadableSpan[], name: string) => spans.find((span) => span.name === name)?.status.code;

describe('a phase that throws past its done hook', () => {
  it('an execution that throws: its span ended in error, the SERVER span ended too', async () => {
    const spans = await spansOf({
      onExecute() {
        throw new Error('a plugin bug');
      },
    });
    expect(spans.map((span) => span.name).sort()).toEqual(['POST /graphql', 'graphql.execute', 'graphql.parse', 'graphql.validate']);
    expect(statusOf(spans, 'graphql.execute')).toBe(SpanStatusCode.ERROR);
    expect(statusOf(spans, 'graphql.parse')).toBe(SpanStatusCode.UNSET);
  });

  it('a validation that throws: its span ended in error, nothing executed', async () => {
    const spans = await spansOf({
      onValidate() {
        throw new Error('a rule bug');
      },
    });
    expect(spans.map((span) => span.name).sort()).toEqual(['POST /graphql', 'graphql.parse', 'graphql.validate']);
    expect(statusOf(spans, 'graphql.validate')).toBe(SpanStatusCode.ERROR);
  });
});
