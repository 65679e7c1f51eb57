/**
 * The sandbox and the gateway stand apart: the simulation is written from
 * the upstream documents (docs/upstreams/) and never reads the gateway's
 * tables, schemas or mappers, and the production build neither compiles nor
 * loads it. Each test here fails on the change that would break that: an
 * import from src/sandbox into the gateway's code, or the other way round.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { SandboxModule } from '../../src/embedded-sandbox.js';
import { loadSandbox } from '../../src/embedded-sandbox.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const sandboxDir = join(root, 'src/sandbox');

const sourcesUnder = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts'))
    .map((name) => join(dir, name));

/** Every module specifier of a file: static imports, re-exports and literal dynamic imports. */
const specifiersOf = (file: string): string[] =>
  ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles.map((f) => f.fileName);

describe('the sandbox stands on its own', () => {
  it('imports only its own modules, Node built-ins and packages: nothing of src/upstreams, schema, resolvers, loaders or the rest of src', () => {
    const outside: string[] = [];
    for (const file of sourcesUnder(sandboxDir)) {
      for (const specifier of specifiersOf(file)) {
        if (!specifier.startsWith('.')) continue;
        const target = resolve(dirname(file), specifier);
        if (relative(sandboxDir, target).startsWith('..')) outside.push(`${relative(root, file)} → ${specifier}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('is not part of the production build: tsconfig.build.json reaches no module of src/sandbox', () => {
    const parsed = ts.getParsedCommandLineOfConfigFile(
      join(root, 'tsconfig.build.json'),
      {},
      { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} },
    )!;
    expect(parsed.fileNames.length).toBeGreaterThan(50);
    // Creating the program resolves every import (type-only ones too) without type-checking.
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: { ...parsed.options, noEmit: true } });
    const compiled = program
      .getSourceFiles()
      .map((f) => relative(root, f.fileName))
      .filter((name) => !name.startsWith('node_modules'));
    expect(compiled).toContain('src/server.ts');
    expect(compiled).toContain('src/embedded-sandbox.ts');
    expect(compiled.filter((name) => name.startsWith('src/sandbox/'))).toEqual([]);
  }, 60_000);

  it('is loaded, from source, through src/sandbox/index.ts, which provides what the gateway uses', async () => {
    const sandboxModule: SandboxModule = await import('../../src/sandbox/index.js');
    expect(await loadSandbox(['seo'])).toBe(sandboxModule);
    const sandbox = await sandboxModule.startSandbox({ services: ['seo'] });
    try {
      expect(Object.keys(sandbox.urls)).toEqual(['seo']);
      expect((await fetch(`${sandbox.urls.seo}/api/v1/reports`)).status).toBe(401);
    } finally {
      await sandbox.close();
    }
    expect(sandboxModule.demoCredentials('seo')).toContain('X-Seo-Api-Key');
  });

  it('in a build without src/sandbox, an unset upstream URL is an error naming the variables to set', async () => {
    // The loader as the build emits it, in a folder with no sandbox beside it.
    const dir = mkdtempSync(join(tmpdir(), 'no-sandbox-'));
    try {
      const source = readFileSync(join(root, 'src/embedded-sandbox.ts'), 'utf8');
      const { outputText } = ts.transpileModule(source, {
        compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      });
      writeFileSync(join(dir, 'embedded-sandbox.mjs'), outputText);
      const built = (await import(pathToFileURL(join(dir, 'embedded-sandbox.mjs')).href)) as { loadSandbox: typeof loadSandbox };
      await expect(built.loadSandbox(['marketplace', 'items'])).rejects.toThrow(
        'Invalid configuration:\n' +
          '  MARKETPLACE_URL: required by this build, which has no embedded sandbox (npm run build leaves it out); set it, or run from source (npm start)\n' +
          '  ITEMS_URL: required by this build, which has no embedded sandbox (npm run build leaves it out); set it, or run from source (npm start)',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
