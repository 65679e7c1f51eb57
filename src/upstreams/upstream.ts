/**
 * One upstream as the clients see it, composed once at start-up: the shared
 * cache of public reads (public-cache/) in front of the transport (http.ts:
 * budget → breaker → retry → attempt). A GET goes through the cache, which
 * keeps or shares only what the client marked `publicRead` and passes the
 * rest on (counted as `bypass`); anything else goes straight to the transport.
 */
import type { UpstreamName } from '../errors.js';
import type { BreakerState } from './breaker.js';
import type { UpstreamHttp } from './http.js';
import type { PublicCache } from './public-cache/public-cache.js';
import type { UpstreamRequest, UpstreamResponse } from './wire.js';

export class Upstream {
  readonly name: UpstreamName;

  constructor(
    /** The transport, for health (breaker state, last error) and shutdown. */
    readonly http: UpstreamHttp,
    private readonly cache?: PublicCache,
  ) {
    this.name = http.name;
  }

  send(req: UpstreamRequest): Promise<UpstreamResponse> {
    if (this.cache && req.method === 'GET') return this.cache.read(this.http, req);
    // Not kept by the shared cache, so nothing says how long it holds: an answer built from it is not shared either.
    req.reads?.unkept();
    return this.http.send(req);
  }

  breakerState(): BreakerState {
    return this.http.breakerState();
  }

  get lastError(): UpstreamHttp['lastError'] {
    return this.http.lastError;
  }

  get origin(): string {
    return this.http.origin;
  }

  close(): Promise<void> {
    return this.http.close();
  }

  destroy(): Promise<void> {
    return this.http.destroy();
  }
}
