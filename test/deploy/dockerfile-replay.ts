/**
 * The Dockerfile replayed without a Docker engine, the way `docker build`
 * runs it: each stage gets an empty scratch folder standing for its root
 * file system, receives only what its COPY lines name (from the build
 * context, filtered by .dockerignore as Docker filters it, or from an
 * earlier stage's folder for `COPY --from`), and runs its RUN commands in
 * its WORKDIR with its ENV. A file a stage forgets to copy is missing there,
 * as it would be in the image.
 *
 * Two RUN commands are not run as written, and each stands in for the same
 * result (REPLACED below): the build stage's full `npm ci` links the
 * repository's node_modules, installed by `npm ci` from the same lockfile
 * (reinstalling every dev tool would take minutes); `npm ci --omit=dev` runs
 * for real, from the npm cache (`--offline`); `npm cache clean --force` is
 * skipped, since here it would empty this machine's cache, not the image's.
 */
import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix, relative } from 'node:path';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import type { Ignore } from '@balena/dockerignore';

// A CommonJS module whose types declare an ES default export it does not have: required as it is.
const dockerignore = createRequire(import.meta.url)('@balena/dockerignore') as () => Ignore;

const run = promisify(execFile);

export const repoRoot = new URL('../../', import.meta.url).pathname;

export interface Instruction {
  keyword: string;
  args: string;
}

export interface Stage {
  name: string;
  image: string;
  instructions: Instruction[];
}

/** Stages in order, each with its instructions (continuation lines joined, comments dropped). */
export function parseDockerfile(text: string): Stage[] {
  const logical = text.replace(/\\\n/g, ' ').split('\n');
  const stages: Stage[] = [];
  for (const line of logical.map((l) => l.trim())) {
    if (!line || line.startsWith('#')) continue;
    const [, keyword, args] = /^(\w+)\s+(.*)$/.exec(line) ?? [];
    if (!keyword) throw new Error(`unreadable Dockerfile line: ${line}`);
    if (keyword.toUpperCase() === 'FROM') {
      const [, image, name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(args!) ?? [];
      stages.push({ name: name ?? String(stages.length), image: image!, instructions: [] });
      continue;
    }
    if (stages.length === 0) throw new Error(`${keyword} before FROM`);
    stages.at(-1)!.instructions.push({ keyword: keyword.toUpperCase(), args: args!.replace(/\s+/g, ' ') });
  }
  return stages;
}

/** An exec-form (`["node", "x.js"]`) argument list. */
export function execForm(args: string): string[] {
  const parsed: unknown = JSON.parse(args);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === 'string')) throw new Error(`not an exec form: ${args}`);
  return parsed as string[];
}

/** `ENV A=1 B=2` pairs (the form this Dockerfile uses); a value may hold `=` (`NODE_OPTIONS=--flag=1`). */
function envPairs(args: string): Record<string, string> {
  return Object.fromEntries(args.split(' ').map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]));
}

export interface BuiltStage {
  stage: Stage;
  /** The scratch folder standing for the stage's `/`. */
  root: string;
  /** WORKDIR inside root. */
  workdir: string;
  env: Record<string, string>;
  cmd: string[];
  /** The RUN commands as they were run, for the test's messages. */
  log: string[];
}

/** The stand-ins for RUN commands that are not run as written (see the header). */
const REPLACED: Array<{ matches: RegExp; replay(workdir: string, command: string): string | undefined }> = [
  {
    matches: /^npm ci(?!.*--omit=dev)/,
    replay: (workdir) => {
      symlinkSync(join(repoRoot, 'node_modules'), join(workdir, 'node_modules'));
      return undefined;
    },
  },
  { matches: /^npm ci .*--omit=dev/, replay: (_workdir, command) => `${command} --offline` },
  { matches: /^npm cache clean/, replay: () => undefined },
];

/** The build context's .dockerignore rules. */
export function dockerignoreRules(): string[] {
  const file = join(repoRoot, '.dockerignore');
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n') : [];
}

