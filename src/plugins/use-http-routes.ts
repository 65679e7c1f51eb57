/**
 * The gateway's non-GraphQL routes (README, "HTTP surface"): `/healthz`
 * (liveness), `/readyz` (each upstream's state and Redis's, `degraded` when
 * one is unreachable or its breaker open, but never failing on it, since partial results are
 * served and Redis has fallbacks; 503 once the process is shutting down, so
 * a load balancer stops routing to it) and `/metrics` (Prometheus).
 */
import type { Plugin } from 'graphql-yoga';
import { pathOf } from './request-router.js';
import { connect } from 'node:net';
import type { UpstreamPools } from '../upstreams/index.js';
import { registry, upstreamMetrics } from '../metrics.js';

export interface HttpRoutesOptions {
  pools: UpstreamPools;
  /** Upstreams served by the embedded sandbox. */
  sandboxed: ReadonlySet<string>;
  /** Redis, when REDIS_URL is set: reported (its PING is bounded by the command timeout), never failing readiness. */
  redis?: { ping(): Promise<boolean> };
  probeTimeoutMs?: number;
  /** Set when this process must stop receiving traffic (shutdown): /readyz answers 503 with it. */
  readiness?: Readiness;
}

export interface Readiness {
  notReadyReason: string | undefined;
}

/**
 * Yoga's own Response class (its fetch API), not Node's global one: the server adapter writes its body
 * to the socket as it is, where a global Response's body is piped through a web stream (chunked),
 * which cost a probe of /healthz about twice the CPU (docs/benchmarks.md, fifth pass).
 */
type ResponseClass = typeof Response;

const json = (Response: ResponseClass, status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });

/** A TCP connect to the upstream origin: reachable without spending an API call or a credential. */
function probe(origin: string, timeoutMs: number): Promise<boolean> {
  const url = new URL(origin);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname, port, timeout: timeoutMs });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('timeout', () => done(false));
    socket.once('error', () => done(false));
  });
}

const ROUTES = new Set(['/healthz', '/readyz', '/metrics']);

export function useHttpRoutes({ pools, sandboxed, redis, readiness, probeTimeoutMs = 1000 }: HttpRoutesOptions): Plugin {
  // The gauge follows transitions as they happen; an open breaker whose cool-down has passed is
  // half-open without any call, so the state is read once more at scrape time.
  const updateBreakerGauge = () => {
    for (const pool of Object.values(pools)) upstreamMetrics.breakerChanged(pool.name, pool.breakerState());
  };
  return {
    // Synchronous for every other path (a GraphQL request must not wait a promise turn here).
    onRequest(payload) {
      const { request, endResponse, fetchAPI } = payload;
      if (request.method !== 'GET' && request.method !== 'HEAD') return;
      const path = pathOf(payload);
      if (!ROUTES.has(path)) return;
      return route(path, endResponse, fetchAPI.Response);
    },
  };

  async function route(pathname: string, endResponse: (response: Response) => void, Response: ResponseClass): Promise<void> {
    switch (pathname) {
      case '/healthz':
        endResponse(json(Response, 200, { status: 'ok' }));
        return;
      case '/readyz': {
        // Still serving, but on its way out: probing the upstreams would only delay the answer.
        if (readiness?.notReadyReason) {
          endResponse(json(Response, 503, { status: 'not ready', reason: readiness.notReadyReason }));
          return;
        }
        const redisReachable = redis?.ping();
        const entries = await Promise.all(
          Object.values(pools).map(async (pool) => [
            pool.name,
            {
              origin: pool.origin,
              sandbox: sandboxed.has(pool.name),
              reachable: await probe(pool.origin, probeTimeoutMs),
              breaker: pool.breakerState(),
              lastError: pool.lastError ?? null,
            },
          ]),
        );
        const upstreams = Object.fromEntries(entries) as Record<string, { reachable: boolean; breaker: string }>;
        const shared = redisReachable ? { redis: { reachable: await redisReachable } } : {};
        // An open breaker counts too: a paused process still accepts connections, and its calls time out.
        const degraded = Object.values(upstreams).some((u) => !u.reachable || u.breaker === 'open') || shared.redis?.reachable === false;
        endResponse(json(Response, 200, { status: degraded ? 'degraded' : 'ready', upstreams, ...shared }));
        return;
      }
      case '/metrics':
        updateBreakerGauge();
        endResponse(new Response(await registry.metrics(), { status: 200, headers: { 'content-type': registry.contentType } }));
        return;
    }
  }
}
