/**
 * The benchmark's gateway side: one request (bench/sides.ts, `gatewayTask`, undici) and the closed loop that
 * drives the gateway (bench/driver.ts, `driveHttp`, autocannon, for less client CPU on the core the client side
 * shares with the gateway). Both must send the request the bench always sent, and fail loudly on an answer that is
 * not a success.
 */
import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { Pool } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drive, driveHttp } from '../../bench/driver.js';
import type { BenchQuery } from '../../bench/queries.js';
import { gatewayRequest, gatewayTask } from '../../bench/sides.js';

interface Seen {
  method: string;
  url: string;
  rawHeaders: string[];
  body: string;
}

const query: BenchQuery = {
  name: 'a query',
  document: 'query($slug: String!) { gig(slug: $slug) { title } }',
  variables: { slug: 'a-gig' },
  credentials: { marketplaceToken: 'a-token', seoApiKey: 'a-key' },
  direct: async () => undefined,
};

/** What the server answers next: status and the body's chunks, written one by one after `delayMs`. */
let answer: { status: number; chunks: string[]; delayMs?: number } = { status: 200, chunks: ['{"data":{"gig":null}}'] };
/** Requests being answered now, and the most at once. */
let open = 0;
let mostOpen = 0;
const seen: Seen[] = [];
let server: Server;
let pool: Pool;
let origin: string;

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void readBody(req).then(async (body) => {
      seen.push({ method: req.method!, url: req.url!, rawHeaders: req.rawHeaders, body });
      mostOpen = Math.max(mostOpen, ++open);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      res.writeHead(answer.status, { 'content-type': 'application/graphql-response+json' });
      for (const chunk of answer.chunks) {
        res.write(chunk);
        // A separate write per chunk, so the client reads the body in pieces.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      open--;
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  origin = `http://127.0.0.1:${port}`;
  pool = new Pool(origin, { connections: 2, pipelining: 1 });
});

afterAll(async () => {
  await pool.close();
  server.close();
});

describe('the benchmark gateway task', () => {
  it('sends POST /graphql with the query, its variables and its credentials as headers, as the bench always did', async () => {
    answer = { status: 200, chunks: ['{"data":{"gig":null}}'] };
    seen.length = 0;
    await gatewayTask(pool, query)();
    const body = JSON.stringify({ query: query.document, variables: query.variables });
    const headers = {
      'content-type': 'application/json',
      accept: 'application/graphql-response+json',
      authorization: 'Bearer a-token',
      'x-seo-api-key': 'a-key',
    };
    const res = await pool.request({ method: 'POST', path: '/graphql', headers, body });
    await res.body.dump();
    const [viaTask, byHand] = seen;
    expect(viaTask).toEqual(byHand);
    expect(viaTask!.body).toBe(body);
  });

  it('resolves on a 200 answer without errors, read in several pieces', async () => {
    answer = { status: 200, chunks: ['{"data":', '{"gig":{"title":"errors"}}', '}'] };
    await expect(gatewayTask(pool, query)()).resolves.toBeUndefined();
  });

  it('rejects an answer with GraphQL errors, even when the marker is split between two pieces', async () => {
    answer = { status: 200, chunks: ['{"data":null,"err', 'ors":[{"message":"boom"}]}'] };
    await expect(gatewayTask(pool, query)()).rejects.toThrow('a query: 200 {"data":null,"errors":[{"message":"boom"}]}');
  });

  it('rejects a status other than 200, with the start of its body', async () => {
    answer = { status: 503, chunks: ['upstream down'] };
    await expect(gatewayTask(pool, query)()).rejects.toThrow('a query: 503 upstream down');
  });

  it('rejects when the connection fails', async () => {
    const closed = new Pool('http://127.0.0.1:1', { connections: 1 });
    await expect(gatewayTask(closed, query)()).rejects.toThrow(/ECONNREFUSED/);
    await closed.close();
  });

  it("counts every failed answer in the driver's sample and keeps the loop going", async () => {
    answer = { status: 500, chunks: ['{"errors":[{"message":"down"}]}'] };
    const sample = await drive(gatewayTask(pool, query), 2, 200);
    expect(sample.latencies.length).toBeGreaterThan(2);
    expect(sample.errors).toBe(sample.latencies.length);
  });
});

describe('the benchmark HTTP driver (autocannon)', () => {
  const headerMap = (rawHeaders: string[]) => {
    const map: Record<string, string> = {};
    for (let i = 0; i < rawHeaders.length; i += 2) map[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1]!;
    return map;
  };

  it('sends the same method, path, headers and body as the one-off request', async () => {
    answer = { status: 200, chunks: ['{"data":{"gig":null}}'] };
    seen.length = 0;
    await gatewayTask(pool, query)();
    await driveHttp(gatewayRequest(origin, query), 1, 50);
    const [once, ...driven] = seen;
    expect(driven.length).toBeGreaterThan(0);
    for (const request of driven) {
      expect({ ...request, rawHeaders: headerMap(request.rawHeaders) }).toEqual({ ...once, rawHeaders: headerMap(once!.rawHeaders) });
    }
  });

  it('keeps `connections` requests in flight, times each exactly, and answers and counts every request it sent', async () => {
    answer = { status: 200, chunks: ['{"data":{"gig":null}}'], delayMs: 15 };
    seen.length = 0;
    mostOpen = 0;
    const sample = await driveHttp(gatewayRequest(origin, query), 3, 300);
    expect(sample.errors).toBe(0);
    expect(mostOpen).toBe(3);
    // Drained at the deadline: no request the server worked on is left out of the sample.
    expect(sample.latencies.length).toBe(seen.length);
    expect(Math.min(...sample.latencies)).toBeGreaterThanOrEqual(14);
    expect(sample.latencies.some((ms) => !Number.isInteger(ms))).toBe(true);
    expect(sample.elapsedMs).toBeGreaterThanOrEqual(300);
  });

  it('counts an answer with GraphQL errors or a status other than 200 as an error, and shows the first', async () => {
    const shown: string[] = [];
    const consoleError = console.error;
    console.error = (message: string) => void shown.push(message);
    try {
      answer = { status: 200, chunks: ['{"data":null,"err', 'ors":[{"message":"boom"}]}'] };
      const withErrors = await driveHttp(gatewayRequest(origin, query), 2, 100);
      expect(withErrors.errors).toBe(withErrors.latencies.length);
      answer = { status: 502, chunks: ['bad gateway'] };
      const badStatus = await driveHttp(gatewayRequest(origin, query), 2, 100);
      expect(badStatus.errors).toBe(badStatus.latencies.length);
    } finally {
      console.error = consoleError;
    }
    expect(shown).toEqual([
      'first error: a query: 200 {"data":null,"errors":[{"message":"boom"}]}',
      'first error: a query: 502 bad gateway',
    ]);
  });

  it('counts a refused connection as an error rather than hanging', async () => {
    const consoleError = console.error;
    console.error = () => {};
    try {
      const sample = await driveHttp({ ...gatewayRequest('http://127.0.0.1:1', query) }, 1, 100);
      expect(sample.errors).toBeGreaterThan(0);
      expect(sample.latencies).toEqual([]);
    } finally {
      console.error = consoleError;
    }
  });
});
