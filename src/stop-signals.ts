/**
 * SIGTERM and SIGINT, as the gateway and the cluster primary listen for them.
 * A second signal forces the exit, but not a copy of the first: Ctrl-C in a
 * terminal signals the whole process group, and `npm start` / `npm run
 * start:prod` forward their own SIGINT to the gateway as well, so one
 * keypress arrives twice within milliseconds.
 */

/**
 * Signals closer together than this are one request to stop. npm's copy follows at once, but a loaded
 * machine can delay it by several hundred ms (a CI run with a soak beside it saw it counted as a second
 * Ctrl-C at 450 ms); the "press Ctrl-C again to force" hint (src/shutdown.ts) is printed only once this
 * window has passed, so a second Ctrl-C made after reading it always counts.
 */
export const RELAYED_SIGNAL_MS = 1000;

export function onStopSignals(handler: (signal: NodeJS.Signals, repeated: boolean) => void): void {
  let first: number | undefined;
  const listener = (signal: NodeJS.Signals) => {
    const now = Date.now();
    if (first !== undefined && now - first < RELAYED_SIGNAL_MS) return;
    const repeated = first !== undefined;
    first ??= now;
    handler(signal, repeated);
  };
  process.on('SIGTERM', listener);
  process.on('SIGINT', listener);
}
