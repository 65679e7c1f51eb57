/**
 * Credential isolation under concurrency: many simultaneous callers, each
 * with its own marketplace token, website-analysis key and item-store key,
 * get only their own data; every upstream call carries only its own
 * upstream's credential; and no credential appears in the captured logs,
 * the metrics or an error message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

const BUYERS = [
  'alice',
  'bob',
  'carol',
  'dave',
  'erin',
  'frank',
  'grace',
  'heidi',
  'ivan',
  'judy',
  'mallory',
  'niaj',
  'olivia',
  'peggy',
  'rupert',
  'sybil',
  'trent',
  'victor',
  'walter',
  'yasmin',
];
const SEO_KEYS = ['seo-demo-key', 'seo-other-key', 'seo-key-isolated'];
const ITEMS_KEYS = ['items-demo-key', 'items-other-key', 'items-empty-key'];
const CALLERS = Number(process.env.ISOLATION_CALLERS ?? 60);

interface Caller {
  username: string;
  token: string;
  seoKey: string;
  itemsKey: string;
}

const callers: Caller[] = Array.from({ length: CALLERS }, (_, i) => {
  const username = BUYERS[i % BUYERS.length]!;
  // The suffix makes every token distinct, so a leak between two callers is visible in the logs scan too.
  return {
    username,
    token: `sandbox:${username}:*`,
    seoKey: SEO_KEYS[i % SEO_KEYS.length]!,
    itemsKey: ITEMS_KEYS[(i + 1) % ITEMS_KEYS.length]!,
  };
});

const DOCUMENT = '{ me { username } seoReports(first: 10) { totalCount nodes { id } } itemsAccount { username } items { id } }';
type Answer = {
  me: { username: string };
  seoReports: { totalCount: number; nodes: Array<{ id: string }> };
  itemsAccount: { username: string };
  items: Array<{ id: string }> | null;
};

let gw: TestGateway;
beforeAll(async () => {
  gw = await startTestGateway();
});
afterAll(() => gw.close());

const ask = (caller: Caller) =>
  gw.query<Answer>(DOCUMENT, {
    headers: { authorization: `Bearer ${caller.token}`, 'x-seo-api-key': caller.seoKey, 'x-items-api-key': caller.itemsKey },
  });

describe('credential isolation', () => {
  it('gives each of many concurrent callers only its own data', async () => {
    // What each distinct credential sees when asked alone.
    const seoAlone = new Map<string, Answer['seoReports']>();
    const itemsAlone = new Map<string, { account: string; items: string[] }>();
    for (let i = 0; i < SEO_KEYS.length; i++) {
      const res = await ask(callers[i]!);
      expect(res.errors).toBeUndefined();
      seoAlone.set(callers[i]!.seoKey, res.data!.seoReports);
      itemsAlone.set(callers[i]!.itemsKey, { account: res.data!.itemsAccount.username, items: (res.data!.items ?? []).map((x) => x.id) });
    }
    // The three keys of each upstream really do see different data, or the test could not tell them apart.
    expect(new Set([...seoAlone.values()].map((s) => s.totalCount)).size).toBe(SEO_KEYS.length);
    expect(new Set([...itemsAlone.values()].map((s) => s.account)).size).toBe(ITEMS_KEYS.length);

    gw.resetCalls();
    const answers = await Promise.all([...callers, ...callers].map(ask));
    answers.forEach((res, i) => {
      const caller = callers[i % callers.length]!;
      expect(res.errors).toBeUndefined();
      expect(res.data!.me.username).toBe(caller.username);
      expect(res.data!.seoReports).toEqual(seoAlone.get(caller.seoKey));
      expect(res.data!.itemsAccount.username).toBe(itemsAlone.get(caller.itemsKey)!.account);
      expect((res.data!.items ?? []).map((x) => x.id)).toEqual(itemsAlone.get(caller.itemsKey)!.items);
    });
  });

  it('sends each upstream only its own kind of credential', () => {
    const tokens = new Set(callers.map((c) => `Bearer ${c.token}`));
    for (const call of gw.calls('marketplace')) {
      expect(tokens.has(String(call.headers.authorization))).toBe(true);
      expect(call.headers['x-seo-api-key']).toBeUndefined();
      expect(call.headers['x-items-api-key']).toBeUndefined();
      expect(JSON.stringify(call)).not.toMatch(/seo-|items-/);
    }
    for (const call of gw.calls('seo')) {
      expect(SEO_KEYS.map((k) => `Bearer ${k}`)).toContain(call.headers.authorization);
      expect(JSON.stringify(call)).not.toMatch(/sandbox:|items-/);
    }
    for (const call of gw.calls('items')) {
      expect(ITEMS_KEYS).toContain(call.query.api_key);
      expect(call.headers.authorization).toBeUndefined();
      expect(JSON.stringify(call)).not.toMatch(/sandbox:|seo-/);
    }
    expect(gw.calls('marketplace').length).toBeGreaterThanOrEqual(CALLERS * 2);
  });

  it('keeps every credential out of the logs and the metrics', async () => {
    // A failing call too, so error paths are logged as well.
    await gw.query('{ me { username } }', { headers: { authorization: 'Bearer sandbox:nobody-at-all:*' } });
    const secrets = [...new Set([...callers.flatMap((c) => [c.token, c.seoKey, c.itemsKey]), 'sandbox:nobody-at-all:*'])];
    const logs = gw.logs.join('');
    expect(logs.length).toBeGreaterThan(0);
    const metrics = await (await fetch(`${gw.url}/metrics`)).text();
    for (const secret of secrets) {
      expect(logs.includes(secret), `log contains ${secret}`).toBe(false);
      expect(metrics.includes(secret), `metrics contain ${secret}`).toBe(false);
    }
  });

  it('never names the credential in an error message', async () => {
    const token = 'sandbox:ghost-user-x:*';
    const res = await gw.query('{ me { username } itemsAccount { username } seoReports(first: 1) { totalCount } }', {
      headers: { authorization: `Bearer ${token}`, 'x-items-api-key': 'items-wrong-key-x', 'x-seo-api-key': 'seo-wrong-key-x' },
    });
    expect(res.errors?.map((e) => e.extensions?.code).sort()).toEqual(['UNAUTHENTICATED', 'UNAUTHENTICATED', 'UNAUTHENTICATED']);
    const body = JSON.stringify(res);
    for (const secret of [token, 'items-wrong-key-x', 'seo-wrong-key-x']) expect(body).not.toContain(secret);
  });
});
