/**
 * The Dockerfile, built and run: every stage replayed as `docker build` runs
 * it (./dockerfile-replay.ts: only what each stage copies, its RUN commands
 * in its WORKDIR), then the sandbox stage's and the gateway stage's CMD
 * started as their containers would start them, and a query answered by the
 * gateway through the sandbox. On the built gateway, the production start
 * commands (the image's CMD `sh scripts/start-production.sh dist/src/server.js`,
 * `npm run start:prod`, the cluster primary) stop cleanly on SIGTERM and
 * Ctrl-C, leaving nothing listening, start node with the young generation the
 * start script chooses (a size in the user's NODE_OPTIONS wins), and a
 * start-up refusal is the tidy message, not a stack.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../helpers/free-port.js';
import { until } from '../helpers/events.js';
import { ITEMS_KEY } from '../helpers/gateway.js';
import { portIsFree } from '../helpers/free-port.js';
import { readyPort, spawnCommand } from '../helpers/gateway-process.js';
import { readRepoFile } from './deploy-files.js';
import { dockerignoreRules, parseDockerfile, removeScratch, replayBuild, stageEnv, type BuiltStage } from './dockerfile-replay.js';

const stages = parseDockerfile(readRepoFile('Dockerfile'));
/** The gateway image's CMD: node started by scripts/start-production.sh, which sizes its young generation. */
const IMAGE_CMD = ['sh', 'scripts/start-production.sh', 'dist/src/server.js'];
const built = new Map<string, BuiltStage>();
const children: ChildProcess[] = [];
/** The upstream URLs of the sandbox container, once started. */
let upstreams: Record<'MARKETPLACE_URL' | 'SEO_URL' | 'ITEMS_URL', string> | undefined;

/** Starts a stage's CMD in its WORKDIR with its ENV plus `env`; resolves once `ready` appears in its output. */
async function startContainer(stage: BuiltStage, env: Record<string, string>, ready: RegExp) {
  const [command, ...args] = stage.cmd;
  const child = spawn(command === 'node' ? process.execPath : command!, args, {
    cwd: stage.workdir,
    env: stageEnv({ ...stage.env, ...env }),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  // The sandbox image, as compose runs it beside the gateways: the upstreams of every gateway started below.
  const ports = { MARKETPLACE: await freePort(), SEO: await freePort(), ITEMS: await freePort() };
  await startContainer(
    built.get('sandbox')!,
    {
      SANDBOX_HOST: '127.0.0.1',
      ...Object.fromEntries(Object.entries(ports).map(([name, port]) => [`SANDBOX_${name}_PORT`, String(port)])),
    },
    /sandbox items listening/,
  );
  upstreams = {
    MARKETPLACE_URL: `http://127.0.0.1:${ports.MARKETPLACE}`,
    SEO_URL: `http://127.0.0.1:${ports.SEO}`,
    ITEMS_URL: `http://127.0.0.1:${ports.ITEMS}`,
  };
}, 180_000);

afterAll(async () => {
  // The gateway first: the sandbox's close waits for the gateway's keep-alive connections to it.
  for (const child of children.reverse()) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGTERM');
    await once(child, 'exit');
  }
  removeScratch(built);
}, 30_000);

