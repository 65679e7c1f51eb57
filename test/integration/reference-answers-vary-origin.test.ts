/**
 * A public reference-data answer written by use-cache-headers.ts (the response cache off, as by default) says
 * `Vary: origin` as the response cache's shared answers do, also to a request with no Origin (or a refused one),
 * where Yoga's CORS adds none: a CDN in front would otherwise keep that answer, without Access-Control-Allow-Origin,
 * and hand it to the app's browsers. (Found by a review: only the response cache's answers said it.)
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway(
  { CORS_ORIGINS: 'https://app.example,https://admin.example', EXPOSE_COST: 'false', REFERENCE_CACHE_TTL_MS: '60000' },
  ['marketplace'],
);

const varies = (res: Response) => (res.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);

describe('a public reference answer without the response cache', () => {
  it.each([
    ['no Origin', {}],
    ['an origin not allowed', { origin: 'https://evil.example' }],
  ])('to a request with %s says Vary: Origin', async (_name, headers: Record<string, string>) => {
    const url = `${gw.url}/graphql?${new URLSearchParams({ query: '{ categories { name } }' })}`;
    const allowed = await fetch(url, { headers: { accept: 'application/json', origin: 'https://app.example' } });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const other = await fetch(url, { headers: { accept: 'application/json', ...headers } });
    expect(other.status).toBe(200);
    expect(other.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(other.headers.get('access-control-allow-origin')).not.toBe('https://app.example');
    expect(varies(other)).toContain('origin');
  });
});
