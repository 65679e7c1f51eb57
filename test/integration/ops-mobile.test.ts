/**
 * The mobile endpoints through the gateway: the home feed (personalised with
 * a token), the compact order views with their scope, and the four token
 * operations, including refresh-token rotation and a scan of every log line
 * for the passwords and tokens that went through.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { errorAt, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { bearer, marketplaceCalls, marketplaceBody } from '../helpers/operations.js';

const gw = useTestGateway({}, ['marketplace']);

const as = bearer;
const calls = () => marketplaceCalls(gw);
const bodyOf = (index = 0) => marketplaceBody(gw, index);

interface TokenPair {
  accessToken: string;
  refreshToken: string;
  tokenType: string;
  expiresIn: number;
  user: { username: string; name: string };
}
const PAIR = 'accessToken refreshToken tokenType expiresIn user { username name }';

describe('mobile home', () => {
  it('is public, and personalised when a token is sent', async () => {
    const query = '{ mobileHome { greeting activeOrders categories { slug parentSlug } featuredGigs { slug title } newGigs { slug } } }';
    type Home = {
      mobileHome: {
        greeting: string;
        activeOrders: number;
        categories: Array<{ parentSlug: string | null }>;
        featuredGigs: Array<{ slug: string }>;
      };
    };
    const anonymous = await gw.query<Home>(query);
    expect(anonymous.errors).toBeUndefined();
    expect(anonymous.data?.mobileHome).toMatchObject({ greeting: 'Find the perfect freelance service', activeOrders: 0 });
    expect(anonymous.data?.mobileHome.categories.every((c) => c.parentSlug === null)).toBe(true);
    expect(anonymous.data?.mobileHome.featuredGigs.length).toBeGreaterThan(0);
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/mobile/home' });
    expect(gw.calls('marketplace')[0]!.headers.authorization).toBeUndefined();

    gw.resetCalls();
    const personal = await gw.query<Home>(query, { headers: as(TOKENS.buyer) });
    expect(personal.data?.mobileHome.greeting).toBe('Welcome back, Alice!');
    expect(personal.data?.mobileHome.activeOrders).toBeGreaterThan(0);
    expect(gw.calls('marketplace')[0]!.headers.authorization).toBe(`Bearer ${TOKENS.buyer}`);
  });

  it('is read once per request however often it is asked', async () => {
    const res = await gw.query('{ a: mobileHome { greeting } b: mobileHome { activeOrders featuredGigs { slug } } }', {
      headers: as(TOKENS.buyer),
    });
    expect(res.errors).toBeUndefined();
    expect(calls()).toEqual(['GET /api/v1/mobile/home']);
  });
});

describe('mobile orders', () => {
  it('lists the caller orders with role and counterpart (orders.read)', async () => {
    const res = await gw.query<{
      mobileOrders: {
        totalCount: number;
        nodes: Array<{ id: string; role: string; counterpartUsername: string; gigTitle: string; order: { id: string } }>;
      };
    }>('{ mobileOrders(first: 3) { totalCount nodes { id role counterpartUsername gigTitle status order { id status } } } }', {
      headers: as(TOKENS.buyer),
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.mobileOrders.totalCount).toBe(44);
    for (const node of res.data!.mobileOrders.nodes) {
      expect(node.role).toBe('buyer');
      expect(node.counterpartUsername).not.toBe('alice');
      expect(node.gigTitle).toMatch(/^I will /);
      expect(node.order.id).toBe(node.id);
    }
    expect(gw.calls('marketplace')).toHaveLength(1);
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'GET', path: '/api/v1/mobile/orders', query: { page: '1', per_page: '3' } });
  });

  it('reads one order with deliveries and revisions from the single view, without further calls', async () => {
    const list = await gw.query<{ mobileOrders: { nodes: Array<{ id: string }> } }>('{ mobileOrders(first: 1) { nodes { id } } }', {
      headers: as(TOKENS.buyer),
    });
    const id = list.data!.mobileOrders.nodes[0]!.id;
    gw.resetCalls();
    const res = await gw.query<{ mobileOrder: { id: string; deliveries: unknown[]; revisions: unknown[] } }>(
      `{ mobileOrder(id: "${id}") { id role deliveries { id message } revisions { id reason } attributes } }`,
      { headers: as(TOKENS.buyer) },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.mobileOrder.id).toBe(id);
    expect(Array.isArray(res.data?.mobileOrder.deliveries)).toBe(true);
    expect(calls()).toEqual([`GET /api/v1/mobile/orders/${id}`]);
  });

  it("a listed order reads its deliveries and revisions through the order's own rows, once per order", async () => {
    const res = await gw.query<{ mobileOrders: { nodes: Array<{ id: string; deliveries: unknown[] }> } }>(
      '{ mobileOrders(first: 2) { nodes { id deliveries { id } revisions { id } again: deliveries { message } } } }',
      { headers: as(TOKENS.buyer) },
    );
    expect(res.errors).toBeUndefined();
    const ids = res.data!.mobileOrders.nodes.map((n) => n.id);
    expect(ids).toHaveLength(2);
    expect(calls().sort()).toEqual(
      [
        'GET /api/v1/mobile/orders',
        ...ids.flatMap((id) => [`GET /api/v1/orders/${id}/deliveries`, `GET /api/v1/orders/${id}/revisions`]),
      ].sort(),
    );
  });

  it("the single view's deliveries and revisions answer the same order's Order fields too, without further calls", async () => {
    const list = await gw.query<{ mobileOrders: { nodes: Array<{ id: string }> } }>('{ mobileOrders(first: 1) { nodes { id } } }', {
      headers: as(TOKENS.buyer),
    });
    const id = list.data!.mobileOrders.nodes[0]!.id;
    gw.resetCalls();
    type Parts = { deliveries: Array<{ id: string }>; revisions: Array<{ id: string }> };
    const res = await gw.query<{ mobileOrder: Parts & { order: Parts } }>(
      `{ mobileOrder(id: "${id}") { deliveries { id } revisions { id } order { deliveries { id } revisions { id } } } }`,
      { headers: as(TOKENS.buyer) },
    );
    expect(res.errors).toBeUndefined();
    const { order, ...mobile } = res.data!.mobileOrder;
    expect(order).toEqual(mobile);
    expect(calls()).toEqual([`GET /api/v1/mobile/orders/${id}`]);
  });

  it("the single view's deliveries answer its own field even when the same order's deliveries read fails in that request", async () => {
    const list = await gw.query<{ mobileOrders: { nodes: Array<{ id: string }> } }>('{ mobileOrders(first: 1) { nodes { id } } }', {
      headers: as(TOKENS.buyer),
    });
    const id = list.data!.mobileOrders.nodes[0]!.id;
    const alone = await gw.query<{ mobileOrder: { deliveries: unknown[] } }>(`{ mobileOrder(id: "${id}") { deliveries { id } } }`, {
      headers: as(TOKENS.buyer),
    });
    const marketplace = gw.sandbox.services.marketplace!.control;
    // `order(id) { deliveries }` starts GET /orders/{id}/deliveries with the order (look-ahead), before the mobile view answers.
    marketplace.addFault({ kind: 'status', status: 500, pathIncludes: '/deliveries', times: 1 });
    try {
      const res = await gw.query<{ order: { deliveries: unknown[] | null }; mobileOrder: { deliveries: unknown[] | null } }>(
        `{ order(id: "${id}") { deliveries { id } } mobileOrder(id: "${id}") { deliveries { id } } }`,
        { headers: as(TOKENS.buyer) },
      );
      // The failed read is the order field's to report; the mobile view carried its deliveries, so its field has them.
      expect(errorAt(res, 'order.deliveries')?.extensions).toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
      expect(errorAt(res, 'mobileOrder.deliveries')).toBeUndefined();
      expect(res.data?.mobileOrder.deliveries).toEqual(alone.data!.mobileOrder.deliveries);
    } finally {
      marketplace.setFaults([]);
    }
  });

  it('is FORBIDDEN without orders.read, and NOT_FOUND for an unknown order', async () => {
    const denied = await gw.query('{ mobileOrders(first: 1) { totalCount } }', { headers: as(TOKENS.noscope) });
    expect(errorAt(denied, 'mobileOrders')?.extensions).toMatchObject({ code: 'FORBIDDEN', requiredScope: 'orders.read', status: 403 });
    const missing = await gw.query('{ mobileOrder(id: "no-such-order") { id } }', { headers: as(TOKENS.buyer) });
    expect(errorAt(missing, 'mobileOrder')?.extensions).toMatchObject({ code: 'NOT_FOUND' });
    const anonymous = await gw.query('{ mobileOrders(first: 1) { totalCount } }');
    expect(errorAt(anonymous, 'mobileOrders')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});

describe('mobile auth', () => {
  const password = 'Corr3ct-Horse-Battery-Staple';

  it('registers, logs in, rotates the refresh token once, and logs none of the secrets', async () => {
    const registered = await gw.query<{ mobileRegister: TokenPair }>(
      `mutation($input: MobileRegisterInput!) { mobileRegister(input: $input) { ${PAIR} } }`,
      {
        variables: {
          input: {
            username: 'newbie_b',
            name: 'New Bie',
            email: 'newbie_b@example.com',
            password,
            passwordConfirmation: password,
            country: 'de',
          },
        },
      },
    );
    expect(registered.errors).toBeUndefined();
    expect(registered.data?.mobileRegister).toMatchObject({
      tokenType: 'Bearer',
      expiresIn: 3600,
      user: { username: 'newbie_b', name: 'New Bie' },
    });
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/mobile/register' });
    expect(bodyOf()).toEqual({
      username: 'newbie_b',
      name: 'New Bie',
      email: 'newbie_b@example.com',
      password,
      password_confirmation: password,
      country: 'de',
    });

    gw.resetCalls();
    const login = await gw.query<{ mobileLogin: TokenPair }>(
      `mutation($input: MobileLoginInput!) { mobileLogin(input: $input) { ${PAIR} } }`,
      {
        variables: { input: { email: 'newbie_b@example.com', password } },
      },
    );
    expect(login.errors).toBeUndefined();
    const pair = login.data!.mobileLogin;
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/mobile/login' });
    expect(bodyOf()).toEqual({ email: 'newbie_b@example.com', password });

    // The access token is an ordinary bearer token for the new user.
    const me = await gw.query<{ me: { username: string } }>('{ me { username } }', { headers: as(pair.accessToken) });
    expect(me.data?.me.username).toBe('newbie_b');

    gw.resetCalls();
    const refresh = `mutation($input: MobileRefreshInput!) { mobileRefresh(input: $input) { ${PAIR} } }`;
    const rotated = await gw.query<{ mobileRefresh: TokenPair }>(refresh, { variables: { input: { refreshToken: pair.refreshToken } } });
    expect(rotated.errors).toBeUndefined();
    expect(rotated.data?.mobileRefresh.refreshToken).not.toBe(pair.refreshToken);
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/mobile/refresh' });
    expect(bodyOf()).toEqual({ refresh_token: pair.refreshToken });

    const reused = await gw.query(refresh, { variables: { input: { refreshToken: pair.refreshToken } } });
    expect(errorAt(reused, 'mobileRefresh')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', status: 401 });

    const logs = gw.logs.join('\n');
    expect(logs.length).toBeGreaterThan(0);
    for (const secret of [password, pair.accessToken, pair.refreshToken, rotated.data!.mobileRefresh.refreshToken]) {
      expect(logs).not.toContain(secret);
    }
  });

  it('answers wrong credentials with BAD_USER_INPUT and the field, without echoing the password', async () => {
    const res = await gw.query('mutation { mobileLogin(input: { username: "alice", password: "not-her-password" }) { accessToken } }');
    const error = errorAt(res, 'mobileLogin');
    expect(error?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', status: 422 });
    expect((error?.extensions?.fieldErrors as Record<string, string[]>).username).toBeDefined();
    expect(JSON.stringify(res)).not.toContain('not-her-password');
    expect(gw.logs.join('\n')).not.toContain('not-her-password');
  });

  it('logs in a seeded user by username', async () => {
    const res = await gw.query<{ mobileLogin: TokenPair }>(
      `mutation { mobileLogin(input: { username: "alice", password: "password" }) { ${PAIR} } }`,
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.mobileLogin).toMatchObject({ accessToken: 'sandbox:alice:*', user: { username: 'alice' } });
  });

  it('refuses a login without email or username, and an empty password, before any call', async () => {
    const noIdentity = await gw.query('mutation { mobileLogin(input: { password: "password" }) { accessToken } }');
    expect(errorAt(noIdentity, 'mobileLogin')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.email' });
    const noPassword = await gw.query('mutation { mobileLogin(input: { username: "alice", password: "" }) { accessToken } }');
    expect(errorAt(noPassword, 'mobileLogin')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'input.password' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('asks for a password reset', async () => {
    const res = await gw.query<{ mobileForgotPassword: { sent: boolean; message: string } }>(
      'mutation { mobileForgotPassword(input: { email: "alice@example.com" }) { sent message } }',
    );
    expect(res.errors).toBeUndefined();
    expect(res.data?.mobileForgotPassword.sent).toBe(true);
    expect(res.data?.mobileForgotPassword.message).toMatch(/reset link/);
    expect(gw.calls('marketplace')[0]).toMatchObject({ method: 'POST', path: '/api/v1/mobile/forgot-password' });
    expect(bodyOf()).toEqual({ email: 'alice@example.com' });
  });
});

describe('log redaction of mobile auth secrets', () => {
  it('censors passwords and tokens wherever a log line could carry them', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        lines.push(chunk.toString('utf8'));
        callback();
      },
    });
    const logger = createLogger('debug', sink);
    logger.info({
      variables: { input: { password: 'secret-1', passwordConfirmation: 'secret-2', refreshToken: 'secret-3' } },
      body: { password: 'secret-4', password_confirmation: 'secret-5', refresh_token: 'secret-6', access_token: 'secret-7' },
      data: { mobileLogin: { accessToken: 'secret-8', refreshToken: 'secret-9' } },
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('[redacted]');
    expect(lines[0]).not.toMatch(/secret-\d/);
  });
});