/** Whether a context path (relative to the context) is sent to the builder, by Docker's .dockerignore rules. */
function contextFilter(rules: string[]): (path: string) => boolean {
  const ignore = dockerignore().add(rules);
  return (path: string) => !ignore.ignores(path);
}

function copyFromContext(source: string, target: string, kept: (path: string) => boolean): void {
  const from = join(repoRoot, source);
  const path = posix.normalize(source).replace(/\/$/, '');
  if (!existsSync(from) || !kept(path))
    throw new Error(`COPY failed: "${source}" not found in the build context or excluded by .dockerignore`);
  cpSync(from, target, { recursive: true, filter: (file) => file === from || kept(relative(repoRoot, file)) });
}

/**
 * Builds every stage in order into scratch folders under one temporary directory: the caller removes it with
 * removeScratch, also when the build failed (`built` then holds the stages begun so far).
 */
export async function replayBuild(
  stages: Stage[],
  built = new Map<string, BuiltStage>(),
  ignoreRules = dockerignoreRules(),
): Promise<Map<string, BuiltStage>> {
  const scratch = mkdtempSync(join(tmpdir(), 'dockerfile-'));
  const kept = contextFilter(ignoreRules);
  for (const stage of stages) {
    const root = join(scratch, stage.name);
    mkdirSync(root);
    const result: BuiltStage = { stage, root, workdir: root, env: {}, cmd: [], log: [] };
    built.set(stage.name, result);
    for (const { keyword, args } of stage.instructions) {
      if (keyword === 'WORKDIR') {
        result.workdir = join(root, args);
        mkdirSync(result.workdir, { recursive: true });
      } else if (keyword === 'ENV') {
        Object.assign(result.env, envPairs(args));
      } else if (keyword === 'COPY') {
        const [, from, rest] = /^(?:--from=(\S+) )?(.*)$/.exec(args)!;
        const parts = rest!.split(' ');
        const destination = parts.pop()!;
        const into = destination.endsWith('/') || parts.length > 1;
        for (const source of parts) {
          const target = join(result.workdir, destination, into ? posix.basename(source) : '');
          mkdirSync(dirname(target), { recursive: true });
          if (from) {
            const origin = built.get(from);
            if (!origin) throw new Error(`COPY --from=${from}: no earlier stage of that name`);
            const path = join(origin.root, source);
            if (!existsSync(path)) throw new Error(`COPY --from=${from} failed: ${source} does not exist in that stage`);
            cpSync(path, target, { recursive: statSync(path).isDirectory() });
          } else {
            copyFromContext(source, target, kept);
          }
        }
      } else if (keyword === 'RUN') {
        for (const written of args.split(' && ')) {
          const replacement = REPLACED.find((r) => r.matches.test(written));
          const command = replacement ? replacement.replay(result.workdir, written) : written;
          result.log.push(command === written ? written : `${written}  →  ${command ?? '(stand-in, see dockerfile-replay.ts)'}`);
          if (command === undefined) continue;
          try {
            await run('sh', ['-c', command], { cwd: result.workdir, env: stageEnv(result.env), maxBuffer: 16 * 1024 * 1024 });
          } catch (error) {
            const { stdout, stderr } = error as { stdout?: string; stderr?: string };
            throw new Error(`stage ${stage.name}: RUN ${written} failed:\n${stdout ?? ''}${stderr ?? ''}`);
          }
        }
      } else if (keyword === 'CMD') {
        result.cmd = execForm(args);
      } else if (!['USER', 'EXPOSE', 'HEALTHCHECK'].includes(keyword)) {
        // Anything else changes the image in a way this replay does not know: teach it here first.
        throw new Error(`the replay does not know the ${keyword} instruction`);
      }
    }
  }
  return built;
}

/** The environment a container of the stage starts with: its ENV on top of a bare PATH and HOME. */
export function stageEnv(env: Record<string, string>): Record<string, string> {
  return { PATH: process.env.PATH!, HOME: process.env.HOME ?? tmpdir(), ...env };
}

export const removeScratch = (built: Map<string, BuiltStage>) => {
  const first = built.values().next().value;
  if (first) rmSync(dirname(first.root), { recursive: true, force: true });
};
