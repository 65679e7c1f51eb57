/**
 * Entry point: config from env (a bad variable stops the process with a
 * message naming it), the app, the HTTP listener, and graceful shutdown on
 * SIGTERM/SIGINT: stop accepting, let in-flight requests finish, close pools.
 */
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { createApp } from './app.js';
import { attachWebSocket } from './websocket.js';
import { createHttpServer, listen } from './http-server.js';

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

const logger = createLogger(config.logLevel);
const app = await createApp(config, logger);
const server = createHttpServer(app.yoga, { requestTimeoutMs: config.requestDeadlineMs + 5_000 });
const closeWebSocket = attachWebSocket(server, app.yoga);

await listen(server, config.port, config.host);
const address = server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
app.setListenUrl(`http://127.0.0.1:${port}`);
const shown = config.host === '0.0.0.0' ? 'localhost' : config.host;
logger.info(`Gateway ready: http://${shown}:${port}/graphql${config.graphiql ? ' (GraphiQL in a browser)' : ''}`);

let stopping = false;
function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
  const force = setTimeout(() => {
    logger.warn('grace period over: closing remaining connections');
    server.closeAllConnections();
  }, SHUTDOWN_GRACE_MS);
  force.unref();
  void closeWebSocket();
  server.close(() => {
    void app.close().then(() => {
      logger.info('stopped');
      process.exit(0);
    });
  });
  server.closeIdleConnections();
}

process.once('SIGTERM', () => shutdown('SIGTERM'));
process.once('SIGINT', () => shutdown('SIGINT'));
