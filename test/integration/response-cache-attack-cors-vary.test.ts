/**
 * Attack (issue 20, response cache, HTTP): with CORS_ORIGINS set, a shared GET answer's headers depend on the
 * request's Origin (Access-Control-Allow-Origin: the origin, `null`, or none at all), but only an answer to an
 * allowed Origin says `Vary: Origin`. The answer to a request with no Origin (a server-side render, a crawler) or
 * with an origin not allowed goes out `public, max-age=…` with no Vary on Origin, so a CDN in front keeps it under
 * the URL and Accept alone and hands it to the app's browsers: without an Access-Control-Allow-Origin, or with
 * `null`, which the browser refuses. Anyone can do it on purpose (`Origin: https://evil.example`, a GET at the
 * same URL) and break the app's public reads for the answer's max-age, again and again. docs/caching.md, "HTTP":
 * public answers "so a CDN or browser in front of the gateway can keep it too"; "Before Yoga": "the CORS headers
 * Yoga's own function gives the Origin". Both paths (front door and Yoga) send the same headers here.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { ENV } from './front-door-fixtures.js';

const door = useTestGateway(ENV, ['marketplace']);
const plain = useTestGateway(ENV, ['marketplace'], { frontDoor: false });

const get = (gw: TestGateway, query: string, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}/graphql?${new URLSearchParams({ query })}`, { headers: { accept: 'application/json', ...headers } });
const varies = (res: Response) => (res.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);

describe('a public answer whose CORS headers depend on the Origin', () => {
  it.each([
    ['no Origin', {}],
    ['an origin not allowed', { origin: 'https://evil.example' }],
  ])('to a request with %s says Vary: Origin, so a cache in front never gives it to an allowed origin', async (_name, headers) => {
    for (const gw of [door, plain]) {
      const query = `{ gigs(first: 6) { totalCount } } # ${gw === door ? 'door' : 'plain'} ${JSON.stringify(headers)}`;
      // The allowed origin's own answer (its headers differ): what a browser of the app needs.
      const allowed = await get(gw, query, { origin: 'https://app.example' });
      expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example');
      const other = await get(gw, query, headers);
      expect(other.status).toBe(200);
      expect(other.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
      expect(other.headers.get('access-control-allow-origin')).not.toBe('https://app.example');
      expect(varies(other)).toContain('origin');
    }
  });
});