describe('Dockerfile, built as docker build runs it', () => {
  it('has a build stage, a sandbox target and the gateway last (the default target)', () => {
    expect(stages.map((stage) => stage.name)).toEqual(['build', 'sandbox', 'gateway']);
  });

  it('starts the gateway through the production start script, as npm run start:prod does', () => {
    expect(built.get('gateway')!.cmd).toEqual(IMAGE_CMD);
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
    const gateway = built.get('gateway')!;
    const started = await startContainer(
      gateway,
      { HOST: '127.0.0.1', PORT: '0', ...upstreams },
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

describe('the built gateway’s start commands', () => {
  /** A command run in the gateway image's WORKDIR with its ENV, its own process group as from a shell. */
  const startBuilt = (command: string, args: string[], env: Record<string, string | undefined> = {}) => {
    const gateway = built.get('gateway')!;
    return spawnCommand(command === 'node' ? process.execPath : command, args, {
      cwd: gateway.workdir,
      env: { ...gateway.env, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...upstreams, ...env },
      detached: true,
    });
  };

  const cases: Array<{ name: string; command: string[]; signal: 'SIGTERM' | 'SIGINT'; group: boolean; env?: Record<string, string> }> = [
    { name: 'the image’s CMD, on SIGTERM (docker stop)', command: IMAGE_CMD, signal: 'SIGTERM', group: false },
    { name: 'npm run start:prod, on SIGTERM to npm', command: ['npm', 'run', 'start:prod'], signal: 'SIGTERM', group: false },
    { name: 'npm run start:prod, on Ctrl-C', command: ['npm', 'run', 'start:prod'], signal: 'SIGINT', group: true },
    {
      name: 'the cluster primary (WORKERS=2), on SIGTERM',
      command: IMAGE_CMD,
      signal: 'SIGTERM',
      group: false,
      env: { WORKERS: '2' },
    },
    {
      name: 'the cluster primary under npm run start:prod, on Ctrl-C',
      command: ['npm', 'run', 'start:prod'],
      signal: 'SIGINT',
      group: true,
      env: { WORKERS: '2' },
    },
  ];
  for (const { name, command, signal, group, env } of cases) {
    it(`${name}: drains, exits 0 and leaves nothing listening`, async () => {
      const [program, ...args] = command;
      const gateway = startBuilt(program!, args, env);
      const portOf = (output: string) => readyPort(output) ?? Number(/workers serving port (\d+)/.exec(output)?.[1] ?? NaN);
      const ready = () => (env?.WORKERS ? /workers serving port \d+/.test(gateway.output()) : readyPort(gateway.output()) !== undefined);
      await until(() => ready() || gateway.child.exitCode !== null, 30_000);
      const port = portOf(gateway.output());
      expect(port, gateway.output()).toBeGreaterThan(0);
      if (group) process.kill(-gateway.child.pid!, signal);
      else gateway.child.kill(signal);
      expect(await gateway.exited, gateway.output()).toBe(0);
      expect(gateway.output()).toContain(env?.WORKERS ? 'all workers stopped' : '"msg":"stopped"');
      expect(gateway.output()).not.toContain('second signal');
      expect(await portIsFree(port)).toBe(true);
    }, 60_000);
  }

  /** The young generation's size the gateway's "Gateway ready" line reports (src/young-generation.ts). */
  const reportedSemiSpace = (output: string): unknown =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { msg?: string; maxSemiSpaceSizeMiB?: unknown })
      .find((line) => line.msg?.startsWith('Gateway ready'))?.maxSemiSpaceSizeMiB;

  it('starts node with 64 MiB semi-spaces where nothing limits its memory (the image, npm run start:prod, the cluster’s workers); a size in the user’s NODE_OPTIONS wins, other flags are kept beside it', async () => {
    const cases: Array<{ command: string[]; env?: Record<string, string | undefined>; reported: unknown }> = [
      // The image's CMD, and its cluster (WORKERS=2): the workers inherit the primary's NODE_OPTIONS.
      { command: IMAGE_CMD, reported: 64 },
      { command: IMAGE_CMD, env: { WORKERS: '2' }, reported: 64 },
      // `docker run -e NODE_OPTIONS=...`: flags of the user's own keep the size beside them; a size of theirs wins.
      { command: IMAGE_CMD, env: { NODE_OPTIONS: '--max-old-space-size=512' }, reported: 64 },
      { command: IMAGE_CMD, env: { NODE_OPTIONS: '--max-semi-space-size=0' }, reported: 'V8 default' },
      // npm run start:prod outside the image (no NODE_OPTIONS), and with a user's own size.
      { command: ['npm', 'run', 'start:prod'], env: { NODE_OPTIONS: undefined }, reported: 64 },
      { command: ['npm', 'run', 'start:prod'], env: { NODE_OPTIONS: '--max-semi-space-size=8' }, reported: 8 },
    ];
    for (const { command, env, reported } of cases) {
      const [program, ...args] = command;
      const gateway = startBuilt(program!, args, env);
      await until(() => reportedSemiSpace(gateway.output()) !== undefined || gateway.child.exitCode !== null, 30_000);
      expect(reportedSemiSpace(gateway.output()), `${command.join(' ')} ${JSON.stringify(env)}\n${gateway.output()}`).toBe(reported);
      process.kill(-gateway.child.pid!, 'SIGTERM');
      await gateway.exited;
    }
  }, 120_000);

  it('npm run start:prod with no NODE_ENV and no upstream URLs says which variables to set, without a stack', async () => {
    const gateway = startBuilt('npm', ['run', 'start:prod'], {
      NODE_ENV: undefined,
      MARKETPLACE_URL: undefined,
      SEO_URL: undefined,
      ITEMS_URL: undefined,
    });
    expect(await gateway.exited).toBe(1);
    expect(gateway.output()).toMatch(
      /^Invalid configuration:\n {2}MARKETPLACE_URL: required by this build, which has no embedded sandbox/m,
    );
    expect(gateway.output()).toMatch(/^ {2}ITEMS_URL: required by this build/m);
    expect(gateway.output()).not.toMatch(/\n\s+at /);
  }, 30_000);
});
