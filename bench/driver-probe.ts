/**
 * What the benchmark's load generator costs: the client-side CPU per request of candidate gateway-side drivers
 * (this process's own `process.cpuUsage`, the server being another process), each a closed loop of `connections`
 * keep-alive connections for a fixed time that times every request and checks every answer (status 200, no
 * `"errors":[`), against two servers on the client's CPU, as in `npm run bench`:
 *
 * - `bare`: a `node:http` server in a child process answering the gig + seller answer's bytes with Content-Length;
 * - `gateway`: the gateway as it ships (dist/, NODE_ENV=production, response cache on) answering warm
 *   response-cache hits of gig + seller, beside the sandbox on the other CPU.
 *
 * Candidates: today's `gatewayTask` (parsing the answer, as the first table does, or as bytes, as the growth table
 * does); undici's `dispatch` with a minimal handler (the driver the bench now uses, `gatewayTask`); the same with
 * undici's deprecated handler methods (no unwrapping); autocannon (its own HTTP client, latency from its
 * `response` event, the body checked by `verifyBody`); `node:http` with a keep-alive Agent.
 *
 * Each round runs every (server, candidate) pair once in a random order; medians over rounds.
 *   tsx bench/driver-probe.ts [rounds=5] [seconds per run=2] [connections=4]
 * The gateway is run from dist/ as built: `npm run build` first. PROBE_ONLY runs only the candidates it names (`|`
 * between names); PROBE_CPU pins the client and both servers to another CPU than the bench's; PROBE_LARGE=<bytes>
 * measures the bare server alone, sending an answer of about that size.
 */
import { fork } from 'node:child_process';
import { createServer } from 'node:http';
import { DirectRequest, RestPools } from './direct/rest.js';
import { percentile, type Sample } from './driver.js';
import { pin, pinning, processCpuMicros, startGatewayProcess, startSandboxProcess } from './processes.js';
import { benchQueries, loadFixtures } from './queries.js';
import { CANDIDATES, closeCandidates, type Target } from './driver-candidates.js';

/** The child: a bare `node:http` server sending the bytes it is given. */
function bareServer(): void {
  process.once('message', (answer: string) => {
    const server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, {
          'content-type': 'application/graphql-response+json; charset=utf-8',
          'content-length': Buffer.byteLength(answer),
        });
        res.end(answer);
      });
    });
    server.listen(0, '127.0.0.1', () => process.send!((server.address() as { port: number }).port));
    process.once('disconnect', () => server.close());
  });
}

interface Server {
  name: string;
  origin: string;
  cpuMicros(): Promise<number>;
}

