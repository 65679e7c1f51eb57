/**
 * Localization and branding reference data (theme, locale, languages,
 * currencies, countries). The upstream sends the same answer to everyone, so
 * these fields read the cross-request reference cache and never forward the
 * caller's token.
 */
import type { CountryShape, CurrencyShape, LanguageShape, LocaleShape, ThemeShape } from '../src/upstreams/marketplace/map.js';
import * as resolve from '../resolvers/platform-extra.js';
import { builder } from './builder.js';
import { upstream } from './upstream-docs.js';

const CACHED = 'Public reference data, cached across requests (REFERENCE_CACHE_TTL_MS).';

export const Theme = builder.objectRef<ThemeShape>('Theme').implement({
  description: 'The marketplace branding theme.',
  fields: (t) => ({
    name: t.exposeString('name'),
    mode: t.exposeString('mode', { description: 'light or dark.' }),
    fontFamily: t.exposeString('fontFamily'),
    logoUrl: t.exposeString('logoUrl'),
    attributes: t.expose('attributes', {
      type: 'JSON',
      description: 'The whole upstream theme object (colors and the rest).',
    }),
  }),
});

export const Locale = builder.objectRef<LocaleShape>('Locale').implement({
  description: 'The default locale settings of the marketplace.',
  fields: (t) => ({
    locale: t.exposeString('locale', { nullable: false }),
    currency: t.exposeString('currency'),
    country: t.exposeString('country'),
    timezone: t.exposeString('timezone'),
    direction: t.exposeString('direction', { description: 'ltr or rtl.' }),
    availableLocales: t.exposeStringList('availableLocales'),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const Language = builder.objectRef<LanguageShape>('Language').implement({
  description: 'A language the marketplace is offered in.',
  fields: (t) => ({
    code: t.exposeString('code', { nullable: false }),
    name: t.exposeString('name'),
    nativeName: t.exposeString('nativeName'),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const Currency = builder.objectRef<CurrencyShape>('Currency').implement({
  description: 'A display currency.',
  fields: (t) => ({
    code: t.exposeString('code', { nullable: false }),
    name: t.exposeString('name'),
    symbol: t.exposeString('symbol'),
    rate: t.exposeFloat('rate', { description: 'Units per 1 USD.' }),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

export const Country = builder.objectRef<CountryShape>('Country').implement({
  description: 'A country (ISO 3166 alpha-2 code).',
  fields: (t) => ({
    code: t.exposeString('code', { nullable: false }),
    name: t.exposeString('name'),
    attributes: t.expose('attributes', { type: 'JSON' }),
  }),
});

builder.queryFields((t) => ({
  theme: t.field({ type: Theme, ...upstream.marketplace('themeShow', CACHED), resolve: resolve.theme }),
  locale: t.field({ type: Locale, ...upstream.marketplace('localeShow', CACHED), resolve: resolve.locale }),
  languages: t.field({ type: [Language], ...upstream.marketplace('languagesIndex', CACHED), resolve: resolve.languages }),
  currencies: t.field({ type: [Currency], ...upstream.marketplace('currenciesIndex', CACHED), resolve: resolve.currencies }),
  countries: t.field({ type: [Country], ...upstream.marketplace('countriesIndex', CACHED), resolve: resolve.countries }),
}));
