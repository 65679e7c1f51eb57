/**
 * WORKERS=<n>: the real process (src/server.ts) as a node:cluster primary
 * over a sandbox in this process. Queries are answered by both workers (each
 * names its pid in X-Gateway-Worker outside production), a killed worker is
 * replaced, and SIGTERM stops every process. Without upstream URLs several
 * workers are refused: each would start its own embedded sandbox.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { availableParallelism } from 'node:os';
import { isAlive, spawnGatewayProcess } from '../helpers/gateway-process.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { ConfigError, loadConfig } from '../../src/config.js';
import { ITEMS_KEY } from '../helpers/gateway.js';
import { until } from '../helpers/events.js';
import { hasRedisServer, startRedisServer } from '../helpers/redis-server.js';

const URLS = { MARKETPLACE_URL: 'http://127.0.0.1:1', SEO_URL: 'http://127.0.0.1:2', ITEMS_URL: 'http://127.0.0.1:3' };

describe('WORKERS configuration', () => {
  it('reads a number or auto (one per available core), and refuses several workers over the embedded sandbox', () => {
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ WORKERS: '3', ...URLS }).workers).toBe(3);
    expect(loadConfig({ WORKERS: 'auto', ...URLS }).workers).toBe(availableParallelism());
    expect(() => loadConfig({ WORKERS: 'many', ...URLS })).toThrow(/WORKERS: must be a whole number from 1 to 256, or auto/);
    expect(() => loadConfig({ WORKERS: '2' })).toThrow(ConfigError);
    expect(() => loadConfig({ WORKERS: '2', MARKETPLACE_URL: URLS.MARKETPLACE_URL })).toThrow(
      /WORKERS: 2 workers need SEO_URL, ITEMS_URL .*npm run sandbox/,
    );
  });
});

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox({ services: ['items'] });
});
afterEach(() => sandbox.close());

/** One query on a fresh connection (so the primary hands it to the next worker): who answered, and what. */
function itemQuery(port: number): Promise<{ status: number; worker: string; id: string | undefined }> {
  const body = JSON.stringify({ query: '{ item(id: "1") { id } }' });
  return new Promise((resolve, reject) => {
    const req = request(
      {
        port,
        host: '127.0.0.1',
        path: '/graphql',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'x-items-api-key': ITEMS_KEY, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        res.on('end', () => {
          const parsed = JSON.parse(text) as { data?: { item?: { id: string } } };
          resolve({ status: res.statusCode!, worker: String(res.headers['x-gateway-worker']), id: parsed.data?.item?.id });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

describe('WORKERS=2', () => {
  it('answers from both workers, replaces a killed one, and exits 0 with every worker on SIGTERM', async () => {
    const gateway = spawnGatewayProcess({
      PORT: '0',
      LOG_FORMAT: 'json',
      WORKERS: '2',
      ITEMS_URL: sandbox.urls.items!,
      MARKETPLACE_URL: URLS.MARKETPLACE_URL,
      SEO_URL: URLS.SEO_URL,
    });
    await until(() => /2 workers serving port \d+/.test(gateway.output()), 60_000);
    const port = Number(/2 workers serving port (\d+)/.exec(gateway.output())![1]);
    // Logged just before the line awaited above.
    expect(gateway.output()).toContain('REDIS_URL is unset: each worker keeps its own rate limits');

    const answeredBy = new Set<string>();
    for (let i = 0; i < 20 && answeredBy.size < 2; i++) {
      const answer = await itemQuery(port);
      expect(answer).toMatchObject({ status: 200, id: '1' });
      answeredBy.add(answer.worker);
    }
    expect(answeredBy.size).toBe(2);
    const workers = [...answeredBy].map(Number);
    expect(workers).not.toContain(gateway.child.pid);

    process.kill(workers[0]!, 'SIGKILL');
    await until(() => gateway.output().includes('a worker died: starting another'), 10_000);
    // The first restart is quick; the delay doubles for each further crash (no restart loop).
    expect(gateway.output()).toMatch(/"restartInMs":500,"msg":"a worker died: starting another"/);
    const replacement = new Set<string>();
    for (let i = 0; i < 200 && replacement.size < 2; i++) {
      const answer = await itemQuery(port).catch(() => undefined);
      if (answer?.status === 200 && answer.id === '1') replacement.add(answer.worker);
      else await new Promise((r) => setTimeout(r, 100));
      // Until the replacement listens, only the surviving worker answers.
      if (replacement.size < 2) await new Promise((r) => setTimeout(r, 50));
    }
    expect(replacement.has(String(workers[1]))).toBe(true);
    expect(replacement.has(String(workers[0]))).toBe(false);
    expect(replacement.size).toBe(2);
    const everyWorker = [...replacement].map(Number);

    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    await until(() => everyWorker.every((pid) => !isAlive(pid)), 10_000);
    expect(gateway.output()).toContain('all workers stopped');
  }, 120_000);
});

describe('WORKERS=2 on a port in use', () => {
  it('stops with exit 1 naming the port instead of restarting workers that cannot listen', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as AddressInfo).port;
    try {
      const gateway = spawnGatewayProcess({ PORT: String(port), LOG_FORMAT: 'json', WORKERS: '2', ...URLS });
      expect(await gateway.exited).toBe(1);
      expect(gateway.output()).toContain(`port ${port} is in use (set PORT)`);
      expect(gateway.output()).toContain('a worker failed to start: stopping');
      expect(gateway.output()).not.toContain('a worker died: starting another');
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  }, 60_000);
});

describe.skipIf(!hasRedisServer)('WORKERS=2 rate limits', () => {
  const LIMIT = 3;
  /** Successful answers out of 8 queries, one credential, fresh connections spread over both workers. */
  async function answeredWithin(env: Record<string, string>): Promise<{ answered: number; workers: number; redisOutages: number }> {
    const gateway = spawnGatewayProcess({
      PORT: '0',
      LOG_FORMAT: 'json',
      WORKERS: '2',
      RATE_LIMIT_PER_MINUTE: String(LIMIT),
      ITEMS_URL: sandbox.urls.items!,
      MARKETPLACE_URL: URLS.MARKETPLACE_URL,
      SEO_URL: URLS.SEO_URL,
      ...env,
    });
    await until(() => /2 workers serving port \d+/.test(gateway.output()), 60_000);
    const port = Number(/2 workers serving port (\d+)/.exec(gateway.output())![1]);
    const results = [];
    for (let i = 0; i < 8; i++) results.push(await itemQuery(port));
    // A Redis command that timed out falls back to the worker's own limit: say so if the count is off.
    const redisOutages = gateway
      .output()
      .split('\n')
      .filter((line) => line.includes('Redis unavailable')).length;
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
    expect(results.every((r) => r.status === 200 || r.status === 429)).toBe(true);
    return { answered: results.filter((r) => r.status === 200).length, workers: new Set(results.map((r) => r.worker)).size, redisOutages };
  }

  it('share one limit through REDIS_URL; without it each worker has its own', async () => {
    const redis = await startRedisServer();
    try {
      // A generous command timeout: on a loaded machine an event-loop pause longer than the default 250 ms
      // would count as a Redis outage and move a decision to the worker's own limit (reported as redisOutages).
      const shared = await answeredWithin({ REDIS_URL: redis.url, REDIS_COMMAND_TIMEOUT_MS: '2000' });
      // Each worker serves once its Redis connection is up: none lets its first request through uncounted.
      expect(shared).toEqual({ answered: LIMIT, workers: 2, redisOutages: 0 });
    } finally {
      await redis.stop();
    }
    const separate = await answeredWithin({});
    expect(separate.workers).toBe(2);
    expect(separate.answered).toBeGreaterThan(LIMIT);
  }, 120_000);
});
