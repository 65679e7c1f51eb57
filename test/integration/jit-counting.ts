/**
 * graphql-jit with every run of a compiled query counted, for the suites that check what runs compiled. In a suite:
 *   vi.mock('graphql-jit', async (original) => (await import('./jit-counting.js')).countingJit(await original()));
 * and `compiledRuns` imported from here: the factory loads this same module, so both see one count.
 */
import type * as Jit from 'graphql-jit';

/** Runs of compiled queries since the suite last set `count` to 0. */
export const compiledRuns = { count: 0 };

export function countingJit(real: typeof Jit): typeof Jit {
  const compileQuery: typeof real.compileQuery = (...args) => {
    const result = real.compileQuery(...args);
    if (!('query' in result)) return result;
    const query = result.query;
    return { ...result, query: (...call: Parameters<typeof query>) => (compiledRuns.count++, query(...call)) };
  };
  return { ...real, compileQuery };
}
