/**
 * The size of V8's young generation this process was started with, for the start-up line: the shipped start
 * commands set `--max-semi-space-size` in NODE_OPTIONS (Dockerfile, package.json; docs/benchmarks.md, "The
 * young generation's size"), and an operator reading the line sees whether their own NODE_OPTIONS replaced it.
 * V8 offers no reading of the size in effect, so this reads the flags as node reads them: NODE_OPTIONS first,
 * then the command line, the last one winning.
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
