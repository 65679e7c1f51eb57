/**
 * Runs the real gateway over HTTP against the sandbox, both on loopback port
 * 0, and exposes what a test asserts on: the GraphQL answer, the calls each
 * simulated upstream received (with headers), and the captured log lines.
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { print, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { createApp, type App, type AppOptions } from '../../src/app.js';
import { attachWebSocket } from '../../src/websocket.js';
import { gatewayListener } from '../../src/front-door.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startSandbox, type Sandbox, type SandboxName } from '../../src/sandbox/index.js';
import type { RecordedCall } from '../../src/sandbox/control.js';

export const TOKENS = {
  buyer: 'demo-buyer-token',
  seller: 'demo-seller-token',
  readonly: 'demo-readonly-token',
  noscope: 'demo-noscope-token',
} as const;
export const SEO_KEY = 'seo-demo-key';
export const ITEMS_KEY = 'items-demo-key';

/** Every credential header at once, as a caller with all three would send. */
export const ALL_CREDENTIALS = {
  authorization: `Bearer ${TOKENS.buyer}`,
  'x-seo-api-key': SEO_KEY,
  'x-items-api-key': ITEMS_KEY,
};

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: Array<{ message: string; path?: Array<string | number>; extensions?: Record<string, unknown> }>;
}

export interface TestGateway {
  url: string;
  sandbox: Sandbox;
  app: App;
  logs: string[];
  query<T = Record<string, unknown>, V = Record<string, unknown>>(
    document: string | DocumentNode | TypedDocumentNode<T, V>,
    options?: { variables?: V; headers?: Record<string, string> },
  ): Promise<GraphQLResponse<T>>;
  /** HTTP requests that reached Yoga (every request but those the response cache's front door answered: src/front-door.ts). */
  readonly yogaRequests: number;
  /** Calls the named upstream received since the last reset. */
  calls(name: SandboxName): RecordedCall[];
  resetCalls(): void;
  close(): Promise<void>;
}

/** The webhook secret shared by the test sandbox and gateway. */
/** Long enough for production's secret rules (src/config-secrets.ts), so a suite may run with NODE_ENV=production. */
export const WEBHOOK_SECRET = 'test-webhook-secret-7d41c09be2a35f86';
export const ADMIN_KEY = 'test-admin-key-3f9a61d2c8e4b0775a1e';

export interface TestGatewayOptions extends AppOptions {
  /** false: every request goes to Yoga, as without the response cache's front door (src/front-door.ts), for parity tests. */
  frontDoor?: boolean;
}

/** `options.now` is the gateway's cache and breaker clock (test/helpers/clock.ts), for suites that skip time. */
export async function startTestGateway(
  env: Record<string, string> = {},
  services?: SandboxName[],
  options: TestGatewayOptions = {},
): Promise<TestGateway> {
  // The sandbox learns the gateway's URL once it listens (the target is read at each delivery).
  const webhook = { url: '', secret: WEBHOOK_SECRET };
  const sandbox = await startSandbox({ seed: 20261123, services, webhook });
  // An upstream left out points at a closed port (the discard port): calls to it fail as unreachable.
  const unreachable = 'http://127.0.0.1:9';
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: '0',
    LOG_LEVEL: 'debug',
    MARKETPLACE_URL: sandbox.urls.marketplace ?? unreachable,
    SEO_URL: sandbox.urls.seo ?? unreachable,
    ITEMS_URL: sandbox.urls.items ?? unreachable,
    REFERENCE_CACHE_TTL_MS: '0',
    MARKETPLACE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    GATEWAY_ADMIN_KEY: ADMIN_KEY,
    // Every suite calls from 127.0.0.1 with the same few credentials: per-client rate limits
    // are off unless a suite turns them on (test/security/rate-limits.test.ts does).
    RATE_LIMIT_PER_MINUTE: '0',
    AUTH_RATE_LIMIT_PER_MINUTE: '0',
    // Suites count the upstream calls each query makes: the shared public cache (and its coalescing)
    // is off unless a suite turns it on (test/integration/public-cache*.test.ts do).
    PUBLIC_CACHE_MAX_BYTES: '0',
    // A loaded machine can pause this process past the default 250 ms, which would pass for a Redis outage and
    // move a shared decision to the process's own fallback; test/integration/redis-stall.test.ts sets 250.
    REDIS_COMMAND_TIMEOUT_MS: '2000',
    // Every compilable query runs compiled (graphql-jit) from its first execution, so the suites check
    // that compiled execution answers, fails and counts exactly as Yoga's executor does.
    COMPILE_AFTER_EXECUTIONS: '1',
    ...env,
  });
  const logs: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      logs.push(chunk.toString('utf8'));
      callback();
    },
  });
  const app = await createApp(config, createLogger(config.logLevel, sink), options);
  // The listener src/serve.ts runs: the front door, where it applies, before Yoga.
  let yogaRequests = 0;
  const toYoga: RequestListener = (request, response) => {
    yogaRequests++;
    return app.yoga(request, response);
  };
  const server: Server = createServer(options.frontDoor === false ? toYoga : gatewayListener(app.yoga, toYoga));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const closeWebSocket = attachWebSocket(server, app.yoga, { maxPayloadBytes: config.limits.bodyBytes });
  webhook.url = `${url}/webhooks/marketplace`;

  return {
    url,
    sandbox,
    app,
    logs,
    get yogaRequests() {
      return yogaRequests;
    },
    async query(document, options = {}) {
      const query = typeof document === 'string' ? document : print(document as DocumentNode);
      const response = await fetch(`${url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...options.headers },
        body: JSON.stringify({ query, variables: options.variables }),
      });
      const body = (await response.json()) as Omit<GraphQLResponse, 'status'>;
      return { status: response.status, ...body } as never;
    },
    calls: (name) => (sandbox.services[name]?.control.calls ?? []).filter((c) => !c.path.startsWith('/__sandbox')),
    resetCalls() {
      for (const service of Object.values(sandbox.services)) service.control.clearCalls();
    },
    async close() {
      await closeWebSocket();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
      await sandbox.close();
    },
  };
}

/** The error at `path` (dot-joined), if any. */
export function errorAt(response: GraphQLResponse<unknown>, path: string) {
  return response.errors?.find((e) => (e.path ?? []).join('.') === path);
}

/**
 * The gateway of one test file: started before its tests, closed after them,
 * its recorded upstream calls cleared before each test. The object returned
 * stands for the gateway once started (every property is read from it), so a
 * suite writes `const gw = useTestGateway(...)` and then `gw.query(...)`.
 */
export function useTestGateway(env: Record<string, string> = {}, services?: SandboxName[], options: TestGatewayOptions = {}): TestGateway {
  let started: TestGateway | undefined;
  beforeAll(async () => {
    started = await startTestGateway(env, services, options);
  });
  afterAll(() => started?.close());
  beforeEach(() => started?.resetCalls());
  return new Proxy({} as TestGateway, {
    get(_, key) {
      if (!started) throw new Error('useTestGateway: the gateway starts in beforeAll; use it inside a test or hook');
      const value: unknown = Reflect.get(started, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(started) : value;
    },
  });
}
