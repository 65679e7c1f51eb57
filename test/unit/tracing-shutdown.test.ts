/**
 * Stopping the gateway exports every span still queued (app.ts closes tracing last for that): the batch
 * processor flushes its whole queue at once, several batches side by side, which the exporter must take.
 */
import { afterEach, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { activeTracer, startTracing, type Tracing } from '../../src/tracing.js';
import { startOtlpReceiver, type OtlpReceiver } from '../helpers/otlp-receiver.js';

let receiver: OtlpReceiver | undefined;
let tracing: Tracing | undefined;
afterEach(async () => {
  await tracing?.shutdown().catch(() => undefined);
  tracing = undefined;
  await receiver?.close();
});

it('exports every span of a full queue on shutdown, several batches at once', async () => {
  receiver = await startOtlpReceiver();
  // 2,000 spans in batches of 500: one export starts as the first batch fills, the rest go out together on shutdown.
  const config = loadConfig({
    NODE_ENV: 'test',
    OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
    OTEL_TRACES_SAMPLER: 'always_on',
    OTEL_BSP_SCHEDULE_DELAY: '60000',
    OTEL_BSP_MAX_QUEUE_SIZE: '2000',
    OTEL_BSP_MAX_EXPORT_BATCH_SIZE: '500',
  }).tracing!;
  tracing = startTracing(config);
  for (let i = 0; i < 2000; i++) activeTracer()!.startSpan(`span ${i}`).end();
  const stopping = tracing.shutdown();
  tracing = undefined;
  await expect(stopping).resolves.toBeUndefined();
  expect(receiver.spans()).toHaveLength(2000);
});
