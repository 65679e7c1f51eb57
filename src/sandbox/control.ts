/**
 * What tests and benchmarks can set on a simulated upstream: a latency per
 * call, faults that match some calls, and a record of every call received
 * (method, path, query, headers, body) with the highest number in flight.
 * In-process callers use the object; another process uses `/__sandbox/*`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

export type FaultKind =
  | 'status' // answer `status` with a Laravel/items-style error body (or `body`)
  | 'hang' // never answer (until the server closes)
  | 'slow-body' // send headers, then the body after `delayMs`
  | 'reset' // destroy the socket without an answer
  | 'malformed-json' // 200 with a body that is not JSON
  | 'wrong-shape' // run the handler, then answer a JSON body of another shape
  | 'delay'; // only the fault's latencyMs, then the real answer (one slow endpoint)

export interface Fault {
  kind: FaultKind;
  /** Only calls with this method (default: any). */
  method?: string;
  /** Only calls whose path contains this string (default: any). */
  pathIncludes?: string;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  /** Extra latency for the matched call. */
  latencyMs?: number;
  /** How many matching calls it applies to (default: all). */
  times?: number;
}

export interface RecordedCall {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  status?: number;
  at: number;
}

export class SandboxControl {
  latencyMs = 0;
  readonly calls: RecordedCall[] = [];
  inFlight = 0;
  maxInFlight = 0;
  /** Calls are recorded only while true; benchmarks turn it off to stay flat in memory. */
  recording = true;
  private faults: Fault[] = [];
  private hangs = new Set<() => void>();

  constructor(readonly name: string) {}

  setFaults(faults: Fault[]): void {
    this.faults = faults.map((f) => ({ ...f }));
  }

  addFault(fault: Fault): void {
    this.faults.push({ ...fault });
  }

  reset(): void {
    this.calls.length = 0;
    this.faults = [];
    this.maxInFlight = this.inFlight;
    this.latencyMs = 0;
  }

  clearCalls(): void {
    this.calls.length = 0;
    this.maxInFlight = this.inFlight;
  }

  begin(call: RecordedCall): () => void {
    if (this.recording) this.calls.push(call);
    this.inFlight++;
    if (this.inFlight > this.maxInFlight) this.maxInFlight = this.inFlight;
    return () => {
      this.inFlight--;
    };
  }

  takeFault(method: string, path: string): Fault | undefined {
    const index = this.faults.findIndex(
      (f) => (!f.method || f.method === method) && (!f.pathIncludes || path.includes(f.pathIncludes)) && (f.times ?? 1) > 0,
    );
    if (index === -1) return undefined;
    const fault = this.faults[index]!;
    if (fault.times !== undefined) fault.times--;
    return fault;
  }

  async delay(extraMs = 0): Promise<void> {
    const ms = this.latencyMs + extraMs;
    if (ms > 0) await new Promise((resolve) => setTimeout(resolve, ms));
  }

  /** Applies a fault; true when the response has been handled by it. */
  async applyFault(fault: Fault, req: IncomingMessage, res: ServerResponse): Promise<boolean> {
    switch (fault.kind) {
      case 'status': {
        const status = fault.status ?? 500;
        const body = JSON.stringify(fault.body ?? { message: 'Simulated failure', status: 'error', msg: 'Simulated failure' });
        res.writeHead(status, { 'content-type': 'application/json', ...fault.headers });
        res.end(body);
        return true;
      }
      case 'hang':
        await new Promise<void>((resolve) => {
          this.hangs.add(resolve);
          req.socket.once('close', () => {
            this.hangs.delete(resolve);
            resolve();
          });
        });
        if (!res.writableEnded) res.destroy();
        return true;
      case 'slow-body': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"data":');
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs ?? 60_000));
        if (!res.destroyed) res.end('null}');
        return true;
      }
      case 'reset':
        req.socket.destroy();
        return true;
      case 'malformed-json':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"data": [not json');
        return true;
      case 'wrong-shape':
      case 'delay':
        return false;
    }
  }

  releaseHangs(): void {
    for (const resolve of this.hangs) resolve();
    this.hangs.clear();
  }

  /** `/__sandbox/state` (GET), `/__sandbox/latency` and `/__sandbox/faults` (POST), `/__sandbox/reset` (POST). */
  handleControlRequest(method: string, path: string, body: unknown): { status: number; json: unknown } {
    const input = (body ?? {}) as { latencyMs?: number; faults?: Fault[]; recording?: boolean };
    if (path === '/__sandbox/state' && method === 'GET') {
      return {
        status: 200,
        json: {
          name: this.name,
          latencyMs: this.latencyMs,
          calls: this.calls.length,
          maxInFlight: this.maxInFlight,
          inFlight: this.inFlight,
        },
      };
    }
    if (path === '/__sandbox/calls' && method === 'GET') return { status: 200, json: this.calls };
    if (path === '/__sandbox/latency' && method === 'POST') {
      this.latencyMs = Math.max(0, Number(input.latencyMs ?? 0));
      return { status: 200, json: { latencyMs: this.latencyMs } };
    }
    if (path === '/__sandbox/faults' && method === 'POST') {
      this.setFaults(input.faults ?? []);
      return { status: 200, json: { faults: this.faults.length } };
    }
    if (path === '/__sandbox/recording' && method === 'POST') {
      this.recording = input.recording !== false;
      if (!this.recording) this.calls.length = 0;
      return { status: 200, json: { recording: this.recording } };
    }
    if (path === '/__sandbox/reset' && method === 'POST') {
      this.reset();
      return { status: 200, json: { reset: true } };
    }
    return { status: 404, json: { message: 'Unknown sandbox control' } };
  }
}
