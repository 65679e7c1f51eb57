/**
 * The mapped-record cache of public reference data that no credential can
 * change (categories, theme, locale, languages, currencies, countries, and the
 * scope and webhook-event lists of /openapi.json).
 * It is fetched WITHOUT the caller's token so the cached answer cannot depend
 * on who asked first. Failures are not cached; concurrent misses share one call. One request (a view, `viewFor`)
 * asks for an entry once, as its read cache does for its other reads: a failure stays its answer for the request.
 * (The raw answers of every public read are also in the shared public cache,
 * src/upstreams/public-cache/, which honours the upstream's Cache-Control.)
 */
import type { UpstreamPools } from './upstreams/index.js';
import { noteCacheHit } from './upstreams/upstream-span.js';
import type { RequestTrace } from './tracing.js';
import { MarketplaceClient } from './upstreams/marketplace/client.js';
import type {
  ApiScopeShape,
  CategoryShape,
  CountryShape,
  CurrencyShape,
  LanguageShape,
  LocaleShape,
  ThemeShape,
  WebhookEventTypeShape,
} from './upstreams/marketplace/map.js';
import { marketplaceOperations as ops } from './upstreams/marketplace/operations.js';

/**
 * The rows answered from this cache, apart from any request: an answer built from one is as old as this cache's
 * entry, so the response cache keeps it no longer than the reference TTL (src/plugins/response-cache/operation-plan.ts).
 */
export const REFERENCE_OPERATIONS: ReadonlySet<string> = new Set(
  [ops.categoriesIndex, ops.themeShow, ops.localeShow, ops.languagesIndex, ops.currenciesIndex, ops.countriesIndex, ops.openapi].map(
    (row) => row.id,
  ),
);

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

/** Where one request's view notes the earliest expiry (epoch ms) of the entries it read: how long its answer may be kept. */
export interface ReferenceUse {
  until: number;
}

export class ReferenceData {
  private readonly entries = new Map<string, Entry<unknown>>();
  /** The trace of the request asking (a view from `viewFor`), where a hit is noted and a miss's call is parented. */
  private readonly trace: RequestTrace | undefined;
  /** The request's note of how long what it read stays fresh (a view from `viewFor`). */
  private readonly use: ReferenceUse | undefined;
  /** What this view (one request) has asked for, failures included, made at its first ask. */
  private asked: Map<string, Promise<unknown>> | undefined;

  constructor(
    private readonly pools: UpstreamPools,
    private readonly ttlMs: number,
  ) {}

  /**
   * This cache as one request sees it: the same entries (inherited from this object), its trace (while tracing is
   * on) and its `use`. Assigned rather than given as property descriptors: Object.create with descriptors makes a
   * dictionary-mode object, ~0.5 µs in a hot loop and ~8 µs per request in a profile; this is ~20 ns.
   */
  viewFor(trace: RequestTrace | undefined, use: ReferenceUse): ReferenceData {
    const view = Object.create(this) as { trace: RequestTrace | undefined; use: ReferenceUse; asked: undefined };
    view.trace = trace;
    view.use = use;
    view.asked = undefined;
    return view as unknown as ReferenceData;
  }

  private cached<T>(key: string, load: (client: MarketplaceClient) => Promise<T>): Promise<T> {
    const asked = this.asked?.get(key);
    if (asked) return asked as Promise<T>;
    const value = this.shared(key, load);
    // Only a view (it has a `use`) keeps what it asked: on this object it would outlive any request.
    if (this.use) (this.asked ??= new Map()).set(key, value);
    return value;
  }

  private shared<T>(key: string, load: (client: MarketplaceClient) => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.expiresAt > now) {
      noteCacheHit(this.trace, key);
      this.noteUse(hit.expiresAt);
      return hit.value;
    }
    // The shared call is not tied to one caller's request signal: another caller may be waiting on it.
    const value = load(new MarketplaceClient(this.pools.marketplace, undefined, { trace: this.trace }));
    const entry = { value, expiresAt: this.ttlMs > 0 ? now + this.ttlMs : now };
    this.noteUse(entry.expiresAt);
    if (this.ttlMs > 0) this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  private noteUse(expiresAt: number): void {
    if (this.use && expiresAt < this.use.until) this.use.until = expiresAt;
  }

  categories(): Promise<CategoryShape[]> {
    return this.cached('categories', (client) => client.call(ops.categoriesIndex));
  }

  theme(): Promise<ThemeShape> {
    return this.cached('theme', (client) => client.call(ops.themeShow));
  }

  /** The upstream's default locale: asked without a token, so it is the same for every caller. */
  locale(): Promise<LocaleShape> {
    return this.cached('locale', (client) => client.call(ops.localeShow));
  }

  languages(): Promise<LanguageShape[]> {
    return this.cached('languages', (client) => client.call(ops.languagesIndex));
  }

  currencies(): Promise<CurrencyShape[]> {
    return this.cached('currencies', (client) => client.call(ops.currenciesIndex));
  }

  countries(): Promise<CountryShape[]> {
    return this.cached('countries', (client) => client.call(ops.countriesIndex));
  }

  private description() {
    return this.cached('openapi', (client) => client.call(ops.openapi));
  }

  async apiScopes(): Promise<ApiScopeShape[]> {
    return (await this.description())['x-scopes'];
  }

  async webhookEventTypes(): Promise<WebhookEventTypeShape[]> {
    return (await this.description())['x-webhook-events'];
  }

  clear(): void {
    this.entries.clear();
  }
}
