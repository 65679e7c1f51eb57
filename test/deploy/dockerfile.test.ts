/**
 * The Dockerfile, built and run: every stage replayed as `docker build` runs
 * it (./dockerfile-replay.ts: only what each stage copies, its RUN commands
 * in its WORKDIR), then the sandbox stage's and the gateway stage's CMD
 * started as their containers would start them, and a query answered by the
 * gateway through the sandbox.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { until } from '../helpers/events.js';
import { ITEMS_KEY } from '../helpers/gateway.js';
import { readRepoFile } from './deploy-files.js';
import { dockerignoreRules, parseDockerfile, removeScratch, replayBuild, stageEnv, type BuiltStage } from './dockerfile-replay.js';

const stages = parseDockerfile(readRepoFile('Dockerfile'));
const built = new Map<string, BuiltStage>();
const children: ChildProcess[] = [];

/** Starts a stage's CMD in its WORKDIR with its ENV plus `env`; resolves once `ready` appears in its output. */
async function startContainer(stage: BuiltStage, env: Record<string, string>, ready: RegExp) {
  const [command, ...args] = stage.cmd;
  const child = spawn(command === 'node' ? process.execPath : command!, args, { cwd: stage.workdir, env: stageEnv({ ...stage.env, ...env }), stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.once('exit', (code) => (output += `\n[exited with ${code}]`));
  await until(() => ready.test(output) || child.exitCode !== null, 30_000).catch(() => undefined);
  const match = ready.exec(output);
  if (!match) throw new Error(`${stage.stage.name} did not start:\n${output}`);
  return { match, output: () => output };
}

beforeAll(async () => {
  await replayBuild(stages, built);
}, 180_000);

afterAll(async () => {
  for (const child of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  removeScratch(built);
});

describe('Dockerfile, built as docker build runs it', () => {
  it('has a build stage, a sandbox target and the gateway last (the default target)', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'sandbox', 'gateway']);
  });

  it('fails, as docker build would, when .dockerignore leaves out a file a stage copies', async () => {
    const attempt = new Map<string, BuiltStage>();
    try {
      await expect(replayBuild(stages, attempt, [...dockerignoreRules(), 'tsconfig.sandbox.json'])).rejects.toThrow(
        /"tsconfig.sandbox.json" not found in the build context or excluded by .dockerignore/,
      );
    } finally {
      removeScratch(attempt);
    }
  });

  it('starts the sandbox and the gateway images, and the gateway answers a query through the sandbox', async () => {
    const sandbox = built.get('sandbox')!;
    const gateway = built.get('gateway')!;
    const ports = { MARKETPLACE: await freePort(), SEO: await freePort(), ITEMS: await freePort() };
    await startContainer(
      sandbox,
      { SANDBOX_HOST: '127.0.0.1', ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [`SANDBOX_${name}_PORT`, String(port)])) },
      /sandbox items listening/,
    );
    const started = await startContainer(
      gateway,
      {
        HOST: '127.0.0.1',
        PORT: '0',
        MARKETPLACE_URL: `http://127.0.0.1:${ports.MARKETPLACE}`,
        SEO_URL: `http://127.0.0.1:${ports.SEO}`,
        ITEMS_URL: `http://127.0.0.1:${ports.ITEMS}`,
      },
      /Gateway ready: http:\/\/[^:]+:(\d+)\/graphql/,
    );
    expect(gateway.env.NODE_ENV).toBe('production');
    const response = await fetch(`http://127.0.0.1:${started.match[1]}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-items-api-key': ITEMS_KEY },
      body: JSON.stringify({ query: '{ item(id: "1") { id name } }' }),
    });
    expect(await response.json()).toMatchObject({ data: { item: { id: '1', name: expect.any(String) } } });
    // The image ships production dependencies only, installed from the lockfile.
    expect(gateway.log.join('\n')).toMatch(/npm ci --omit=dev/);
  }, 60_000);
});
