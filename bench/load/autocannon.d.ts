/** The part of autocannon's programmatic API bench/load.ts uses (the package ships no types). */
declare module 'autocannon' {
  export interface AutocannonRequest {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    onResponse?: (status: number, body: string, context: Record<string, unknown>, headers: Record<string, string>) => void;
  }
  export interface Histogram {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    throughput: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    duration: number;
    '2xx': number;
    '4xx': number;
    '5xx': number;
  }
  export interface Options {
    url: string;
    connections?: number;
    duration?: number;
    pipelining?: number;
    timeout?: number;
    requests?: AutocannonRequest[];
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    /** Called with each response's body; false counts the response as a mismatch (`reqMismatch`). */
    verifyBody?: (body: string) => boolean;
    /** Called with each connection's client (an EventEmitter with autocannon's Client API) as it is made. */
    setupClient?: (client: unknown) => void;
    /** Milliseconds between the samples of the requests and throughput histograms (default 1000). */
    sampleInt?: number;
  }
  export interface Instance extends PromiseLike<Result> {
    stop(): void;
    /** Every response, with its exact time in ms (the histograms round to whole ms). */
    on(event: 'response', listener: (client: unknown, statusCode: number, bytes: number, responseTimeMs: number) => void): this;
    on(event: 'reqMismatch', listener: (body: string) => void): this;
    on(event: 'reqError', listener: (error: Error) => void): this;
  }
  export default function autocannon(options: Options): Instance;
}
