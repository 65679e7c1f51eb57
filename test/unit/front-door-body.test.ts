/**
 * A body the front door read and then hands to Yoga (src/front-door.ts): it goes as `req.body`, which
 * whatwg-node's adapter takes as the request's body only after testing `Object.keys(body).length > 0`. A
 * Buffer there lists every byte (174 ms for 1 MiB), which any caller could make every request pay; the body
 * handed on must list almost nothing, and still read as the same bytes.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Request as FetchRequest } from '@whatwg-node/fetch';
import { withFrontDoor } from '../../src/front-door.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { createResponseStore, type ResponseStore } from '../../src/plugins/response-cache/store.js';
import { createRequestAdmission } from '../../src/plugins/use-rate-limit.js';

let server: Server;
let url: string;
const handed: unknown[] = [];

beforeAll(async () => {
  const logger = createLogger('silent');
  const store = createResponseStore(loadConfig({ RESPONSE_CACHE_MAX_ENTRIES: '10' }), logger) as ResponseStore;
  const admission = createRequestAdmission({ graphqlEndpoint: '/graphql', perMinute: 0, perAddressPerMinute: 0, authPerMinute: 0 });
  const door = { endpoint: '/graphql', maxBodyBytes: 2 * 1024 * 1024, store, admission, cors: false as const, logger };
  server = createServer(
    withFrontDoor(door, (req, res) => {
      handed.push((req as IncomingMessage & { body?: unknown }).body);
      res.writeHead(204).end();
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a body the front door read, handed to Yoga', () => {
  it('lists almost no keys, however large, and reads as the bytes that came', async () => {
    const body = JSON.stringify({ query: 'query($s: String) { gig(slug: $s) { slug } }', variables: { s: 'x'.repeat(512 * 1024) } });
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(204);
    const given = handed.pop();
    expect(given).toBeDefined();
    expect(Object.keys(given as object).length).toBeLessThanOrEqual(2);
    const read = new FetchRequest('http://gateway/graphql', { method: 'POST', body: given as never });
    expect(await read.text()).toBe(body);
  });
});
