/**
 * The load drivers: a closed loop of `connections` concurrent workers, each
 * starting its next request when its last one is answered, for a fixed time,
 * recording each request's wall time. `drive` runs a task (the direct REST
 * client: a function making several calls); `driveHttp` sends one HTTP
 * request over keep-alive connections with autocannon, which costs the client
 * side about half the CPU per answer of undici's `request()` (docs/benchmarks.md,
 * "The load generator's own CPU"): every gateway side goes through it, since
 * the client side shares the gateway's CPU, but for answers of megabytes
 * (the 5,000-item row), which undici reads for about half autocannon's CPU.
 */
import autocannon from 'autocannon';

export interface Sample {
  latencies: number[];
  elapsedMs: number;
  errors: number;
}

export async function drive(task: () => Promise<unknown>, connections: number, durationMs: number): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const started = performance.now();
  const until = started + durationMs;
  const worker = async () => {
    while (performance.now() < until) {
      const t0 = performance.now();
      try {
        await task();
      } catch (error) {
        // The first failure is shown: a benchmark of errors measures nothing.
        if (errors++ === 0) console.error(`first error: ${(error as Error).message}`);
      }
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  return { latencies, elapsedMs: performance.now() - started, errors };
}

/** One HTTP request as `driveHttp` sends it again and again. */
export interface HttpRequest {
  /** Names the request in the first error shown. */
  name: string;
  origin: string;
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
}

/** autocannon's per-connection client, as much of it as the drain below uses. */
interface Connection {
  reqsMade: number;
  responseMax?: number;
}

/**
 * `request` on `connections` keep-alive connections for `durationMs`, the same loop as `drive`: each answer's exact
 * time (autocannon's `response` event; its histograms round to whole ms), an error counted (the first shown) for a
 * status other than 200, `"errors":[` in the body, a connection error or a timeout (10 s). At the deadline each
 * connection finishes the request it has in flight and stops, as `drive`'s workers do, rather than being cut
 * mid-request: a request the gateway worked on is a request counted. (autocannon's own `duration` destroys the
 * connections at its next sample tick; its `maxConnectionRequests` is a per-connection bound it checks before each
 * request, `responseMax`, which the drain sets to what each connection has sent.)
 */
export async function driveHttp(request: HttpRequest, connections: number, durationMs: number): Promise<Sample> {
  const latencies: number[] = [];
  let errors = 0;
  const fail = (message: string) => {
    if (errors++ === 0) console.error(`first error: ${request.name}: ${message}`);
  };
  const clients: Connection[] = [];
  // autocannon checks the body right after emitting the answer's `response`, in the same call: the status is this one's.
  let status = 0;
  const started = performance.now();
  let ended = started;
  const instance = autocannon({
    url: `${request.origin}${request.path}`,
    method: request.method,
    headers: request.headers,
    body: request.body,
    connections,
    pipelining: 1,
    // A bound only: the drain below ends the run; a run stops within one sample interval of its last answer.
    duration: durationMs / 1000 + 60,
    sampleInt: 10,
    setupClient: (client) => void clients.push(client as Connection),
    verifyBody: (body) => {
      if (status !== 200 || body.includes('"errors":[')) fail(`${status} ${body.slice(0, 300)}`);
      return true;
    },
  });
  instance.on('response', (_client, statusCode, _bytes, responseTimeMs) => {
    status = statusCode;
    latencies.push(responseTimeMs);
    ended = performance.now();
  });
  instance.on('reqError', (error) => fail(error.message));
  const drain = setTimeout(() => {
    for (const client of clients) client.responseMax = Math.max(1, client.reqsMade);
  }, durationMs);
  try {
    await instance;
  } finally {
    clearTimeout(drain);
  }
  return { latencies, elapsedMs: ended - started, errors };
}

/** Merges samples of several rounds. */
export function merge(samples: Sample[]): Sample {
  return {
    latencies: samples.flatMap((s) => s.latencies),
    elapsedMs: samples.reduce((sum, s) => sum + s.elapsedMs, 0),
    errors: samples.reduce((sum, s) => sum + s.errors, 0),
  };
}

/** A latency in ms as the tables print it: two decimals under 10, one above. */
export const ms = (value: number) => (value >= 10 ? value.toFixed(1) : value.toFixed(2));

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
