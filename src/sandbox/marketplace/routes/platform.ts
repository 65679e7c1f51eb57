/**
 * Platform and localization: health, theme, the OpenAPI description,
 * locale, languages, currencies, countries and categories. Small fixed data.
 */
import { ok } from '../../laravel.js';
import type { MarketplaceApi } from '../api.js';
import { buildOpenApi } from '../openapi.js';
import { presentCategories } from '../present.js';

const LANGUAGES = [
  { code: 'en', name: 'English', native_name: 'English' },
  { code: 'es', name: 'Spanish', native_name: 'Español' },
  { code: 'de', name: 'German', native_name: 'Deutsch' },
  { code: 'fr', name: 'French', native_name: 'Français' },
  { code: 'pt', name: 'Portuguese', native_name: 'Português' },
  { code: 'hi', name: 'Hindi', native_name: 'हिन्दी' },
];
const CURRENCIES = [
  { code: 'USD', name: 'US Dollar', symbol: '$', rate: 1 },
  { code: 'EUR', name: 'Euro', symbol: '€', rate: 0.92 },
  { code: 'GBP', name: 'British Pound', symbol: '£', rate: 0.79 },
  { code: 'INR', name: 'Indian Rupee', symbol: '₹', rate: 83.1 },
  { code: 'PKR', name: 'Pakistani Rupee', symbol: '₨', rate: 278.5 },
];
const COUNTRIES = [
  ['AU', 'Australia'],
  ['BR', 'Brazil'],
  ['CA', 'Canada'],
  ['DE', 'Germany'],
  ['ES', 'Spain'],
  ['FR', 'France'],
  ['GB', 'United Kingdom'],
  ['IN', 'India'],
  ['NG', 'Nigeria'],
  ['NL', 'Netherlands'],
  ['PH', 'Philippines'],
  ['PK', 'Pakistan'],
  ['PL', 'Poland'],
  ['UA', 'Ukraine'],
  ['US', 'United States'],
].map(([code, name]) => ({ code, name }));

export function registerPlatformRoutes(api: MarketplaceApi): void {
  const openapi = buildOpenApi();
  api
    .handle('health', () => ({ status: 200, json: { status: 'ok' } }))
    .handle('openapi', () => ({ status: 200, json: openapi }))
    .handle('themeShow', () =>
      ok({
        name: 'Marketplace Light',
        mode: 'light',
        colors: { primary: '#1dbf73', secondary: '#404145', background: '#ffffff', accent: '#ffb33e' },
        font_family: 'Inter',
        logo_url: 'https://media.sandbox.example/brand/logo.svg',
      }),
    )
    .handle('localeShow', (req) => {
      const requested = req.query.get('locale') ?? 'en';
      const locale = LANGUAGES.some((l) => l.code === requested) ? requested : 'en';
      return ok({
        locale,
        currency: 'USD',
        country: 'US',
        timezone: 'UTC',
        direction: 'ltr',
        available_locales: LANGUAGES.map((l) => l.code),
      });
    })
    .handle('languagesIndex', () => ok(LANGUAGES))
    .handle('currenciesIndex', () => ok(CURRENCIES))
    .handle('countriesIndex', () => ok(COUNTRIES))
    .handle('categoriesIndex', () => ok(presentCategories(api.state)));
}
