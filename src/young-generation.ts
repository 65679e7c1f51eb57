/**
 * The size of V8's young generation: the one the production start chooses (`semiSpaceFor`, printed by
 * semi-space-flag.ts for scripts/start-production.sh: the image and `npm run start:prod`), and the one this process
 * was started with, for the start-up line (`npm start` sets 64 MiB; docs/benchmarks.md, "The young generation's
 * size"), so an operator reading the line sees whether their own NODE_OPTIONS chose another. V8 offers no reading
 * of the size in effect, so this reads the flags as node reads them: NODE_OPTIONS first, then the command line, the
 * last one winning. At start the size is also held against the container's memory limit (youngGenerationWarning).
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
/** What `processes` processes need under load (MiB): each its idle footprint plus two full semi-spaces of `semiSpaceMiB`. */
const needMiB = (processes: number, semiSpaceMiB: number) => processes * (IDLE_MIB + 2 * semiSpaceMiB);

/** Whether NODE_OPTIONS sets the size itself (0, V8's own sizing, included): the user's choice, kept as it is. */
export function setsSemiSpace(nodeOptions: string): boolean {
  return nodeOptions.split(/\s+/).some((arg) => FLAG.test(arg));
}

/** The sizes the production start chooses from, largest first: 64 MiB measured best (docs/benchmarks.md). */
const SEMI_SPACE_CHOICES_MIB = [64, 32, 16] as const;

/**
 * The semi-space size (MiB) the production start gives each of `processes` gateway processes under the memory
 * limit `limitBytes`: the largest of 64, 32 and 16 MiB with which they fit (`needMiB`), 64 without a limit; undefined, V8's own sizing from the limit,
 * when not even 16 MiB fits.
 */
export function semiSpaceFor(processes: number, limitBytes: number | undefined): number | undefined {
  if (!limitBytes || limitBytes >= NO_LIMIT) return SEMI_SPACE_CHOICES_MIB[0];
  const limitMiB = Math.floor(limitBytes / 2 ** 20);
  return SEMI_SPACE_CHOICES_MIB.find((size) => needMiB(processes, size) <= limitMiB);
}

/**
 * A warning when `processes` gateway processes, each holding its idle footprint and, under load, two full
 * semi-spaces of `semiSpaceMiB`, would not fit under the container's memory limit `limitBytes`
 * (`process.constrainedMemory()`): a size given in NODE_OPTIONS (npm start's 64 MiB, or the user's own) is a fixed
 * amount per process however small the limit, where the production start and V8's own default follow it. Undefined
 * when they fit, when there is no limit, and for V8's own size.
 */
export function youngGenerationWarning(
  semiSpaceMiB: number | 'V8 default',
  processes: number,
  limitBytes: number | undefined,
): string | undefined {
  if (semiSpaceMiB === 'V8 default' || !limitBytes || limitBytes >= NO_LIMIT) return undefined;
  const need = needMiB(processes, semiSpaceMiB);
  const limitMiB = Math.floor(limitBytes / 2 ** 20);
  if (need <= limitMiB) return undefined;
  const who = processes === 1 ? 'The gateway process' : `${processes} gateway processes (WORKERS)`;
  return (
    `${who} with ${semiSpaceMiB} MiB semi-spaces may need about ${need} MiB under load (~${IDLE_MIB} MiB each idle, ` +
    `plus two semi-spaces), more than the memory limit of ${limitMiB} MiB: set NODE_OPTIONS=--max-semi-space-size=16 ` +
    `or fewer WORKERS (README, "Node's young generation")`
  );
}
