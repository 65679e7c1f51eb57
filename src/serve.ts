/**
 * One gateway process: the app, the HTTP listener (a port in use stops the
 * process with a message naming it), graphql-ws on the same port, the
 * start-up summary and graceful shutdown (src/shutdown.ts). Run by
 * src/server.ts directly, or in each worker when WORKERS > 1 (src/cluster.ts).
 */
import cluster from 'node:cluster';
import type { RequestListener } from 'node:http';
import { ConfigError, type Config } from './config.js';
import type { Logger } from './logger.js';
import { createApp } from './app.js';
import { attachWebSocket } from './websocket.js';
import { createHttpServer, listen, ListenError } from './http-server.js';
import { gatewayListener } from './front-door.js';
import { startupSummary } from './startup-summary.js';
import { maxSemiSpaceSize, youngGenerationWarning } from './young-generation.js';
import { installShutdown } from './shutdown.js';
import { loadSandbox } from './embedded-sandbox.js';
import { SHUTDOWN_MESSAGE, tellPrimaryReady } from './cluster.js';

export async function serveGateway(config: Config, logger: Logger): Promise<void> {
  let app: Awaited<ReturnType<typeof createApp>>;
  try {
    app = await createApp(config, logger);
  } catch (error) {
    // A configured file that is not usable (PERSISTED_DOCUMENTS) is a configuration error like a bad variable.
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  // Warm response-cache hits are answered before Yoga (src/front-door.ts), with the same headers as every answer.
  const server = createHttpServer(withWorkerHeader(gatewayListener(app.yoga), config), {
    requestTimeoutMs: config.requestDeadlineMs + 5_000,
    headersTimeoutMs: config.connections.headersTimeoutMs,
    maxConnectionsPerIp: config.connections.maxPerIp,
  });
  try {
    await listen(server, config.port, config.host);
  } catch (error) {
    if (!(error instanceof ListenError)) throw error;
    // Said once: in the log, or on stderr when the log is silenced.
    if (logger.isLevelEnabled('fatal')) logger.fatal(error.message);
    else console.error(error.message);
    // At once: the embedded sandbox's listeners would otherwise keep the process alive.
    process.exit(1);
  }
  // Attached once listening: graphql-ws reports any server 'error' event as its own internal error.
  const closeWebSocket = attachWebSocket(server, app.yoga, { maxPayloadBytes: config.limits.bodyBytes });
  // Before anything says "ready": until a listener is installed, a stop signal kills the process by its default
  // action, with no drain and no "stopped" line, and whoever read "ready" may send one at once.
  const shutdown = installShutdown({
    server,
    yoga: app.yoga,
    closeWebSocket,
    closeApp: () => app.close(),
    logger,
    delayMs: config.shutdown.delayMs,
    graceMs: config.shutdown.graceMs,
  });
  if (cluster.isWorker) {
    // The primary asks by message, not by signal: after a Ctrl-C the terminal has already sent this
    // worker SIGINT, and a forwarded signal would count as the second one, which exits at once.
    process.on('message', (message) => {
      if (message === SHUTDOWN_MESSAGE) shutdown.begin('primary');
    });
    // The primary is gone (killed): nobody would restart or stop this worker.
    process.on('disconnect', () => shutdown.begin('primary exited'));
    // Only now may the primary say the workers serve: a stop signal from here on drains this worker.
    tellPrimaryReady(logger);
  }
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.setListenUrl(`http://127.0.0.1:${port}`);
  const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
  // Loaded only when the sandbox runs, like the sandbox itself.
  const demo = app.sandboxed.size > 0 ? await loadSandbox([...app.sandboxed]) : undefined;
  const facts = {
    endpoint: `http://${shown}:${port}/graphql`,
    graphiql: config.graphiql,
    subgraph: config.subgraphPath && `http://${shown}:${port}${config.subgraphPath}`,
    // GraphiQL sends query text, which PERSISTED_DOCUMENTS_ONLY refuses: the page would run nothing.
    queryTextRefused: config.persistedDocuments.only,
    origins: app.origins,
    sandboxed: app.sandboxed,
    demoCredentials: Object.fromEntries([...app.sandboxed].map((name) => [name, demo!.demoCredentials(name)])),
  };
  // In a cluster the first worker speaks for all; the others would only repeat it.
  const quiet = cluster.isWorker && cluster.worker!.id > 1;
  // The first line also says the young generation's size the process started with (src/young-generation.ts).
  const [ready, ...rest] = startupSummary(facts);
  const semiSpaceMiB = maxSemiSpaceSize();
  logger[quiet ? 'debug' : 'info']({ maxSemiSpaceSizeMiB: semiSpaceMiB }, ready!);
  for (const line of rest) logger[quiet ? 'debug' : 'info'](line);
  const tooLarge = youngGenerationWarning(semiSpaceMiB, config.workers, process.constrainedMemory());
  if (tooLarge && !quiet) logger.warn(tooLarge);
}

/**
 * Outside production, a worker names itself in `X-Gateway-Worker` (its pid), so a developer can see the
 * requests spread over the workers. Never in production: a process id is nobody's business there.
 */
function withWorkerHeader(handler: RequestListener, config: Config): RequestListener {
  if (!cluster.isWorker || config.production) return handler;
  const pid = String(process.pid);
  return (request, response) => {
    response.setHeader('x-gateway-worker', pid);
    return handler(request, response);
  };
}
