/**
 * The item-store part of the graph through the real gateway and sandbox:
 * api_key placement, the documented error messages read as answers, purchase
 * validation, batching of many item(id) into /items/all, and demoReports.
 */
import { describe, expect, it } from 'vitest';
import { DEMO_PURCHASE_CODES } from '../../src/sandbox/items/index.js';
import { demoUrl } from '../../src/sandbox/seed.js';
import { errorAt, ITEMS_KEY, SEO_KEY, useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway({ ITEMS_BATCH_THRESHOLD: '3' }, ['seo', 'items']);

const items = { 'x-items-api-key': ITEMS_KEY };

describe('item store', () => {
  it('reads one item with its price, sending api_key in the query string of a GET', async () => {
    const res = await gw.query('{ item(id: "1") { id name version demoLink price { regular extended } media { thumbnail } } }', {
      headers: items,
    });
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({ item: { id: '1', demoLink: demoUrl(1), price: { regular: expect.any(Number) } } });
    const [call] = gw.calls('items');
    expect(call).toMatchObject({ method: 'GET', path: '/api/items/item', query: { api_key: ITEMS_KEY, item_id: '1' } });
    expect(call!.headers.authorization).toBeUndefined();
    expect(gw.calls('marketplace')).toHaveLength(0);
    expect(gw.calls('seo')).toHaveLength(0);
  });

  it('reads the account with every documented field', async () => {
    const res = await gw.query(
      '{ itemsAccount { username email balance currency registeredAt name { fullName } profile { heading contactEmail socialLinks { network url } avatar cover } } }',
      {
        headers: items,
      },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toMatchObject({
      itemsAccount: { username: 'demo', name: { fullName: expect.any(String) }, profile: { socialLinks: expect.any(Array) } },
    });
  });

  it('validates a purchase code with a form POST carrying api_key, and answers valid: false for a bad code', async () => {
    const res = await gw.query(
      `query($good: String!, $bad: String!) {
        good: validatePurchase(code: $good) { valid reason purchase { purchaseCode licenseType item { id } } }
        bad: validatePurchase(code: $bad) { valid reason purchase { purchaseCode } }
      }`,
      { headers: items, variables: { good: DEMO_PURCHASE_CODES.item1, bad: 'not-a-code' } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      good: {
        valid: true,
        reason: null,
        purchase: { purchaseCode: DEMO_PURCHASE_CODES.item1, licenseType: expect.any(String), item: { id: '1' } },
      },
      bad: { valid: false, reason: 'Invalid purchase code', purchase: null },
    });
    const posts = gw.calls('items').filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    for (const post of posts) {
      expect(post.headers['content-type']).toBe('application/x-www-form-urlencoded');
      expect(new URLSearchParams(post.body).get('api_key')).toBe(ITEMS_KEY);
      expect(post.query).toEqual({});
    }
  });

  it('Item.purchase is valid only for a code of that item, and shares the validation call with validatePurchase', async () => {
    const res = await gw.query(
      `query($code: String!) {
        one: item(id: "1") { purchase(code: $code) { valid reason } }
        two: item(id: "2") { purchase(code: $code) { valid reason } }
        validatePurchase(code: $code) { valid }
      }`,
      { headers: items, variables: { code: DEMO_PURCHASE_CODES.item1 } },
    );
    expect(res.errors).toBeUndefined();
    expect(res.data).toEqual({
      one: { purchase: { valid: true, reason: null } },
      two: { purchase: { valid: false, reason: 'The purchase code is for another item' } },
      validatePurchase: { valid: true },
    });
    expect(gw.calls('items').filter((c) => c.path === '/api/purchases/validation')).toHaveLength(1);
  });

  it('Item.demoReports keeps only reports whose url equals the demo link exactly, with the caller SEO key', async () => {
    const res = await gw.query('{ item(id: "1") { demoLink demoReports { id url } } }', {
      headers: { ...items, 'x-seo-api-key': SEO_KEY },
    });
    expect(res.errors).toBeUndefined();
    const item = (res.data as { item: { demoLink: string; demoReports: Array<{ url: string }> } }).item;
    expect(item.demoReports).toHaveLength(2);
    for (const report of item.demoReports) expect(report.url).toBe(demoUrl(1));
    const [search] = gw.calls('seo');
    expect(search).toMatchObject({ method: 'GET', path: '/api/v1/reports', query: { search: demoUrl(1), search_by: 'url' } });
    expect(search!.headers.authorization).toBe(`Bearer ${SEO_KEY}`);
    expect(search!.headers.accept).toBe('application/json');
    // The items key never reaches the SEO service, nor the SEO key the item store.
    expect(JSON.stringify(search)).not.toContain(ITEMS_KEY);
    expect(JSON.stringify(gw.calls('items'))).not.toContain(SEO_KEY);
  });

  it('demoReports without an SEO key fails only that field with UNAUTHENTICATED and no SEO call', async () => {
    const res = await gw.query('{ item(id: "1") { name demoReports { id } } }', { headers: items });
    expect(res.data).toEqual({ item: { name: expect.any(String), demoReports: null } });
    expect(errorAt(res, 'item.demoReports')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'seo' });
    expect(gw.calls('seo')).toHaveLength(0);
  });

  it('serves many item(id) lookups with one GET /items/all above the threshold', async () => {
    const res = await gw.query(
      '{ a: item(id: "1") { id } b: item(id: "2") { id } c: item(id: "3") { id } d: item(id: "4") { id } e: item(id: "999") { id } }',
      {
        headers: items,
      },
    );
    expect(res.data).toEqual({ a: { id: '1' }, b: { id: '2' }, c: { id: '3' }, d: { id: '4' }, e: null });
    expect(errorAt(res, 'e')?.extensions).toMatchObject({ code: 'NOT_FOUND', upstream: 'items' });
    expect(gw.calls('items').map((c) => c.path)).toEqual(['/api/items/all']);
  });

  it('does not fetch an item again when items already listed it', async () => {
    const res = await gw.query('{ items { id } item(id: "2") { name } }', { headers: items });
    expect(res.errors).toBeUndefined();
    expect(gw.calls('items').map((c) => c.path)).toEqual(['/api/items/all']);
  });

  it('maps "Item Not Found" to NOT_FOUND on that field only', async () => {
    const res = await gw.query('{ item(id: "424242") { id } itemsAccount { username } }', { headers: items });
    expect(res.data).toEqual({ item: null, itemsAccount: { username: 'demo' } });
    expect(errorAt(res, 'item')?.extensions).toMatchObject({ code: 'NOT_FOUND', upstream: 'items' });
  });

  it('an empty account lists no items instead of failing', async () => {
    const res = await gw.query('{ items { id } }', { headers: { 'x-items-api-key': 'items-empty-key' } });
    expect(res).toMatchObject({ data: { items: [] } });
    expect(res.errors).toBeUndefined();
  });

  it('a rejected key is UNAUTHENTICATED (account: "Invalid request"; others: HTTP 401)', async () => {
    const res = await gw.query('{ itemsAccount { username } items { id } }', { headers: { 'x-items-api-key': 'wrong' } });
    expect(errorAt(res, 'itemsAccount')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'items' });
    expect(errorAt(res, 'items')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'items', status: 401 });
    expect(JSON.stringify(res)).not.toContain('wrong');
  });

  it('rejects malformed arguments before any upstream call', async () => {
    const res = await gw.query('{ item(id: "abc") { id } validatePurchase(code: "  ") { valid } }', { headers: items });
    expect(errorAt(res, 'item')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(errorAt(res, 'validatePurchase')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(gw.calls('items')).toHaveLength(0);
  });

  it('without a key fails with UNAUTHENTICATED and makes no call', async () => {
    const res = await gw.query('{ items { id } }');
    expect(errorAt(res, 'items')?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', upstream: 'items' });
    expect(gw.calls('items')).toHaveLength(0);
  });
  it('refuses an item list with one invalid item among valid ones: UPSTREAM_BAD_RESPONSE, and a price sent as text is coerced', async () => {
    const good = { id: 1, name: 'Good', price: { regular: 10, extended: 50 } };
    const control = gw.sandbox.services.items!.control;
    control.addFault({
      kind: 'status',
      status: 200,
      pathIncludes: '/items/all',
      times: 1,
      body: { status: 'success', items: [good, { ...good, id: 2, name: null }] },
    });
    const bad = await gw.query('{ items { id name } }', { headers: items });
    expect(errorAt(bad, 'items')?.extensions).toMatchObject({ code: 'UPSTREAM_BAD_RESPONSE', upstream: 'items' });
    control.addFault({
      kind: 'status',
      status: 200,
      pathIncludes: '/items/all',
      times: 1,
      body: { status: 'success', items: [good, { ...good, id: 2, price: { regular: '12.50', extended: '60' } }] },
    });
    const coerced = await gw.query('{ items { id price { regular extended } } }', { headers: items });
    expect(coerced.errors).toBeUndefined();
    expect(coerced.data).toEqual({
      items: [
        { id: '1', price: { regular: 10, extended: 50 } },
        { id: '2', price: { regular: 12.5, extended: 60 } },
      ],
    });
  });
});