async function main(): Promise<void> {
  const [rounds = 5, seconds = 2, connections = 4] = process.argv.slice(2).map(Number);
  const sandbox = await startSandboxProcess();
  const rest = new RestPools(sandbox.origins, 8);
  const query = benchQueries(await loadFixtures(new DirectRequest(rest, {})))[0]!;
  const gateway = await startGatewayProcess(sandbox.origins, {
    OTEL_EXPORTER_OTLP_ENDPOINT: '',
    PUBLIC_CACHE_MAX_BYTES: String(64 * 1024 * 1024),
    PUBLIC_CACHE_TTL_MS: '60000',
    RESPONSE_CACHE_MAX_ENTRIES: '10000',
  });
  const bare = fork(new URL(import.meta.url).pathname, ['bare'], { stdio: 'inherit' });
  try {
    const gatewayOrigin = new URL(gateway.url).origin;
    const body = JSON.stringify({ query: query.document, variables: query.variables });
    const headers = { 'content-type': 'application/json', accept: 'application/graphql-response+json' };
    const answer = await (await fetch(gateway.url, { method: 'POST', headers, body })).text();
    if (!answer.startsWith('{"data":{')) throw new Error(`the answer: ${answer.slice(0, 200)}`);
    // PROBE_LARGE=<bytes>: the bare server sends an answer of about that size instead (the 5,000-item row's 8.8 MiB).
    const large = Number(process.env.PROBE_LARGE ?? 0);
    const item = '{"id":1,"name":"an item","demoLink":null,"description":"' + 'x'.repeat(100) + '"},';
    bare.send(large > 0 ? `{"data":{"items":[${item.repeat(Math.ceil(large / item.length)).slice(0, -1)}]}}` : answer);
    const barePort = await new Promise<number>((resolve) => bare.once('message', (port: number) => resolve(port)));
    // Client and server share one CPU, as the bench's client side and gateway do; PROBE_CPU picks another one than
    // the bench's (CPU 0), e.g. when other work on a shared machine holds that one.
    const cpu = process.env.PROBE_CPU ?? pinning?.client;
    for (const pid of [bare.pid!, gateway.child.pid!, process.pid]) pin(pid, cpu);
    console.log(
      `answer ${answer.length} bytes; client and servers on CPU ${cpu ?? 'any'}; ${rounds} rounds of ${seconds} s, ${connections} connections`,
    );

    const servers: Server[] = [
      { name: 'bare', origin: `http://127.0.0.1:${barePort}`, cpuMicros: () => processCpuMicros(bare.pid!) },
      { name: 'gateway', origin: gatewayOrigin, cpuMicros: () => gateway.cpuMicros() },
    ].slice(0, large > 0 ? 1 : 2);
    const only = process.env.PROBE_ONLY?.split('|');
    const candidates = Object.entries(CANDIDATES).filter(([name]) => !only || only.includes(name));
    type Reading = { client: number; server: number; rps: number; p50: number; p99: number; errors: number };
    const readings = new Map<string, Reading[]>();
    const run = async (server: Server, [name, candidate]: (typeof candidates)[number], ms: number) => {
      const target: Target = { origin: server.origin, path: '/graphql', body, headers, name: query.name };
      const cpu = process.cpuUsage();
      const serverBefore = await server.cpuMicros();
      const sample: Sample = await candidate(target, connections, ms);
      const serverMicros = (await server.cpuMicros()) - serverBefore;
      const { user, system } = process.cpuUsage(cpu);
      const requests = Math.max(1, sample.latencies.length);
      return {
        key: `${server.name}\t${name}`,
        reading: {
          client: (user + system) / requests,
          server: serverMicros / requests,
          rps: sample.latencies.length / (sample.elapsedMs / 1000),
          p50: percentile(sample.latencies, 50),
          p99: percentile(sample.latencies, 99),
          errors: sample.errors,
        },
      };
    };
    const pairs = servers.flatMap((server) => candidates.map((candidate) => [server, candidate] as const));
    for (const [server, candidate] of pairs) await run(server, candidate, 1000); // JIT warm-up, connections opened
    for (let round = 0; round < rounds; round++) {
      for (const [server, candidate] of [...pairs].sort(() => Math.random() - 0.5)) {
        const { key, reading } = await run(server, candidate, seconds * 1000);
        if (reading.errors > 0) throw new Error(`${key}: ${reading.errors} errors`);
        readings.set(key, [...(readings.get(key) ?? []), reading]);
      }
      process.stderr.write(`round ${round + 1} of ${rounds}\n`);
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    console.log('\n| server | driver | client µs / request (median [rounds]) | server µs / request | req/s | p50 / p99 (ms) |');
    console.log('|---|---|---|---|---|---|');
    for (const [key, list] of readings) {
      const [server, name] = key.split('\t');
      const m = (pick: (r: Reading) => number) => median(list.map(pick));
      console.log(
        `| ${server} | ${name} | ${m((r) => r.client).toFixed(1)} [${list.map((r) => r.client.toFixed(0)).join(' ')}] | ${m((r) => r.server).toFixed(1)} | ${m((r) => r.rps).toFixed(0)} | ${m((r) => r.p50).toFixed(2)} / ${m((r) => r.p99).toFixed(2)} |`,
      );
    }
  } finally {
    await closeCandidates();
    bare.disconnect();
    await rest.close();
    await gateway.stop();
    await sandbox.stop();
  }
}

await (process.argv[2] === 'bare' ? bareServer() : main());
