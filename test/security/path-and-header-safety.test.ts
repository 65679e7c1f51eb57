/**
 * No caller value can change an upstream's host, path segments, query
 * parameters or headers: identifiers are shape-checked and percent-encoded
 * as one segment, parameters are encoded, and credentials or keys that could
 * not travel safely in a header are treated as absent (never passed to the
 * HTTP client, where they would throw and count against the breaker).
 */
import { describe, expect, it } from 'vitest';
import { errorAt, useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway({ BREAKER_FAILURES: '2' });

describe('identifiers in upstream paths', () => {
  it('encodes reserved characters so the value stays one path segment', async () => {
    const res = await gw.query('query($u: String!) { seller(username: $u) { name } }', { variables: { u: 'a/b?c=1#d e%2F' } });
    expect(errorAt(res, 'seller')?.extensions?.code).toBe('NOT_FOUND');
    const [call] = gw.calls('marketplace');
    expect(call?.path).toBe('/api/v1/sellers/a%2Fb%3Fc%3D1%23d%20e%252F');
    expect(call?.query).toEqual({});
  });

  it.each([
    ['..', 'is not a valid identifier'],
    ['.', 'is not a valid identifier'],
    ['', 'must not be empty'],
    ['x'.repeat(201), 'longer than 200'],
    ['a\r\nX-Evil: 1', 'control characters'],
    ['abc\ud800', 'not valid Unicode'],
  ])('refuses %j before any call', async (value, message) => {
    const res = await gw.query('query($u: String!) { seller(username: $u) { name } }', { variables: { u: value } });
    const error = errorAt(res, 'seller');
    expect(error?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(error?.message).toContain(message);
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('cannot add a query parameter through free text', async () => {
    const res = await gw.query('{ gigs(search: "logo&seller=mallory#x", first: 1) { totalCount } }');
    expect(res.errors).toBeUndefined();
    const [call] = gw.calls('marketplace');
    expect(call?.path).toBe('/api/v1/gigs');
    expect(call?.query).toEqual({ search: 'logo&seller=mallory#x', page: '1', per_page: '1' });
  });
});

describe('credentials that cannot travel in a header', () => {
  it('are treated as absent: no call, UNAUTHENTICATED, and the breaker stays closed', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await gw.query('{ me { username } seller(username: "pixelcraft") { name } }', {
        headers: { authorization: 'Bearer t\u00f6k\u00e9n' },
      });
      expect(errorAt(res, 'me')?.extensions?.code).toBe('UNAUTHENTICATED');
      expect((res.data as { seller: { name: string } }).seller.name).toBeTruthy();
    }
    expect(gw.calls('marketplace').every((c) => c.headers.authorization === undefined)).toBe(true);
    expect(gw.calls('marketplace').some((c) => c.path.endsWith('/me'))).toBe(false);
    const ready = (await (await fetch(`${gw.url}/readyz`)).json()) as { upstreams: Record<string, { breaker: string }> };
    expect(ready.upstreams.marketplace!.breaker).toBe('closed');
  });

  it('replaces an X-Request-Id that is not a plain token before it reaches the logs', async () => {
    const marker = 'evil"id\u00ff<script>';
    await gw.query('{ seller(username: "pixelcraft") { name } }', { headers: { 'x-request-id': marker } });
    expect(gw.logs.join('')).not.toContain('<script>');
    // A failed field is logged with the request id, code and upstream status; so is the upstream call.
    await gw.query('{ seller(username: "nobody-here") { name } }', { headers: { 'x-request-id': 'trace-42.a' } });
    const lines = gw.logs.filter((l) => l.includes('"requestId":"trace-42.a"'));
    const fieldError = lines.find((l) => l.includes('"msg":"field error"'));
    expect(fieldError).toContain('"status":404');
    expect(fieldError).toContain('"code":"NOT_FOUND"');
    expect(lines.find((l) => l.includes('"msg":"upstream call"'))).toContain('"operation":"sellersShow"');
  });
});
