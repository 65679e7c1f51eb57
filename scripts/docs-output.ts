/**
 * Where a tool that produces a tracked docs file (`npm run bench` →
 * docs/benchmarks.md, `npm run screenshot` → docs/graphiql.png) writes it:
 * into the repository only when asked with `--save`; otherwise into a fresh
 * temporary folder, so a trial or partial run never changes tracked files.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';

export function docsOutput(trackedPath: string, save: boolean): { path: string; tracked: boolean } {
  if (save) return { path: trackedPath, tracked: true };
  return { path: join(mkdtempSync(join(tmpdir(), 'unigraph-')), basename(trackedPath)), tracked: false };
}

/** The line a tool prints after writing: where it went and, when not saved, how to save. */
export const wroteLine = (output: { path: string; tracked: boolean }, command: string) =>
  output.tracked ? `saved to ${output.path}` : `wrote ${output.path} (not saved: \`${command} -- --save\` writes the tracked file)`;
