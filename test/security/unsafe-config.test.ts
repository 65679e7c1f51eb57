/**
 * Secrets and CORS origins a deployment must not run with, proven by starting
 * the real process (src/server.ts): in production a short, published or
 * shared webhook secret or admin key stops it with the tidy `Invalid
 * configuration:` message naming the variable; outside production it starts
 * and warns. A CORS_ORIGINS entry that is not a full origin, or `*`, is
 * refused in every environment.
 */
import { describe, expect, it } from 'vitest';
import { spawnGatewayProcess, type GatewayProcess } from '../helpers/gateway-process.js';
import { MIN_SECRET_LENGTH } from '../../src/config-secrets.js';

const PRODUCTION = {
  NODE_ENV: 'production',
  PORT: '0',
  MARKETPLACE_URL: 'http://127.0.0.1:9',
  SEO_URL: 'http://127.0.0.1:9',
  ITEMS_URL: 'http://127.0.0.1:9',
};
const strong = (seed: string) => seed.repeat(Math.ceil(MIN_SECRET_LENGTH / seed.length)).slice(0, MIN_SECRET_LENGTH);

/** Resolves once the process has exited or said it is ready, with what it said. */
async function outcome(gateway: GatewayProcess): Promise<{ code: number | null | 'running'; output: string }> {
  const ready = new Promise<'running'>((resolve) => {
    const check = setInterval(() => {
      if (gateway.output().includes('Gateway ready')) {
        clearInterval(check);
        resolve('running');
      }
    }, 50);
    void gateway.exited.then(() => clearInterval(check));
  });
  const code = await Promise.race([gateway.exited, ready]);
  if (code === 'running') {
    gateway.child.kill('SIGTERM');
    await gateway.exited;
  }
  return { code, output: gateway.output() };
}

function expectRefused({ code, output }: { code: number | null | 'running'; output: string }, ...lines: RegExp[]) {
  expect(code).toBe(1);
  expect(output).toMatch(/^Invalid configuration:\n/);
  for (const line of lines) expect(output).toMatch(line);
  // One paragraph, no stack.
  expect(output).not.toMatch(/\n\s+at /);
  expect(output).not.toContain('Gateway ready');
}

describe('secrets in production', () => {
  it('refuses the compose file’s old demo webhook secret and the Kubernetes example’s change-me, naming each variable', async () => {
    const result = await outcome(
      spawnGatewayProcess({ ...PRODUCTION, MARKETPLACE_WEBHOOK_SECRET: 'compose-demo-webhook-secret', GATEWAY_ADMIN_KEY: 'change-me' }),
    );
    expectRefused(
      result,
      /^ {2}MARKETPLACE_WEBHOOK_SECRET: is a published placeholder/m,
      /^ {2}GATEWAY_ADMIN_KEY: is a published placeholder/m,
    );
    // A placeholder padded to length is still one.
    const padded = await outcome(spawnGatewayProcess({ ...PRODUCTION, GATEWAY_ADMIN_KEY: 'change-me-change-me-change-me-change-me' }));
    expectRefused(padded, /^ {2}GATEWAY_ADMIN_KEY: is a published placeholder/m);
  }, 60_000);

  it(`refuses a secret shorter than ${MIN_SECRET_LENGTH} characters without printing it, and starts with one that long`, async () => {
    const short = strong('q7Lx2').slice(1);
    const result = await outcome(spawnGatewayProcess({ ...PRODUCTION, MARKETPLACE_WEBHOOK_SECRET: short }));
    expectRefused(result, new RegExp(`^ {2}MARKETPLACE_WEBHOOK_SECRET: is ${MIN_SECRET_LENGTH - 1} characters long`, 'm'));
    expect(result.output).not.toContain(short);
    const started = await outcome(
      spawnGatewayProcess({ ...PRODUCTION, MARKETPLACE_WEBHOOK_SECRET: strong('q7Lx2'), GATEWAY_ADMIN_KEY: strong('Zp4k9') }),
    );
    expect(started.code).toBe('running');
    expect(started.output).not.toMatch(/MARKETPLACE_WEBHOOK_SECRET|GATEWAY_ADMIN_KEY/);
  }, 60_000);

  it('refuses one value used as both the webhook secret and the admin key', async () => {
    const shared = strong('Hq83w');
    const result = await outcome(spawnGatewayProcess({ ...PRODUCTION, MARKETPLACE_WEBHOOK_SECRET: shared, GATEWAY_ADMIN_KEY: shared }));
    expectRefused(result, /^ {2}GATEWAY_ADMIN_KEY: is the same value as MARKETPLACE_WEBHOOK_SECRET/m);
  }, 30_000);

  it('outside production starts with a weak secret and warns, naming the variable', async () => {
    const result = await outcome(spawnGatewayProcess({ PORT: '0', MARKETPLACE_WEBHOOK_SECRET: 'change-me' }));
    expect(result.code).toBe('running');
    expect(result.output).toMatch(/WARN.*MARKETPLACE_WEBHOOK_SECRET: is a published placeholder.*refused when NODE_ENV=production/);
  }, 30_000);
});

describe('CORS_ORIGINS', () => {
  it('refuses * and entries that are not full origins, in development as in production', async () => {
    const development = await outcome(spawnGatewayProcess({ PORT: '0', CORS_ORIGINS: '*' }));
    expectRefused(development, /^ {2}CORS_ORIGINS: "\*" is refused: CORS here allows credentials/m);
    const production = await outcome(
      spawnGatewayProcess({ ...PRODUCTION, CORS_ORIGINS: 'https://app.example.com,example.com,https://admin.example.com/path' }),
    );
    expectRefused(
      production,
      /^ {2}CORS_ORIGINS: "example.com" is not an origin/m,
      /^ {2}CORS_ORIGINS: "https:\/\/admin.example.com\/path" is not an origin/m,
    );
    expect(production.output).not.toContain('"https://app.example.com"');
  }, 60_000);

  it('accepts full origins and answers a preflight from one of them only', async () => {
    const gateway = spawnGatewayProcess({ PORT: '0', CORS_ORIGINS: 'https://app.example.com, http://localhost:5173' });
    let port: string | undefined;
    while (!(port = /Gateway ready: http:\/\/[^:]+:(\d+)\//.exec(gateway.output())?.[1])) {
      if (gateway.child.exitCode !== null) throw new Error(gateway.output());
      await new Promise((r) => setTimeout(r, 50));
    }
    const preflight = (origin: string) =>
      fetch(`http://127.0.0.1:${port}/graphql`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } }).then(
        (r) => r.headers.get('access-control-allow-origin'),
      );
    expect(await preflight('http://localhost:5173')).toBe('http://localhost:5173');
    expect(await preflight('https://evil.example.com')).not.toBe('https://evil.example.com');
    gateway.child.kill('SIGTERM');
    expect(await gateway.exited).toBe(0);
  }, 30_000);
});
