/**
 * Graceful shutdown on SIGTERM/SIGINT, in the order a load balancer needs:
 * 1. /readyz answers 503 ("shutting down") at once; for SHUTDOWN_DELAY_MS
 *    everything else is still served, so a balancer polling /readyz stops
 *    routing here before the port closes (Kubernetes uses preStop instead).
 * 2. Every answer from now on says `Connection: close`. Once the connections
 *    already in the accept queue are taken and the requests already sent on
 *    keep-alive connections are read (so none of them is reset), the listener
 *    closes (new connections are refused), open subscriptions get a
 *    `complete` (SSE and graphql-ws), idle keep-alive connections close.
 * 3. In-flight requests have SHUTDOWN_GRACE_MS to finish; what is still open
 *    then is cut.
 * 4. Pools, Redis and the tracer close, and the process exits: 0 when every
 *    request finished, 1 when some had to be cut (the log says how many).
 * A second signal exits at once with 1 (a copy relayed by npm is not one: src/stop-signals.ts).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from './logger.js';
import { onStopSignals, RELAYED_SIGNAL_MS } from './stop-signals.js';
import { completeSubscriptions, reportNotReady, type Gateway } from './yoga.js';

export interface ShutdownOptions {
  server: Server;
  yoga: Gateway;
  closeWebSocket: () => Promise<void>;
  /** Releases pools, Redis, the embedded sandbox and the tracer. */
  closeApp: () => Promise<void>;
  logger: Logger;
  delayMs: number;
  graceMs: number;
}

/** Event-loop turns the listener may stay open after a signal while connections and requests keep arriving. */
const MAX_SETTLE_TURNS = 20;

/** After the grace period, how long closing pools and Redis may take before the process exits anyway. */
export const CLOSE_APP_MS = 3_000;

export function installShutdown(options: ShutdownOptions): { begin(cause: string): void } {
  const { server, yoga, logger, delayMs, graceMs } = options;
  let stopping = false;
  let draining = false;
  // The responses in flight, so that once draining each one whose headers are still to come says
  // `Connection: close` (a keep-alive client would otherwise send its next request on a connection about to
  // close, and have it reset).
  const inFlight = new Set<ServerResponse>();
  server.prependListener('request', (_request: IncomingMessage, response: ServerResponse) => {
    if (draining) return closeAfter(response);
    inFlight.add(response);
    response.once('close', () => inFlight.delete(response));
  });

  function begin(cause: string) {
    if (stopping) return;
    stopping = true;
    reportNotReady(yoga, 'shutting down');
    if (delayMs > 0) {
      logger.info({ cause, delayMs }, 'shutting down: /readyz now answers 503; still serving until the listener closes');
      setTimeout(drain, delayMs);
    } else {
      drain();
    }
  }

  function drain() {
    logger.info('shutting down: no new connections, finishing in-flight requests');
    // Every answer from now on closes its connection: a keep-alive client sends no further request on it.
    draining = true;
    for (const response of inFlight) closeAfter(response);
    inFlight.clear();
    // Requests the listener already took may still be unread: connections waiting in the accept queue, and
    // requests in the buffers of keep-alive connections that look idle. server.close() and
    // closeIdleConnections() destroy an idle connection at once (ECONNRESET for a request sent before the
    // signal, and no count of it), so they run only once the queue is accepted and what was sent is read:
    // a connection with a request is not idle.
    afterPendingReads(() => stopListening());
  }

  function stopListening() {
    const completed = completeSubscriptions(yoga);
    if (completed > 0) logger.info({ subscriptions: completed }, 'completed open subscriptions');
    let cut = 0;
    const force = setTimeout(() => {
      server.getConnections((error, count) => {
        cut = error ? 0 : count;
        logger.warn({ connections: count }, 'grace period over: cutting the requests still in flight');
        server.closeAllConnections();
      });
      // Pools wait for the upstream calls of the cut requests: bounded, the process exits anyway.
      setTimeout(() => {
        logger.warn('resources did not close in time: exiting');
        process.exit(1);
      }, CLOSE_APP_MS);
    }, graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(force);
      void options.closeApp().then(
        () => {
          logger.info({ cutRequests: cut }, 'stopped');
          process.exit(cut > 0 ? 1 : 0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'closing resources failed');
          process.exit(1);
        },
      );
    });
    // A completed SSE stream leaves a keep-alive connection behind: close each one as it goes idle
    // (right after a read of every socket, so never one whose next request is already in its buffer).
    const sweep = setInterval(() => setImmediate(() => server.closeIdleConnections()), 100);
    sweep.unref();
    // One turn later, so graphql-ws has sent each completed subscription's `complete` before the sockets close.
    setImmediate(() => void options.closeWebSocket());
    setTimeout(() => {
      server.getConnections((error, count) => {
        if (!error && count > 0) {
          logger.info({ connections: count }, `waiting up to ${graceMs / 1000} s for in-flight requests; press Ctrl-C again to force`);
        }
      });
    }, RELAYED_SIGNAL_MS).unref();
  }

  function closeAfter(response: ServerResponse) {
    if (!response.headersSent) response.setHeader('connection', 'close');
  }

  /**
   * Runs `then` once the event loop has gone two turns without accepting a connection or starting a request
   * (each turn reads every readable socket), at most MAX_SETTLE_TURNS: a signal can be seen one turn before
   * the listener's queue, an accepted connection's request is read a turn after it is accepted.
   */
  function afterPendingReads(then: () => void) {
    let busy = false;
    let quiet = 0;
    let turns = 0;
    const noteBusy = () => (busy = true);
    server.on('connection', noteBusy);
    server.on('request', noteBusy);
    const turn = () => {
      quiet = busy ? 0 : quiet + 1;
      busy = false;
      if (quiet < 2 && ++turns < MAX_SETTLE_TURNS) return void setImmediate(turn);
      server.off('connection', noteBusy);
      server.off('request', noteBusy);
      then();
    };
    setImmediate(turn);
  }

  onStopSignals((signal, repeated) => {
    if (repeated && stopping) {
      logger.warn({ signal }, 'second signal: exiting without waiting for in-flight requests');
      process.exit(1);
    }
    begin(signal);
  });
  return { begin };
}
