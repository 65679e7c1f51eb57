/**
 * Localization and branding reference data through the gateway: each field's
 * upstream call, that the call never carries the caller's token (the answer
 * is shared across callers), that it is cached across requests when a TTL is
 * set, and MARKETPLACE_API_ROOT=/api/v2 sending every call to the preview root.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestGateway, TOKENS, type TestGateway } from '../helpers/gateway.js';

const buyer = { authorization: `Bearer ${TOKENS.buyer}` };
const REFERENCE =
  '{ theme { name mode fontFamily logoUrl } locale { locale currency timezone availableLocales } languages { code name nativeName } currencies { code symbol rate } countries { code name } }';

interface Reference {
  theme: { name: string; mode: string; fontFamily: string; logoUrl: string };
  locale: { locale: string; currency: string; timezone: string; availableLocales: string[] };
  languages: Array<{ code: string; name: string; nativeName: string }>;
  currencies: Array<{ code: string; symbol: string; rate: number }>;
  countries: Array<{ code: string; name: string }>;
}

describe('reference data without a cache', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({}, ['marketplace']);
  });
  afterAll(() => gw.close());
  beforeEach(() => gw.resetCalls());

  it('maps theme, locale, languages, currencies and countries from one GET each', async () => {
    const res = await gw.query<Reference>(REFERENCE);
    expect(res.errors).toBeUndefined();
    const data = res.data!;
    expect(data.theme).toMatchObject({ name: 'Marketplace Light', mode: 'light', fontFamily: 'Inter' });
    expect(data.locale).toMatchObject({ locale: 'en', currency: 'USD', timezone: 'UTC' });
    expect(data.locale.availableLocales).toContain('de');
    expect(data.languages).toContainEqual({ code: 'es', name: 'Spanish', nativeName: 'Español' });
    expect(data.currencies).toContainEqual({ code: 'EUR', symbol: '€', rate: 0.92 });
    expect(data.countries).toContainEqual({ code: 'GB', name: 'United Kingdom' });
    expect(
      gw
        .calls('marketplace')
        .map((c) => `${c.method} ${c.path}`)
        .sort(),
    ).toEqual(['GET /api/v1/countries', 'GET /api/v1/currencies', 'GET /api/v1/languages', 'GET /api/v1/locale', 'GET /api/v1/theme']);
  });

  it("never forwards the caller's token, so a shared answer cannot depend on who asked", async () => {
    const res = await gw.query(REFERENCE, { headers: buyer });
    expect(res.errors).toBeUndefined();
    const calls = gw.calls('marketplace');
    expect(calls).toHaveLength(5);
    for (const call of calls) {
      expect(call.headers.authorization).toBeUndefined();
      expect(call.headers.accept).toBe('application/json');
    }
  });
});

describe('reference data with a cache', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ REFERENCE_CACHE_TTL_MS: '60000' }, ['marketplace']);
  });
  afterAll(() => gw.close());

  it('serves a second request, from another caller, without upstream calls', async () => {
    const first = await gw.query<Reference>(REFERENCE, { headers: buyer });
    expect(gw.calls('marketplace')).toHaveLength(5);
    gw.resetCalls();
    const second = await gw.query<Reference>(REFERENCE, { headers: { authorization: `Bearer ${TOKENS.seller}` } });
    expect(second.data).toEqual(first.data);
    expect(gw.calls('marketplace')).toHaveLength(0);
  });
});

describe('MARKETPLACE_API_ROOT=/api/v2', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ MARKETPLACE_API_ROOT: '/api/v2' }, ['marketplace']);
  });
  afterAll(() => gw.close());

  it('sends every marketplace call under /api/v2, which the sandbox answers with the same routes', async () => {
    const res = await gw.query<{ me: { username: string }; languages: unknown[]; seller: { availability: { status: string } } }>(
      '{ me { username } languages { code } seller(username: "pixelcraft") { availability { status } } }',
      { headers: buyer },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.me.username).toBe('alice');
    expect(res.data?.languages.length).toBeGreaterThan(0);
    const paths = gw
      .calls('marketplace')
      .map((c) => c.path)
      .sort();
    expect(paths).toEqual(['/api/v2/languages', '/api/v2/me', '/api/v2/sellers/pixelcraft', '/api/v2/sellers/pixelcraft/availability']);
  });
});
