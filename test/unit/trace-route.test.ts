/**
 * The SERVER span's route is read from the request URL without building a URL object: the same scheme and
 * path as `new URL()` gives, for every shape of absolute URL the server hands Yoga.
 */
import { describe, expect, it } from 'vitest';
import { schemeAndPath } from '../../src/plugins/use-tracing.js';

describe('schemeAndPath', () => {
  it.each([
    'http://127.0.0.1:4000/graphql',
    'http://127.0.0.1:4000/graphql?query=%7B__typename%7D&api_key=secret',
    'https://gateway.example/graphql#fragment',
    'http://[::1]:4000/webhooks/marketplace?x=/graphql',
    'http://localhost/',
    'http://localhost/a/b?c#d',
  ])('reads %s as new URL() does', (url) => {
    const parsed = new URL(url);
    expect(schemeAndPath(url)).toEqual({ scheme: parsed.protocol.slice(0, -1), path: parsed.pathname });
  });

  it('takes a URL with no path as the root, so it is never a route', () => {
    expect(schemeAndPath('http://localhost:4000')).toEqual({ scheme: 'http', path: '/' });
  });
});
