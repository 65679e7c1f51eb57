/**
 * The last line: a promise rejected with no handler, or an exception nobody
 * caught (an emitter's 'error' event with no listener among them), is a bug
 * in the gateway. Each is logged with its stack and counted
 * (`gateway_bugs_total`), so an alert can page on it and the suite can assert
 * it never happens. An unhandled rejection leaves nothing half-done behind, so
 * the process goes on answering; an uncaught exception keeps Node's own ending
 * (it is only watched, through 'uncaughtExceptionMonitor'), since the state it
 * leaves is unknown.
 */
import { bugs } from './metrics.js';
import type { Logger } from './logger.js';

/** What the log line says, so that tests and operators can find it. */
export const BUG_MESSAGE = 'bug: unhandled error';

let installed = false;

export function installProcessGuard(logger: Logger): void {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    bugs.inc({ kind: 'unhandled_rejection' });
    logger.error({ bug: 'unhandled_rejection', err: reason }, BUG_MESSAGE);
  });
  process.on('uncaughtExceptionMonitor', (error, origin) => {
    // An unhandled rejection is handled above and never arrives here as one.
    bugs.inc({ kind: 'uncaught_exception' });
    logger.fatal({ bug: 'uncaught_exception', origin, err: error }, BUG_MESSAGE);
  });
}
