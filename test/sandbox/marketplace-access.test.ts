/**
 * Marketplace sandbox: who may call what. Tokens (none, unknown, demo, generic
 * sandbox tokens), the scope each route of the route table requires, and the
 * public reads that need none.
 */
import { describe, it, expect } from 'vitest';
import { DEMO_TOKENS, FIRST_SELLER_USERNAME, DEMO_BUYER_USERNAME, sandboxToken } from '../../src/sandbox/marketplace/index.js';
import { MARKETPLACE_ROUTES } from '../../src/sandbox/marketplace/route-table.js';
import { BUYER, SELLER, useMarketplaceSandbox } from './marketplace-fixture.js';

const { call, get, post } = useMarketplaceSandbox();

describe('authentication and scopes', () => {
  it('answers 401 without a token and with an unknown token or user', async () => {
    expect(await get('/me')).toEqual({ status: 401, json: { message: 'Unauthenticated.' } });
    expect((await get('/me', 'not-a-token')).status).toBe(401);
    expect((await get('/me', sandboxToken('nobody-here'))).status).toBe(401);
  });

  it('answers 403 with the required scope when the token lacks it', async () => {
    const res = await get('/me', DEMO_TOKENS.noscope.token);
    expect(res.status).toBe(403);
    expect(res.json.required_scope).toBe('users.read');
    const write = await post('/orders', DEMO_TOKENS.readonly.token, { gig_slug: 'x' });
    expect(write.status).toBe(403);
    expect(write.json.required_scope).toBe('orders.write');
    expect((await get('/orders', DEMO_TOKENS.readonly.token)).status).toBe(200);
  });

  it('resolves demo tokens and generic sandbox tokens to their users', async () => {
    expect((await get('/me', BUYER)).json.data.username).toBe(DEMO_BUYER_USERNAME);
    expect((await get('/me', SELLER)).json.data.username).toBe(FIRST_SELLER_USERNAME);
    expect((await get('/me', sandboxToken('bob', ['users.read']))).json.data.username).toBe('bob');
    expect((await get('/orders', sandboxToken('bob', ['users.read']))).json.required_scope).toBe('orders.read');
  });

  it('never requires a token for the seller list and the gig search, even a bad one', async () => {
    expect((await get('/sellers')).status).toBe(200);
    expect((await get('/gigs')).status).toBe(200);
    expect((await get('/gigs', 'garbage')).status).toBe(200);
  });

  it('routes every operation of its route table, enforcing its scope', async () => {
    for (const [id, op] of MARKETPLACE_ROUTES) {
      const path = op.path.replace(/\{\w+\}/g, 'missing-id');
      const res = await call(op.method, path, op.method === 'GET' || op.method === 'DELETE' ? {} : { body: {} });
      if (op.scope) expect([id, res.status]).toEqual([id, 401]);
      else expect([id, res.status === 405 || res.json.message === 'Not Found']).toEqual([id, false]);
    }
  });
});
