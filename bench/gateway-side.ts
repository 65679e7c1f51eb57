/**
 * One gateway side of the first table (the gateway, the traced gateway, the
 * previous commit's gateway) as one or more processes of the same build
 * (`--copies`). Two processes of one build differ in CPU per request by up
 * to 20 points for as long as they run (docs/benchmarks.md, "Tracing
 * overhead"), which one process per side reads as a difference between the
 * sides. A side's round is split between its copies, and the round's CPU
 * per request is their CPU over their requests.
 */
import { Pool } from 'undici';
import { driveHttp, type Sample } from './driver.js';
import type { GatewayProcess } from './processes.js';
import type { RoundCpu } from './baseline.js';
import type { BenchQuery } from './queries.js';
import { gatewayRequest } from './sides.js';
import { warmUntilSteady, type WarmedUp } from './warm-up.js';

export interface GatewayCopy {
  gateway: GatewayProcess;
  origin: string;
  /** For single requests (a query's first, the upstream calls it causes); the rounds go through `driveHttp`. */
  pool: Pool;
}

export class GatewaySide {
  constructor(
    readonly copies: readonly GatewayCopy[],
    private readonly connections: number,
  ) {}

  /** The first copy: where a query's upstream calls are counted and the growth table's uncached rows run. */
  get first(): GatewayCopy {
    return this.copies[0]!;
  }

  /** Every copy driven with `query` for `ms` (settling connections at a latency). */
  async settle(query: BenchQuery, ms: number): Promise<void> {
    for (const copy of this.copies) await driveHttp(gatewayRequest(copy.origin, query), this.connections, ms);
  }

  /** Every copy warmed up with `query` until its CPU per request stops falling (./warm-up.ts), `maxMs` at most. */
  async warmUp(query: BenchQuery, maxMs: number): Promise<WarmedUp[]> {
    const settled: WarmedUp[] = [];
    for (const { gateway, origin } of this.copies) {
      const request = gatewayRequest(origin, query);
      const driveFor = async (ms: number) => (await driveHttp(request, this.connections, ms)).latencies.length;
      settled.push(await warmUntilSteady(driveFor, () => gateway.cpuMicros(), maxMs));
    }
    return settled;
  }

  /** One round of `ms` shared by the copies; adds the round's CPU to `cpu.micros` and the round itself to `cpu.rounds`. */
  async round(query: BenchQuery, samples: Sample[], cpu: { micros: number; rounds: RoundCpu[] }, ms: number): Promise<void> {
    let micros = 0;
    let requests = 0;
    for (const copy of this.copies) {
      const before = await copy.gateway.cpuMicros();
      const sample = await driveHttp(gatewayRequest(copy.origin, query), this.connections, ms / this.copies.length);
      micros += (await copy.gateway.cpuMicros()) - before;
      requests += sample.latencies.length;
      samples.push(sample);
    }
    cpu.micros += micros;
    cpu.rounds.push({ micros, requests });
  }

  async stop(): Promise<void> {
    for (const { pool, gateway } of this.copies) {
      await pool.close();
      await gateway.stop();
    }
  }
}

/** `copies` processes started by `start` (given the copy's index), each with a client pool for single requests. */
export async function startSide(
  copies: number,
  connections: number,
  start: (index: number) => Promise<GatewayProcess>,
): Promise<GatewaySide> {
  const started: GatewayCopy[] = [];
  for (let i = 0; i < copies; i++) {
    const gateway = await start(i);
    const origin = new URL(gateway.url).origin;
    started.push({ gateway, origin, pool: new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000 }) });
  }
  return new GatewaySide(started, connections);
}
