/**
 * Entry point: config from env (a bad variable stops the process with a
 * message naming it), the app, the HTTP listener (a port in use stops the
 * process with a message naming it), and graceful shutdown on SIGTERM/SIGINT:
 * stop accepting, complete open subscriptions, let in-flight requests finish,
 * close pools. A second signal forces the exit.
 */
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { createApp } from './app.js';
import { attachWebSocket } from './websocket.js';
import { createHttpServer, listen, ListenError } from './http-server.js';
import { completeSubscriptions } from './yoga.js';
import { startupSummary } from './startup-summary.js';
import { loadSandbox } from './embedded-sandbox.js';

const SHUTDOWN_GRACE_MS = 10_000;

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(config.logLevel, undefined, config.logFormat);
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
const server = createHttpServer(app.yoga, {
  requestTimeoutMs: config.requestDeadlineMs + 5_000,
  headersTimeoutMs: config.connections.headersTimeoutMs,
  maxConnectionsPerIp: config.connections.maxPerIp,
});
try {
  await listen(server, config.port, config.host);
} catch (error) {
  if (!(error instanceof ListenError)) throw error;
  logger.fatal(error.message);
  console.error(error.message);
  // At once: the embedded sandbox's listeners would otherwise keep the process alive.
  process.exit(1);
}
// Attached once listening: graphql-ws reports any server 'error' event as its own internal error.
const closeWebSocket = attachWebSocket(server, app.yoga, { maxPayloadBytes: config.limits.bodyBytes });
const address = server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.setListenUrl(`http://127.0.0.1:${port}`);
const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
// Loaded only when the sandbox runs, like the sandbox itself.
const demo = app.sandboxed.size > 0 ? await loadSandbox([...app.sandboxed]) : undefined;
const facts = {
  endpoint: `http://${shown}:${port}/graphql`,
  graphiql: config.graphiql,
  origins: app.origins,
  sandboxed: app.sandboxed,
  demoCredentials: Object.fromEntries([...app.sandboxed].map((name) => [name, demo!.demoCredentials(name)])),
};
for (const line of startupSummary(facts)) logger.info(line);

let stopping = false;
function shutdown(signal: string) {
  if (stopping) {
    logger.warn({ signal }, 'second signal: exiting without waiting for in-flight requests');
    process.exit(1);
  }
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  const completed = completeSubscriptions(app.yoga);
  if (completed > 0) logger.info({ subscriptions: completed }, 'completed open subscriptions');
  const force = setTimeout(() => {
    logger.warn('grace period over: closing remaining connections');
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  server.close(() => {
    clearInterval(sweep);
    void app.close().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  });
  // A completed SSE stream leaves a keep-alive connection behind: close each one as it goes idle.
  const sweep = setInterval(() => server.closeIdleConnections(), 100);
  sweep.unref();
  server.closeIdleConnections();
  // One turn later, so graphql-ws has sent each completed subscription's `complete` before the sockets close.
  setImmediate(() => void closeWebSocket());
  setTimeout(() => {
    server.getConnections((error, count) => {
      if (!error && count > 0) {
        logger.info({ connections: count }, `waiting up to ${SHUTDOWN_GRACE_MS / 1000} s for in-flight requests; press Ctrl-C again to force`);
      }
    });
  }, 500).unref();
}

process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
