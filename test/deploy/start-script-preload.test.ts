/**
 * scripts/start-production.sh with a NODE_OPTIONS preload (found by a review): the script ran
 * `node dist/src/semi-space-flag.js` under the caller's NODE_OPTIONS and took all of its stdout as the flag. A
 * preload that writes to stdout (an APM or OpenTelemetry `--require`, a dotenv with debug on) ended up inside
 * NODE_OPTIONS ("preload ready\n--max-…"), and node then started with neither the user's preload nor the
 * semi-space size, and said nothing. (A preload that keeps its process alive, or `--inspect-brk`, held the start
 * for good.) Here the script runs as in the image, its two modules transpiled from src/ (no `npm run build`).
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let root = '';

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'start-production-'));
  mkdirSync(join(root, 'scripts'));
  copyFileSync('scripts/start-production.sh', join(root, 'scripts/start-production.sh'));
  // The flag's module and the one it imports (it imports nothing else), as tsc writes them into dist/.
  mkdirSync(join(root, 'dist/src'), { recursive: true });
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  for (const name of ['semi-space-flag', 'young-generation']) {
    const source = readFileSync(`src/${name}.ts`, 'utf8');
    const { outputText } = ts.transpileModule(source, {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
    });
    writeFileSync(join(root, `dist/src/${name}.js`), outputText);
  }
  writeFileSync(join(root, 'preload.cjs'), 'globalThis.preloaded = true; console.log("preload ready");\n');
  writeFileSync(
    join(root, 'entry.cjs'),
    'process.stdout.write(JSON.stringify({ preloaded: globalThis.preloaded === true, nodeOptions: process.env.NODE_OPTIONS }));\n',
  );
}, 60_000);

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** What the entry point saw, started as the image starts the gateway, its own stdout's last line. */
function started(nodeOptions: string): { preloaded: boolean; nodeOptions: string } {
  const out = execFileSync('sh', ['scripts/start-production.sh', 'entry.cjs'], {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_OPTIONS: nodeOptions },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return JSON.parse(out.slice(out.lastIndexOf('{'))) as { preloaded: boolean; nodeOptions: string };
}

describe('scripts/start-production.sh with a NODE_OPTIONS preload', () => {
  it('keeps a silent preload and adds the semi-space size (the script works at all here)', () => {
    writeFileSync(join(root, 'quiet.cjs'), 'globalThis.preloaded = true;\n');
    const seen = started(`--require ${join(root, 'quiet.cjs')}`);
    expect(seen.preloaded).toBe(true);
    expect(seen.nodeOptions).toMatch(/^--max-semi-space-size=\d+ --require /);
  });

  it('keeps a preload that writes to stdout, and adds the semi-space size as a flag of its own', () => {
    const seen = started(`--require ${join(root, 'preload.cjs')}`);
    expect(seen.preloaded).toBe(true);
    expect(seen.nodeOptions).toMatch(/^--max-semi-space-size=\d+ --require /);
  });
});
