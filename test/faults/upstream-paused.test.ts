/**
 * An upstream process paused (SIGSTOP: its kernel still accepts connections,
 * nothing answers) and one stopped (nothing listens). The marketplace runs
 * as its own sandbox process; the item store is the gateway's embedded one,
 * so the rest of the graph keeps answering. What a caller gets: the paused
 * upstream's private fields fail with UPSTREAM_TIMEOUT once the timeout has passed
 * (then UPSTREAM_UNAVAILABLE at once, its breaker open), a public read
 * still fresh is served from the shared cache, the item store's
 * fields answer, /healthz stays 200 and /readyz answers in its own bound
 * with the marketplace unreachable. When the process resumes it answers
 * every request queued while it was paused, long after the gateway gave up
 * on them: nothing of that reaches a caller or ends the gateway (the
 * process helper fails the test on any bug line), and the marketplace is
 * served again once the breaker lets a call through.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { freePort } from '../helpers/free-port.js';
import { ITEMS_KEY, TOKENS } from '../helpers/gateway.js';
import { until } from '../helpers/events.js';

const TIMEOUT_MS = 800;
const COOLDOWN_MS = 1500;
// A private read (the buyer's own profile: never shared, so never from a cache) beside the item store's.
const QUERY = '{ me { username } item(id: "1") { id } }';
// A public read (asked with no credential): its answer is kept for the upstream's max-age (the sandbox says 30 s).
const PUBLIC = '{ gigs(first: 1) { nodes { slug } } }';

interface Answer {
  status: number;
  ms: number;
  body: {
    data?: { me?: unknown; gigs?: unknown; item?: unknown } | null;
    errors?: Array<{ path?: string[]; extensions?: { code?: string } }>;
    extensions?: Record<string, unknown>;
  };
}

const sandboxes: ChildProcess[] = [];
afterEach(() => {
  for (const child of sandboxes.splice(0)) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    child.kill('SIGCONT');
    child.kill('SIGKILL');
  }
});

/** The marketplace sandbox alone in a process of its own, on `port`; resolves once it listens. */
async function startMarketplace(port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
    env: {
      ...process.env,
      SANDBOX_MARKETPLACE_PORT: String(port),
      SANDBOX_SEO_PORT: String(await freePort()),
      SANDBOX_ITEMS_PORT: String(await freePort()),
      SANDBOX_LATENCY_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  sandboxes.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => chunk.toString().includes('export MARKETPLACE_URL') && resolve());
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}`)));
  });
  return child;
}

async function startGateway(
  marketplacePort: number,
  env: Record<string, string> = {},
): Promise<{ gateway: GatewayProcess; origin: string }> {
  const gateway = spawnGatewayProcess({
    PORT: String(await freePort()),
    MARKETPLACE_URL: `http://127.0.0.1:${marketplacePort}`,
    UPSTREAM_TIMEOUT_MS: String(TIMEOUT_MS),
    UPSTREAM_RETRIES: '0',
    BREAKER_FAILURES: '2',
    BREAKER_COOLDOWN_MS: String(COOLDOWN_MS),
    ...env,
  });
  await until(() => /Gateway ready: (http:\/\/[^\s]+)\/graphql/.test(gateway.output()), 30_000);
  const origin = /Gateway ready: (http:\/\/[^\s]+)\/graphql/.exec(gateway.output())![1]!;
  return { gateway, origin };
}

const CREDENTIALS = { authorization: `Bearer ${TOKENS.buyer}`, 'x-items-api-key': ITEMS_KEY };

