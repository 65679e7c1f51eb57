/**
 * Vitest global set-up: the gateway's source transpiled once per run, for the
 * suites that start it as a process (test/helpers/gateway-process.ts).
 *
 * `npm start` runs src/server.ts through tsx, which transpiles each module
 * with esbuild as it loads, through loader hooks: on two busy cores that
 * costs seconds at every start, and the process suites start the gateway
 * (and its cluster workers) a few dozen times. The same modules, transpiled
 * the same way (esbuild, the project's tsconfig) once here, start as plain
 * Node ESM. The output sits under node_modules/.cache so that the packages
 * resolve as they do from src/, and src/sandbox comes along (it is loaded
 * only from source, src/embedded-sandbox.ts).
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The transpiled src/server.ts, to run with plain `node`. */
    gatewayEntry: string;
  }
}

const SOURCE_DIRS = ['src', 'schema', 'resolvers', 'loaders'];

async function typescriptFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath, entry.name));
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const root = project.config.root;
  const cache = join(root, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  // One folder per run: two runs in one checkout never share (or delete) each other's build.
  const outdir = await mkdtemp(join(cache, 'gateway-under-test-'));
  const files = (await Promise.all(SOURCE_DIRS.map((dir) => typescriptFiles(join(root, dir))))).flat();
  await build({ entryPoints: files, outdir, outbase: root, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning' });
  await writeFile(join(outdir, 'package.json'), '{ "type": "module" }\n');
  project.provide('gatewayEntry', join(outdir, 'src', 'server.js'));
  return () => rm(outdir, { recursive: true, force: true });
}
