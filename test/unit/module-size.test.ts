/**
 * No module over 300 lines, as Prettier formats it (`npm run format:check`,
 * run by .ci/run, keeps every file formatted, so a count here is a count of
 * formatted lines: a module cannot be brought under the bound by long lines).
 * Generated files are left out: nobody reads or edits them by hand.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 300;
const GENERATED = /(^|\/)generated\//;

const modules = execFileSync('git', ['ls-files', '-co', '--exclude-standard', '*.ts', '*.mts', '*.js', '*.mjs'], { encoding: 'utf8' })
  .split('\n')
  .filter((path) => path && !GENERATED.test(path) && existsSync(path));

describe('module size', () => {
  it('finds the modules', () => {
    expect(modules.length).toBeGreaterThan(100);
  });

  it(`every module is at most ${MAX_LINES} lines`, () => {
    const over = modules
      .map((path) => ({ path, lines: readFileSync(path, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES);
    expect(over).toEqual([]);
  });
});
