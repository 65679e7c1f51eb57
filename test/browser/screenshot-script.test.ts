/**
 * `npm run screenshot` changes no tracked file unless asked: by default the
 * picture goes to the temporary path it prints, docs/graphiql.png stays as it
 * is; `--save` is what writes docs/graphiql.png (and `npm run bench`'s
 * docs/benchmarks.md), by scripts/docs-output.ts.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { chromiumInstalled } from '../helpers/graphiql-browser.js';
import { docsOutput } from '../../scripts/docs-output.js';

const run = promisify(execFile);
const digest = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
const inCI = ['true', '1'].includes(process.env.CI ?? '');

describe('docs output of the tools', () => {
  it('is the tracked file only with --save, a fresh temporary file otherwise', () => {
    expect(docsOutput('docs/benchmarks.md', true)).toEqual({ path: 'docs/benchmarks.md', tracked: true });
    const trial = docsOutput('docs/benchmarks.md', false);
    expect(trial.tracked).toBe(false);
    expect(trial.path.startsWith(tmpdir())).toBe(true);
    expect(trial.path.endsWith('/benchmarks.md')).toBe(true);
    rmSync(dirname(trial.path), { recursive: true, force: true });
  });

  it.skipIf(!chromiumInstalled() && !inCI)(
    'npm run screenshot writes a PNG to the path it prints and leaves docs/graphiql.png as it was',
    async () => {
      const before = digest('docs/graphiql.png');
      const { stdout } = await run('npm', ['run', 'screenshot'], { env: { ...process.env, NODE_ENV: 'development' } });
      const written = /^wrote (\S+) \(not saved/m.exec(stdout)?.[1];
      expect(written, stdout).toBeDefined();
      try {
        expect(existsSync(written!)).toBe(true);
        expect(readFileSync(written!).subarray(1, 4).toString()).toBe('PNG');
        expect(digest('docs/graphiql.png')).toBe(before);
      } finally {
        rmSync(dirname(written!), { recursive: true, force: true });
      }
    },
    120_000,
  );
});
