/**
 * WORKERS > 1: this (primary) process serves nothing itself. It forks the
 * workers, which run src/serve.ts and share the port (node:cluster hands out
 * the connections), restarts a worker that dies, with a doubling delay so a
 * worker that keeps crashing is not restarted in a tight loop, and on
 * SIGTERM/SIGINT asks every worker to drain and exits once they all have.
 * Workers share rate limits, webhook events and their dedup only through
 * Redis (REDIS_URL); without it each worker keeps its own.
 */
import cluster, { type Worker } from 'node:cluster';
import type { Config } from './config.js';
import type { Logger } from './logger.js';
import { onStopSignals } from './stop-signals.js';

/** What the primary sends a worker to start its drain (src/serve.ts). */
export const SHUTDOWN_MESSAGE = 'gateway:shutdown';
/** A worker's word that it listens and would drain on a stop signal (src/serve.ts sends it once its handlers are in). */
export const READY_MESSAGE = 'gateway:ready';

const FIRST_RESTART_DELAY_MS = 500;
const MAX_RESTART_DELAY_MS = 30_000;
/** A worker that served this long before dying was healthy: the next restart is quick again. */
const HEALTHY_UPTIME_MS = 30_000;
/** Beyond the workers' own drain (delay + grace), how long the primary waits before killing them. */
const EXIT_MARGIN_MS = 5_000;

export function runPrimary(config: Config, logger: Logger): void {
  const startedAt = new Map<Worker, number>();
  const listening = new Set<Worker>();
  let anyListened = false;
  let announced = false;
  let restartDelay = FIRST_RESTART_DELAY_MS;
  const pendingRestarts = new Set<NodeJS.Timeout>();
  let stopping = false;
  /** Workers that did not drain cleanly during the shutdown (crashes before it are restarted, not counted). */
  let failedExits = 0;
  /** Workers stopped by signal before they listened: nothing in flight, so their exit is no failure. */
  const stoppedStarting = new Set<Worker>();

  const fork = () => {
    const worker = cluster.fork();
    // A failed kill or message of the primary's would be thrown as an 'error' event nothing listens to.
    worker.on('error', (error: Error) => logger.warn({ workerPid: worker.process.pid, err: error }, 'a worker could not be reached'));
    startedAt.set(worker, Date.now());
    logger.debug({ workerPid: worker.process.pid }, 'worker starting');
  };

  let port: number | undefined;
  cluster.on('listening', (worker, address) => {
    listening.add(worker);
    anyListened = true;
    port = address.port;
  });
  // Announced once every worker said it is ready, not when it listens: a worker listens a moment before its
  // stop handlers are in, and a Ctrl-C sent on reading the line would kill such a worker with no drain.
  const ready = new Set<Worker>();
  cluster.on('message', (worker, message) => {
    if (message !== READY_MESSAGE) return;
    ready.add(worker);
    worker.once('exit', () => ready.delete(worker));
    if (!announced && ready.size === config.workers) {
      announced = true;
      if (!config.redisUrl) logger.warn('REDIS_URL is unset: each worker keeps its own rate limits, webhook events and caches');
      logger.info({ workers: config.workers, port, redis: Boolean(config.redisUrl) }, `${config.workers} workers serving port ${port}`);
    }
  });

  cluster.on('exit', (worker, code, signal) => {
    const uptime = Date.now() - (startedAt.get(worker) ?? Date.now());
    const served = listening.has(worker);
    startedAt.delete(worker);
    listening.delete(worker);
    if (stopping) {
      // A worker that had to cut requests (or was killed) makes the whole exit non-zero.
      if (code !== 0 && !stoppedStarting.has(worker)) failedExits++;
      if (startedAt.size === 0) {
        logger.info('all workers stopped');
        process.exit(failedExits > 0 ? 1 : 0);
      }
      return;
    }
    if (!served && !anyListened) {
      // Nothing ever listened: a configuration or port problem that a restart will not fix.
      logger.fatal({ pid: worker.process.pid, code, signal }, 'a worker failed to start: stopping');
      stopAll(1);
      return;
    }
    if (uptime >= HEALTHY_UPTIME_MS) restartDelay = FIRST_RESTART_DELAY_MS;
    logger.error({ pid: worker.process.pid, code, signal, restartInMs: restartDelay }, 'a worker died: starting another');
    const timer = setTimeout(() => {
      pendingRestarts.delete(timer);
      fork();
    }, restartDelay);
    pendingRestarts.add(timer);
    restartDelay = Math.min(restartDelay * 2, MAX_RESTART_DELAY_MS);
  });

  /** Asks every worker to drain; kills what is left once their drain time has passed. */
  function stopAll(exitCode: number) {
    stopping = true;
    if (exitCode !== 0) failedExits++;
    for (const timer of pendingRestarts) clearTimeout(timer);
    if (startedAt.size === 0) process.exit(exitCode);
    for (const worker of startedAt.keys()) {
      if (listening.has(worker)) {
        askToDrain(worker, logger);
      } else {
        // Still starting (a restart in progress): it serves nothing yet and may not be listening for the
        // message, so it would hold the shutdown until the kill below. A signal stops it at once.
        stoppedStarting.add(worker);
        worker.process.kill('SIGTERM');
      }
    }
    setTimeout(
      () => {
        logger.warn('workers did not stop in time: killing them');
        for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
        process.exit(1);
      },
      config.shutdown.delayMs + config.shutdown.graceMs + EXIT_MARGIN_MS,
    );
  }

  onStopSignals((signal, repeated) => {
    if (repeated && stopping) {
      logger.warn({ signal }, 'second signal: killing the workers');
      for (const worker of startedAt.keys()) worker.process.kill('SIGKILL');
      process.exit(1);
    }
    if (stopping) return;
    logger.info({ signal }, 'shutting down: asking every worker to drain');
    stopAll(0);
  });

  for (let i = 0; i < config.workers; i++) fork();
}

/** The part of a worker (or any IPC child) the drain message needs. */
export interface DrainTarget {
  isConnected(): boolean;
  send(message: string, callback: (error: Error | null) => void): boolean;
  readonly process: { readonly pid?: number };
}

/**
 * Sends a worker the message that starts its drain. A worker can be gone while it still looks connected: on Ctrl-C
 * (or a stop signal to the whole group) it drains on its own signal and exits as the primary sends, and the write
 * fails with EPIPE. Its exit is what the primary waits for, so the failure is only noted; without the callback it
 * was an 'error' event on the worker that ended the primary ("bug: unhandled error", exit 1).
 */
export function askToDrain(worker: DrainTarget, logger: Logger): void {
  if (!worker.isConnected()) return;
  worker.send(SHUTDOWN_MESSAGE, (error) => {
    if (error) logger.debug({ workerPid: worker.process.pid, err: error }, 'a worker had gone before its drain message reached it');
  });
}

/**
 * A worker's word to the primary that it listens and would drain on a stop signal. A primary killed meanwhile makes
 * the write fail (EPIPE) while the channel still looks open: 'disconnect' then stops this worker (src/serve.ts), so
 * the failure is only noted, where an 'error' event nothing listened to ended the worker as a bug.
 */
export function tellPrimaryReady(logger: Logger, channel: Pick<NodeJS.Process, 'send'> = process): void {
  channel.send?.(READY_MESSAGE, undefined, undefined, (error: Error | null) => {
    if (error) logger.debug({ err: error }, 'the primary had gone before this worker said it is ready');
  });
}
