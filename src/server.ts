/**
 * Entry point: config from env (a bad variable stops the process with a
 * message naming it), then either one gateway process (src/serve.ts) or,
 * with WORKERS > 1, the cluster primary that forks that many of them
 * (src/cluster.ts). Both shut down gracefully on SIGTERM/SIGINT
 * (src/shutdown.ts); a second signal forces the exit.
 */
import cluster from 'node:cluster';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './logger.js';
import { installProcessGuard } from './process-guard.js';

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
installProcessGuard(logger);
// Said once, by the process a user started (workers run this file too).
if (cluster.isPrimary) for (const warning of config.warnings) logger.warn(`${warning} (refused when NODE_ENV=production)`);
if (config.workers > 1 && cluster.isPrimary) {
  // Imported on demand: the primary never loads the schema or the app.
  const { runPrimary } = await import('./cluster.js');
  runPrimary(config, logger);
} else {
  const { serveGateway } = await import('./serve.js');
  await serveGateway(config, logger);
}
