/**
 * The gateway's app in the probe's own process, against the sandbox at 0 ms also in this process, for the
 * in-process probes (cpu-probe.ts, alloc-probe.ts). With `tracing`, every request is traced (as sampled by
 * `sampler`, default always_on) and exported over OTLP/HTTP protobuf to a no-op receiver in this process.
 */
import { createServer, type Server } from 'node:http';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startSandbox } from '../src/sandbox/index.js';
import { startOtlpSink, type OtlpSink } from './otlp-sink.js';

export interface ProbeApp {
  app: Awaited<ReturnType<typeof createApp>>;
  /** The OTLP receiver, when traced. */
  sink: OtlpSink | undefined;
  /** A `node:http` server with the app on a free port, when asked for. */
  server: Server | undefined;
  close(): Promise<void>;
}

export async function startProbeApp(options: {
  tracing: boolean;
  sampler?: string;
  http: boolean;
  env?: Record<string, string>;
}): Promise<ProbeApp> {
  const sandbox = await startSandbox();
  const sink = options.tracing ? await startOtlpSink() : undefined;
  const config = loadConfig({
    ...process.env,
    ...(sink && { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url, OTEL_TRACES_SAMPLER: options.sampler ?? 'always_on' }),
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    ...options.env,
    MARKETPLACE_URL: sandbox.urls.marketplace,
    SEO_URL: sandbox.urls.seo,
    ITEMS_URL: sandbox.urls.items,
  });
  for (const s of Object.values(sandbox.services)) s.control.recording = false;
  const app = await createApp(config, createLogger('silent'));
  const server = options.http ? createServer(app.yoga) : undefined;
  if (server) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    app,
    sink,
    server,
    async close() {
      await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
      await app.close();
      await sandbox.close();
      await sink?.close();
    },
  };
}
