/**
 * The size of V8's young generation this process was started with, for the start-up line: the shipped start
 * commands set `--max-semi-space-size` in NODE_OPTIONS (Dockerfile, package.json; docs/benchmarks.md, "The
 * young generation's size"), and an operator reading the line sees whether their own NODE_OPTIONS replaced it.
 * V8 offers no reading of the size in effect, so this reads the flags as node reads them: NODE_OPTIONS first,
 * then the command line, the last one winning. At start the size is also held against the container's memory
 * limit, which the shipped fixed size does not follow (youngGenerationWarning).
 */

const FLAG = /^--max[-_]semi[-_]space[-_]size=(\d+)$/;

/** The last `--max-semi-space-size` among `nodeOptions` then `execArgv` (MiB), or 'V8 default' when none sets it. */
export function maxSemiSpaceSize(
  nodeOptions: string = process.env.NODE_OPTIONS ?? '',
  execArgv: readonly string[] = process.execArgv,
): number | 'V8 default' {
  const args = [...nodeOptions.split(/\s+/).filter(Boolean), ...execArgv];
  let found: number | 'V8 default' = 'V8 default';
  for (const arg of args) {
    const match = FLAG.exec(arg);
    // 0 is V8's own "computed from the memory limit", what no flag means.
    if (match) found = Number(match[1]) || 'V8 default';
  }
  return found;
}

/** A gateway process's RSS before any request (the benchmark's idle figure, 132-139 MiB on Node 20), rounded up. */
const IDLE_MIB = 140;
/** How `process.constrainedMemory()` says "no limit" on a host without one: 2^64 (or 0 / undefined). */
const NO_LIMIT = 2 ** 60;

/**
 * A warning when `processes` gateway processes, each holding its idle footprint and, under load, two full
 * semi-spaces of `semiSpaceMiB`, would not fit under the container's memory limit `limitBytes`
 * (`process.constrainedMemory()`): the shipped 64 MiB is a fixed amount per process however small the limit,
 * where V8's own default sizes the young generation from it. Undefined when they fit, when there is no limit,
 * and for V8's own size.
 */
export function youngGenerationWarning(
  semiSpaceMiB: number | 'V8 default',
  processes: number,
  limitBytes: number | undefined,
): string | undefined {
  if (semiSpaceMiB === 'V8 default' || !limitBytes || limitBytes >= NO_LIMIT) return undefined;
  const needMiB = processes * (IDLE_MIB + 2 * semiSpaceMiB);
  const limitMiB = Math.floor(limitBytes / 2 ** 20);
  if (needMiB <= limitMiB) return undefined;
  const who = processes === 1 ? 'The gateway process' : `${processes} gateway processes (WORKERS)`;
  return (
    `${who} with ${semiSpaceMiB} MiB semi-spaces may need about ${needMiB} MiB under load (~${IDLE_MIB} MiB each idle, ` +
    `plus two semi-spaces), more than the memory limit of ${limitMiB} MiB: set NODE_OPTIONS=--max-semi-space-size=16 ` +
    `or fewer WORKERS (README, "Node's young generation")`
  );
}
