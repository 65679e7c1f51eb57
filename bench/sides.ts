/**
 * What the benchmark tables share: the gateway side of a query (one GraphQL
 * POST, failing loudly on errors) and the sandbox's own count of the upstream
 * calls a task causes.
 */
import type { Pool } from 'undici';
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
 * One gateway request of `query`. `parse: false` takes the answer as bytes and only looks for an
 * `errors` key: the direct client's task ends with its serialised answer, so parsing a large
 * gateway answer on the client side would bill the gateway for the consumer's work.
 */
export function gatewayTask(pool: Pool, query: BenchQuery, { parse = true } = {}): () => Promise<void> {
  const body = JSON.stringify({ query: query.document, variables: query.variables });
  const headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...gatewayHeaders(query.credentials) };
  return async () => {
    const res = await pool.request({ method: 'POST', path: '/graphql', headers, body });
    if (!parse) {
      const bytes = Buffer.from(await res.body.arrayBuffer());
      if (res.statusCode !== 200 || bytes.indexOf('"errors":[') !== -1)
        throw new Error(`${query.name}: ${bytes.subarray(0, 300).toString()}`);
      return;
    }
    const json = (await res.body.json()) as { errors?: Array<{ message: string }> };
    if (json.errors) throw new Error(`${query.name}: ${json.errors.map((e) => e.message).join('; ')}`);
  };
}
