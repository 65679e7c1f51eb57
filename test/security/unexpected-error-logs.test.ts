/**
 * An unexpected error (a bug: anything that is not a coded GraphQLError) is logged once, and masked for the
 * caller. The line that logs it names the error, its stack and the request, never the caller's document:
 * a literal argument written into it can be a password (`mobileLogin(input: { password: "…" })`), and
 * graphql-js's text of a located error (`String(error)`) prints the document lines around the field.
 */
import { GraphQLError } from 'graphql';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { MarketplaceClient } from '../../src/upstreams/marketplace/client.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

const PASSWORD = 'hunter2-written-inline';

describe('the log lines of an unexpected error', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ LOG_LEVEL: 'info' }, ['marketplace']);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await gw.close();
  });

  it("never quote the caller's document, where a literal can be a password", async () => {
    vi.spyOn(MarketplaceClient.prototype, 'call').mockImplementation(() => {
      throw new TypeError('a bug in a client');
    });
    const mark = gw.logs.length;
    const response = await gw.query(`mutation { mobileLogin(input: { username: "bob", password: "${PASSWORD}" }) { accessToken } }`);
    expect(response.errors?.[0]?.extensions?.code).toBe('INTERNAL_SERVER_ERROR');
    const logged = gw.logs.slice(mark).join('');
    // One line for the one error: the gateway's `unexpected error` (Yoga's own line for it would repeat it).
    const lines = gw.logs.slice(mark).filter((line) => line.includes('a bug in a client'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('"msg":"unexpected error"');
    expect(logged).not.toContain(PASSWORD);
    expect(logged).not.toContain('mobileLogin(input');
  });

  it('an internal error wrapped in GraphQLErrors twice is still masked, and logged as unexpected', async () => {
    vi.spyOn(MarketplaceClient.prototype, 'call').mockImplementation(() => {
      const internal = new TypeError('internal detail of a wrapped bug');
      throw new GraphQLError('outer', { originalError: new GraphQLError('inner', { originalError: internal }) });
    });
    const mark = gw.logs.length;
    const response = await gw.query('{ seller(username: "pixelcraft") { name } }');
    expect(response.errors?.[0]).toMatchObject({ message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } });
    expect(JSON.stringify(response)).not.toContain('internal detail');
    const unexpected = gw.logs.slice(mark).filter((line) => line.includes('"msg":"unexpected error"'));
    expect(unexpected).toHaveLength(1);
    expect(unexpected[0]).toContain('internal detail of a wrapped bug');
  });

  it('a coded GraphQLError wrapped in another reaches the caller as it is, and is not logged as unexpected', async () => {
    vi.spyOn(MarketplaceClient.prototype, 'call').mockImplementation(() => {
      throw new GraphQLError('outer', {
        originalError: new GraphQLError('Seller pixelcraft is on holiday', { extensions: { code: 'SELLER_AWAY' } }),
      });
    });
    const mark = gw.logs.length;
    const response = await gw.query('{ seller(username: "pixelcraft") { name } }');
    expect(response.errors?.[0]?.message).toBe('outer');
    expect(response.errors?.[0]?.extensions?.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(gw.logs.slice(mark).filter((line) => line.includes('unexpected error'))).toEqual([]);
  });
});
