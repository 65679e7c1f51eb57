/**
 * An unexpected error (a bug: anything that is not a coded GraphQLError) is logged, and masked for the
 * caller. The lines that log it name the error, its stack and the request, never the caller's document:
 * a literal argument written into it can be a password (`mobileLogin(input: { password: "…" })`), and
 * graphql-js's text of a located error (`String(error)`) prints the document lines around the field.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MarketplaceClient } from '../../src/upstreams/marketplace/client.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

const PASSWORD = 'hunter2-written-inline';

describe('the log lines of an unexpected error', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ LOG_LEVEL: 'info' }, ['marketplace']);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
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
    // Both lines are there: the gateway's and Yoga's.
    expect(logged).toContain('unexpected error');
    expect(logged.match(/a bug in a client/g)?.length).toBeGreaterThanOrEqual(2);
    expect(logged).not.toContain(PASSWORD);
    expect(logged).not.toContain('mobileLogin(input');
  });
});
