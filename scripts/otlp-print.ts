/**
 * `npm run otlp:print`: a development OTLP/HTTP receiver that prints every
 * trace it receives as an indented span tree (docs/observability.md). Point
 * the gateway at it with OTEL_EXPORTER_OTLP_ENDPOINT=http://127.0.0.1:4318;
 * both http/protobuf and http/json are understood.
 *
 *   npm run otlp:print                    # 127.0.0.1:4318
 *   OTLP_PRINT_PORT=4319 OTLP_PRINT_HOST=0.0.0.0 npm run otlp:print
 */
import { startReceiver } from './otlp/receiver.js';

const port = Number(process.env.OTLP_PRINT_PORT ?? 4318);
const host = process.env.OTLP_PRINT_HOST ?? '127.0.0.1';

try {
  const receiver = await startReceiver({ port, host });
  console.log(`otlp-print: receiving OTLP/HTTP traces (protobuf or JSON) at ${receiver.url}/v1/traces`);
  console.log(`otlp-print: start the gateway with OTEL_EXPORTER_OTLP_ENDPOINT=${receiver.url}`);
  const stop = () => void receiver.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  const code = (error as NodeJS.ErrnoException).code;
  console.error(code === 'EADDRINUSE' ? `otlp-print: port ${port} is in use (set OTLP_PRINT_PORT)` : String(error));
  process.exit(1);
}
