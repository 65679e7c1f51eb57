/**
 * The mapped-record cache of public reference data that no credential can
 * change (categories, theme, locale, languages, currencies, countries, and the
 * scope and webhook-event lists of /openapi.json).
 * It is fetched WITHOUT the caller's token so the cached answer cannot depend
 * on who asked first. Failures are not cached; concurrent misses share one call.
 * (The raw answers of every public read are also in the shared public cache,
 * src/upstreams/public-cache/, which honours the upstream's Cache-Control.)
 */
import type { UpstreamPools } from './upstreams/index.js';
import { noteCacheHit } from './upstreams/upstream-span.js';
import { MarketplaceClient } from './upstreams/marketplace/client.js';
import {
  countrySchema,
  currencySchema,
  languageSchema,
  localeSchema,
  themeSchema,
  type ApiScopeRecord,
  type CategoryRecord,
  type CountryRecord,
  type CurrencyRecord,
  type LanguageRecord,
  type LocaleRecord,
  type ThemeRecord,
  type WebhookEventTypeRecord,
} from './upstreams/marketplace/map.js';

interface Entry<T> {
  value: Promise<T>;
  expiresAt: number;
}

export class ReferenceData {
  private readonly entries = new Map<string, Entry<unknown>>();

  constructor(
    private readonly pools: UpstreamPools,
    private readonly ttlMs: number,
  ) {}

  private cached<T>(key: string, load: (client: MarketplaceClient) => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = this.entries.get(key) as Entry<T> | undefined;
    if (hit && hit.expiresAt > now) {
      noteCacheHit(key);
      return hit.value;
    }
    // The shared call is not tied to one caller's request signal: another caller may be waiting on it.
    const value = load(new MarketplaceClient(this.pools.marketplace, undefined, {}));
    const entry = { value, expiresAt: this.ttlMs > 0 ? now + this.ttlMs : now };
    if (this.ttlMs > 0) this.entries.set(key, entry);
    value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return value;
  }

  categories(): Promise<CategoryRecord[]> {
    return this.cached('categories', (client) => client.listCategories());
  }

  theme(): Promise<ThemeRecord> {
    return this.cached('theme', (client) => client.one('themeShow', themeSchema, 'theme'));
  }

  /** The upstream's default locale: asked without a token, so it is the same for every caller. */
  locale(): Promise<LocaleRecord> {
    return this.cached('locale', (client) => client.one('localeShow', localeSchema, 'locale'));
  }

  languages(): Promise<LanguageRecord[]> {
    return this.cached('languages', (client) => client.list('languagesIndex', languageSchema, 'language'));
  }

  currencies(): Promise<CurrencyRecord[]> {
    return this.cached('currencies', (client) => client.list('currenciesIndex', currencySchema, 'currency'));
  }

  countries(): Promise<CountryRecord[]> {
    return this.cached('countries', (client) => client.list('countriesIndex', countrySchema, 'country'));
  }

  private description() {
    return this.cached('openapi', (client) => client.getDescription());
  }

  async apiScopes(): Promise<ApiScopeRecord[]> {
    return (await this.description())['x-scopes'];
  }

  async webhookEventTypes(): Promise<WebhookEventTypeRecord[]> {
    return (await this.description())['x-webhook-events'];
  }

  clear(): void {
    this.entries.clear();
  }
}
