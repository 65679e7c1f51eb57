/**
 * The response cache's front door in the real process (src/serve.ts wires it
 * into the node:http listener): a warm hit is answered before Yoga (its debug
 * line says so), carries the worker's header in cluster mode like every
 * answer, and is still served, the same, while a stop signal's delay runs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawnGatewayProcess, readyPort } from '../helpers/gateway-process.js';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { until } from '../helpers/events.js';

const GIG_AND_SELLER = 'query($slug: String!) { gig(slug: $slug) { slug title seller { username } } }';
const FRONT_DOOR_LINE = 'response cache: hit answered before Yoga';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startSandbox();
});
afterEach(() => sandbox.close());

async function startGateway(env: Record<string, string>) {
  const gateway = spawnGatewayProcess({
    PORT: '0',
    LOG_FORMAT: 'json',
    LOG_LEVEL: 'debug',
    MARKETPLACE_URL: sandbox.urls.marketplace!,
    SEO_URL: sandbox.urls.seo!,
    ITEMS_URL: sandbox.urls.items!,
    RESPONSE_CACHE_MAX_ENTRIES: '100',
    EXPOSE_COST: 'false',
    ...env,
  });
  await until(() => readyPort(gateway.output()) !== undefined, 30_000);
  return { gateway, url: `http://127.0.0.1:${readyPort(gateway.output())}` };
}

async function newestGig(): Promise<string> {
  const res = await fetch(`${sandbox.urls.marketplace}/api/v1/gigs?page=1&per_page=1`);
  return ((await res.json()) as { data: Array<{ slug: string }> }).data[0]!.slug;
}

async function post(url: string, slug: string) {
  const res = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json' },
    body: JSON.stringify({ query: GIG_AND_SELLER, variables: { slug } }),
  });
  return {
    status: res.status,
    worker: res.headers.get('x-gateway-worker'),
    cacheControl: res.headers.get('cache-control'),
    body: await res.text(),
  };
}

describe('the front door in the gateway process', () => {
  it('with WORKERS=2, a hit answered before Yoga names its worker like every other answer', async () => {
    const { gateway, url } = await startGateway({ WORKERS: '2' });
    const slug = await newestGig();
    // Each worker keeps its own entries: enough requests for both to fill theirs and answer hits.
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await post(url, slug));
    expect(new Set(answers.map((answer) => answer.body)).size).toBe(1);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.worker).toMatch(/^\d+$/);
      expect(answer.cacheControl).toBe('private, no-store');
    }
    await until(() => gateway.output().includes(FRONT_DOOR_LINE), 10_000);
  }, 60_000);

  it("a hit during the stop signal's delay is answered as before it, and the process exits 0", async () => {
    const { gateway, url } = await startGateway({ SHUTDOWN_DELAY_MS: '2000', SHUTDOWN_GRACE_MS: '5000' });
    const slug = await newestGig();
    const cold = await post(url, slug);
    expect(cold.status).toBe(200);
    gateway.child.kill('SIGTERM');
    await until(() => gateway.output().includes('shutting down'), 10_000);
    expect(await post(url, slug)).toEqual(cold);
    await until(() => gateway.output().includes(FRONT_DOOR_LINE), 5_000);
    expect(await gateway.exited).toBe(0);
  }, 60_000);
});
