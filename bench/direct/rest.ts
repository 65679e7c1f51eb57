/**
 * The "direct REST" baseline's HTTP layer: what a careful user would write
 * without a gateway. One undici Pool per upstream with the gateway's own pool
 * settings (src/upstreams/http.ts), JSON in and out, and a per-request memo so
 * a resource is fetched once. Every distinct resource it fetched is recorded:
 * that count is the benchmark's "minimum" for the query, computed, not typed.
 */
import { Pool } from 'undici';

export type Service = 'marketplace' | 'seo' | 'items';

export interface Origins {
  marketplace: string;
  seo: string;
  items: string;
}

/** The same roots the gateway appends (contract section 2). */
const ROOTS: Record<Service, string> = { marketplace: '/api/v1', seo: '/api/v1', items: '/api' };

export interface Credentials {
  marketplaceToken?: string;
  seoApiKey?: string;
  itemsApiKey?: string;
}

export class RestPools {
  readonly pools: Record<Service, Pool>;

  constructor(origins: Origins, connections: number) {
    const make = (origin: string) =>
      new Pool(origin, { connections, pipelining: 1, keepAliveTimeout: 30_000, keepAliveMaxTimeout: 60_000 });
    this.pools = { marketplace: make(origins.marketplace), seo: make(origins.seo), items: make(origins.items) };
  }

  close(): Promise<void> {
    return Promise.all(Object.values(this.pools).map((pool) => pool.close())).then(() => undefined);
  }
}

type Query = Record<string, string | number | undefined>;

/** One logical request of the baseline: its credentials, its memo, and the resources it fetched. */
export class DirectRequest {
  private readonly memo = new Map<string, Promise<unknown>>();

  constructor(
    private readonly rest: RestPools,
    private readonly credentials: Credentials,
  ) {}

  /** Distinct resources fetched so far. */
  get resources(): string[] {
    return [...this.memo.keys()];
  }

  get<T = unknown>(service: Service, path: string, query: Query = {}): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    const params: Query = { ...query };
    if (service === 'marketplace' && this.credentials.marketplaceToken)
      headers.authorization = `Bearer ${this.credentials.marketplaceToken}`;
    if (service === 'seo' && this.credentials.seoApiKey) headers.authorization = `Bearer ${this.credentials.seoApiKey}`;
    if (service === 'items') params.api_key = this.credentials.itemsApiKey;
    return this.send<T>(service, 'GET', path + queryString(params), headers);
  }

  /** Form POST (the item store's purchase validation). */
  postForm<T = unknown>(service: Service, path: string, form: Query): Promise<T> {
    const fields: Query = service === 'items' ? { api_key: this.credentials.itemsApiKey, ...form } : form;
    const headers = { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' };
    return this.send<T>(service, 'POST', path, headers, queryString(fields).slice(1));
  }

  private send<T>(
    service: Service,
    method: 'GET' | 'POST',
    pathAndQuery: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<T> {
    const key = `${service} ${method} ${pathAndQuery} ${body ?? ''}`;
    let pending = this.memo.get(key);
    if (!pending) {
      pending = this.rest.pools[service]
        .request({ method, path: ROOTS[service] + pathAndQuery, headers, body })
        .then((res) => res.body.json());
      this.memo.set(key, pending);
    }
    return pending as Promise<T>;
  }
}

function queryString(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