async function ask(origin: string, query = QUERY, credentials: Record<string, string> = CREDENTIALS): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(`${origin}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...credentials },
    body: JSON.stringify({ query }),
  });
  const body = (await response.json()) as Answer['body'];
  return { status: response.status, ms: performance.now() - started, body };
}

/** Connections that fill a paused listener's accept queue (backlog 1 holds two), so that no further connect completes. */
async function fillAcceptQueue(port: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < 2; i++) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    sockets.push(socket);
  }
  return sockets;
}

/** Asks until the whole answer comes back without errors, failing after `ms`. */
async function answeredAgain(origin: string, ms: number): Promise<Answer> {
  const started = Date.now();
  for (;;) {
    const answer = await ask(origin);
    if (answer.body.errors === undefined) return answer;
    if (Date.now() - started > ms) throw new Error(`still failing: ${JSON.stringify(answer.body.errors)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const codeOf = (answer: Answer, field: string) => answer.body.errors?.find((e) => e.path?.[0] === field)?.extensions?.code;

describe('an upstream process paused and stopped', () => {
  it('paused (SIGSTOP): its fields time out, then fail fast; the rest answers; it is served again after SIGCONT', async () => {
    const port = await freePort();
    const marketplace = await startMarketplace(port);
    const { gateway, origin } = await startGateway(port);
    expect((await ask(origin)).body.errors).toBeUndefined();
    const publicRead = await ask(origin, PUBLIC, {});
    expect(publicRead.body.errors).toBeUndefined();

    marketplace.kill('SIGSTOP');
    // Answered within its max-age: served from the shared cache, the paused upstream not asked.
    const cached = await ask(origin, PUBLIC, {});
    expect(cached.body.data).toEqual(publicRead.body.data);
    expect(cached.body.extensions).toMatchObject({ cost: { actual: 0 } });
    expect(cached.ms).toBeLessThan(TIMEOUT_MS);
    for (let i = 0; i < 2; i++) {
      const answer = await ask(origin);
      expect(answer.status).toBe(200);
      expect(codeOf(answer, 'me')).toBe('UPSTREAM_TIMEOUT');
      expect(answer.body.data?.me).toBeNull();
      expect(answer.body.data?.item).toEqual({ id: '1' });
      // Not before the timeout, and not much after it: one attempt, no retry.
      expect(answer.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(answer.ms).toBeLessThan(TIMEOUT_MS + 2_000);
    }
    // Two timeouts opened the breaker: the next caller does not wait for a silent upstream.
    const failFast = await ask(origin);
    expect(codeOf(failFast, 'me')).toBe('UPSTREAM_UNAVAILABLE');
    expect(failFast.body.data?.item).toEqual({ id: '1' });
    expect(failFast.ms).toBeLessThan(TIMEOUT_MS);

    const health = await fetch(`${origin}/healthz`);
    expect(health.status).toBe(200);
    const readyStarted = performance.now();
    const ready = (await (await fetch(`${origin}/readyz`)).json()) as {
      status: string;
      upstreams: Record<string, { reachable: boolean; breaker: string }>;
    };
    expect(performance.now() - readyStarted).toBeLessThan(2_000);
    expect(ready.status).toBe('degraded');
    // Its kernel still accepts a connection (what `reachable` tests); its breaker tells.
    expect(ready.upstreams.marketplace).toMatchObject({ breaker: 'open' });
    expect(ready.upstreams.items!.reachable).toBe(true);

    // Resumed: it now answers every request queued while paused, to calls the gateway ended long ago.
    marketplace.kill('SIGCONT');
    await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS + 100));
    const after = await answeredAgain(origin, 10_000);
    expect(after.body.data?.me).toMatchObject({ username: expect.any(String) });
    expect(gateway.child.exitCode).toBeNull();
  }, 40_000);

  it('blackholed (its connections never complete): each call times out after UPSTREAM_TIMEOUT_MS, never before', async () => {
    // A listener with a full accept queue, paused: the kernel drops new SYNs, as a firewall dropping packets does.
    const hole = spawn(
      process.execPath,
      [
        '-e',
        "const s = require('net').createServer().listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => console.log(s.address().port))",
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    sandboxes.push(hole);
    const port = await new Promise<number>((resolve) => hole.stdout!.once('data', (chunk: Buffer) => resolve(Number(chunk.toString()))));
    hole.kill('SIGSTOP');
    const fillers = await fillAcceptQueue(port);
    try {
      // The breaker left closed: every call is an attempt of its own.
      const { origin } = await startGateway(port, { BREAKER_FAILURES: '100' });
      // One after the other: each attempt meets undici's half-second timer ticks at another phase.
      for (let i = 0; i < 4; i++) {
        const answer = await ask(origin);
        expect(codeOf(answer, 'me')).toBe('UPSTREAM_TIMEOUT');
        expect(answer.body.data?.item).toEqual({ id: '1' });
        expect(answer.ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
        expect(answer.ms).toBeLessThan(TIMEOUT_MS + 2_000);
      }
    } finally {
      for (const socket of fillers) socket.destroy();
    }
  }, 40_000);

  it('stopped: its fields fail at once with UPSTREAM_UNAVAILABLE; served again once it listens again', async () => {
    const port = await freePort();
    const marketplace = await startMarketplace(port);
    const { gateway, origin } = await startGateway(port);
    expect((await ask(origin)).body.errors).toBeUndefined();

    marketplace.kill('SIGKILL');
    await new Promise((resolve) => marketplace.once('exit', resolve));
    const answer = await ask(origin);
    expect(codeOf(answer, 'me')).toBe('UPSTREAM_UNAVAILABLE');
    expect(answer.body.data?.item).toEqual({ id: '1' });
    expect(answer.ms).toBeLessThan(TIMEOUT_MS);

    await startMarketplace(port);
    await new Promise((resolve) => setTimeout(resolve, COOLDOWN_MS + 100));
    expect((await answeredAgain(origin, 10_000)).body.data?.me).toMatchObject({ username: expect.any(String) });
    expect(gateway.child.exitCode).toBeNull();
  }, 40_000);
});
