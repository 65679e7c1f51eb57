/**
 * What the benchmark tables share: the gateway side of a query (one GraphQL
 * POST, failing loudly on errors) and the sandbox's own count of the upstream
 * calls a task causes.
 */
import type { Pool } from 'undici';
import type { HttpRequest } from './driver.js';
import type { Origins, Service } from './direct/rest.js';
import { gatewayHeaders, type BenchQuery } from './queries.js';

export const SERVICES: Service[] = ['marketplace', 'seo', 'items'];

export async function control(origins: Origins, path: string, body?: unknown): Promise<Array<{ calls: number }>> {
  return Promise.all(
    SERVICES.map(async (service) => {
      const res = await fetch(`${origins[service]}${path}`, body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) });
      return (await res.json()) as { calls: number };
    }),
  );
}

/** Upstream calls one run of `task` causes, counted by the sandbox itself. */
export async function countCalls(origins: Origins, task: () => Promise<unknown>): Promise<number> {
  await control(origins, '/__sandbox/recording', { recording: false });
  await control(origins, '/__sandbox/recording', { recording: true });
  await task();
  const states = await control(origins, '/__sandbox/state');
  return states.reduce((sum, s) => sum + s.calls, 0);
}

/**
 * The error an answer makes a failed request: a status other than 200, or GraphQL errors (`"errors":[` in the body,
 * looked for in the bytes: the direct client's task ends with its answer serialised, so parsing the gateway's answer
 * on the shared CPU would bill the gateway for its consumer's work).
 */
export function answerError(name: string, status: number, chunks: Buffer[]): Error | undefined {
  const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  if (status === 200 && body.indexOf('"errors":[') === -1) return undefined;
  return new Error(`${name}: ${status} ${body.subarray(0, 300).toString()}`);
}

/** The gateway request of `query`, as every gateway side sends it (`driveHttp`, `gatewayTask`). */
export function gatewayRequest(origin: string, query: BenchQuery): HttpRequest {
  const body = JSON.stringify({ query: query.document, variables: query.variables });
  const headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...gatewayHeaders(query.credentials) };
  return { name: query.name, origin, method: 'POST', path: '/graphql', headers, body };
}

/**
 * One gateway request of `query` through `pool` (a query's first request, the upstream calls it causes, the
 * 5,000-item row's loop, the probes' loops), failing as `driveHttp` counts a failure: a status other than 200 or
 * GraphQL errors in the answer.
 */
export function gatewayTask(pool: Pool, query: BenchQuery): () => Promise<void> {
  const { method, path, headers, body } = gatewayRequest('', query);
  return async () => {
    const res = await pool.request({ method, path, headers, body });
    const error = answerError(query.name, res.statusCode, [Buffer.from(await res.body.arrayBuffer())]);
    if (error) throw error;
  };
}
