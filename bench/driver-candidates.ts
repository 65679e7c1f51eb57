/**
 * The gateway-side drivers bench/driver-probe.ts compares, each a closed loop of `connections` keep-alive
 * connections for `ms` that times every request and checks every answer (status 200, no `"errors":[`).
 */
import { Agent, request as httpRequest } from 'node:http';
import { Pool, type Dispatcher } from 'undici';
import { drive, driveHttp, type Sample } from './driver.js';
import { answerError } from './sides.js';

export interface Target {
  origin: string;
  path: string;
  body: string;
  headers: Record<string, string>;
  name: string;
}

type Candidate = (target: Target, connections: number, ms: number) => Promise<Sample>;

/** One undici Pool per (candidate, origin), kept across runs as the benchmark keeps its pools. */
const pools = new Map<string, Pool>();
const poolFor = (candidate: string, origin: string, connections: number): Pool => {
  const key = `${candidate} ${origin}`;
  let pool = pools.get(key);
  if (!pool) pools.set(key, (pool = new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 })));
  return pool;
};

/** The gateway side until this probe: `pool.request`, the answer parsed (`parse`, first table) or read as bytes (growth table). */
function requestTask(pool: Pool, t: Target, parse: boolean): () => Promise<void> {
  return async () => {
    const res = await pool.request({ method: 'POST', path: t.path, headers: t.headers, body: t.body });
    if (!parse) {
      const bytes = Buffer.from(await res.body.arrayBuffer());
      if (res.statusCode !== 200 || bytes.indexOf('"errors":[') !== -1) throw new Error(`${t.name}: ${bytes.subarray(0, 300).toString()}`);
      return;
    }
    const json = (await res.body.json()) as { errors?: Array<{ message: string }> };
    if (json.errors) throw new Error(`${t.name}: ${json.errors.map((e) => e.message).join('; ')}`);
  };
}

/** What a dispatch handler fills in and calls. */
interface Answer {
  status: number;
  chunks: Buffer[];
  end(): void;
  fail(error: Error): void;
}

/** `dispatch` with a handler that only keeps the status and the body's chunks: no response object or body stream. */
function dispatchTask(pool: Dispatcher, t: Target, handler: (answer: Answer) => Dispatcher.DispatchHandler): () => Promise<void> {
  const options: Dispatcher.DispatchOptions = { method: 'POST', path: t.path, headers: t.headers, body: t.body };
  return () =>
    new Promise<void>((resolve, reject) => {
      const answer: Answer = {
        status: 0,
        chunks: [],
        end: () => {
          const error = answerError(t.name, answer.status, answer.chunks);
          if (error) reject(error);
          else resolve();
        },
        fail: reject,
      };
      pool.dispatch(options, handler(answer));
    });
}

const currentHandler = (answer: Answer): Dispatcher.DispatchHandler => ({
  // Its presence tells undici the handler speaks the current API (undici wraps it to call it).
  onRequestStart: () => {},
  onResponseStart: (_controller, statusCode) => void (answer.status = statusCode),
  onResponseData: (_controller, chunk) => void answer.chunks.push(chunk),
  onResponseEnd: () => answer.end(),
  onResponseError: (_controller, error) => answer.fail(error),
});

/** undici's deprecated handler methods, which it calls without wrapping the handler. */
const deprecatedHandler = (answer: Answer): Dispatcher.DispatchHandler => ({
  onConnect: () => {},
  onHeaders: (statusCode) => ((answer.status = statusCode), true),
  onData: (chunk) => (answer.chunks.push(chunk), true),
  onComplete: () => answer.end(),
  onError: (error) => answer.fail(error),
});

function nodeHttpTask(agent: Agent, t: Target): () => Promise<void> {
  const { hostname, port } = new URL(t.origin);
  return () =>
    new Promise<void>((resolve, reject) => {
      const req = httpRequest({ agent, hostname, port, method: 'POST', path: t.path, headers: t.headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const error = answerError(t.name, res.statusCode ?? 0, chunks);
          if (error) reject(error);
          else resolve();
        });
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(t.body);
    });
}

const agents = new Map<string, Agent>();

/** Closes the pools and agents the candidates kept. */
export async function closeCandidates(): Promise<void> {
  for (const agent of agents.values()) agent.destroy();
  await Promise.all([...pools.values()].map((pool) => pool.close()));
}

export const CANDIDATES: Record<string, Candidate> = {
  'request, parsed (first table before)': (t, c, ms) => drive(requestTask(poolFor('parsed', t.origin, c), t, true), c, ms),
  'request, bytes (growth table before)': (t, c, ms) => drive(requestTask(poolFor('bytes', t.origin, c), t, false), c, ms),
  'dispatch, minimal handler': (t, c, ms) => drive(dispatchTask(poolFor('dispatch', t.origin, c), t, currentHandler), c, ms),
  'dispatch, deprecated handler': (t, c, ms) => drive(dispatchTask(poolFor('legacy', t.origin, c), t, deprecatedHandler), c, ms),
  'autocannon (driveHttp)': (t, c, ms) => driveHttp({ ...t, method: 'POST' }, c, ms),
  'node:http, keep-alive Agent': (t, c, ms) => {
    let agent = agents.get(t.origin);
    if (!agent) agents.set(t.origin, (agent = new Agent({ keepAlive: true, maxSockets: c })));
    return drive(nodeHttpTask(agent, t), c, ms);
  },
};
