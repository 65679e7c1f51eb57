/**
 * The gateway as the benchmark runs it: the real app (src/app.ts) in a child
 * process of its own, pointed at the sandbox process by MARKETPLACE_URL /
 * SEO_URL / ITEMS_URL. It reports its port over IPC and answers `cpu`
 * messages with `process.cpuUsage()`, so the runner can put the gateway's
 * own CPU time per request beside its latency. Run with `--cpu-prof` to
 * profile it (see docs/benchmarks.md).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';

export type GatewayMessage = { type: 'ready'; port: number } | { type: 'cpu'; usage: NodeJS.CpuUsage };

const config = loadConfig({ LOG_LEVEL: 'silent', PORT: '0', ...process.env });
const app = await createApp(config, createLogger(config.logLevel));
const server = createServer(app.yoga);
server.keepAliveTimeout = 30_000;
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

const send = (message: GatewayMessage) => process.send?.(message);
send({ type: 'ready', port: (server.address() as AddressInfo).port });

process.on('message', (message: unknown) => {
  if (message === 'cpu') send({ type: 'cpu', usage: process.cpuUsage() });
  // Exit through process.exit so that --cpu-prof writes its profile.
  if (message === 'stop') {
    server.closeAllConnections();
    server.close(() => void app.close().then(() => process.exit(0)));
  }
});
