import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve, type RunningService } from '../../src/sandbox/http.js';
import { createItemsRouter, DEMO_PURCHASE_CODES, ITEMS_DEMO_KEYS } from '../../src/sandbox/items/index.js';
import { DEMO_ITEM_COUNT, demoUrl } from '../../src/sandbox/seed.js';

// Response bodies are checked field by field, so they are typed loosely.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = any;

let service: RunningService;
let base: string;

beforeAll(async () => {
  service = await serve('items', createItemsRouter({ seed: 7 }), { errorBody: (_s, msg) => ({ status: 'error', msg }) });
  base = `${service.url}/api`;
});
afterAll(() => service.close());

async function get(path: string, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const res = await fetch(`${base}${path}?${new URLSearchParams(query)}`, { headers });
  return { status: res.status, body: (await res.json()) as Body };
}

async function validate(form: Record<string, string>) {
  const res = await fetch(`${base}/purchases/validation`, { method: 'POST', body: new URLSearchParams(form) });
  return { status: res.status, body: (await res.json()) as Body };
}

const demo = { api_key: ITEMS_DEMO_KEYS.demo };

describe('items sandbox: credentials', () => {
  it('answers Invalid request (400) on /account/details without a valid key', async () => {
    for (const query of [{}, { api_key: 'nope' }] as Record<string, string>[]) {
      expect(await get('/account/details', query)).toEqual({ status: 400, body: { status: 'error', msg: 'Invalid request' } });
    }
  });

  it('answers Unauthenticated (401) elsewhere', async () => {
    expect(await get('/items/all')).toEqual({ status: 401, body: { status: 'error', msg: 'Unauthenticated' } });
    expect((await get('/items/item', { api_key: 'nope', item_id: '1' })).status).toBe(401);
    expect(await validate({ purchase_code: DEMO_PURCHASE_CODES.item1 })).toEqual({
      status: 401,
      body: { status: 'error', msg: 'Unauthenticated' },
    });
  });

  it('counts api_key only in the query on GET and only as a form field on POST', async () => {
    expect((await get('/items/all', {}, { api_key: ITEMS_DEMO_KEYS.demo, authorization: `Bearer ${ITEMS_DEMO_KEYS.demo}` })).status).toBe(
      401,
    );
    const json = await fetch(`${base}/purchases/validation`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ api_key: ITEMS_DEMO_KEYS.demo, purchase_code: DEMO_PURCHASE_CODES.item1 }),
    });
    expect(json.status).toBe(401);
    const inQuery = await fetch(`${base}/purchases/validation?api_key=${ITEMS_DEMO_KEYS.demo}`, {
      method: 'POST',
      body: new URLSearchParams({ purchase_code: DEMO_PURCHASE_CODES.item1 }),
    });
    expect(inQuery.status).toBe(401);
    expect((await get('/items/all', demo)).status).toBe(200);
  });
});

describe('items sandbox: account and items', () => {
  it('returns every account field', async () => {
    const { status, body } = await get('/account/details', demo);
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    expect(body.data).toMatchObject({
      name: { firstname: expect.any(String), lastname: expect.any(String), full_name: expect.any(String) },
      username: 'demo',
      email: expect.stringContaining('@'),
      balance: expect.any(Number),
      currency: 'USD',
      profile: {
        heading: expect.any(String),
        description: expect.any(String),
        contact: { email: expect.any(String) },
        social_links: expect.objectContaining({ facebook: expect.any(String), x: expect.any(String) }),
        media: { avatar: expect.any(String), cover: expect.any(String) },
      },
    });
    expect(new Date(body.data.registered_at).toISOString()).toBe(body.data.registered_at);
  });

  it('lists the demo items with every field and varied media', async () => {
    const { status, body } = await get('/items/all', demo);
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    const items: Body[] = body.items;
    expect(items.map((i) => i.id).sort((a, b) => a - b)).toEqual(Array.from({ length: DEMO_ITEM_COUNT }, (_, i) => i + 1));
    for (const item of items) {
      expect(item.demo_link).toBe(demoUrl(item.id));
      expect(item.version).toMatch(/^\d+\.\d+\.\d+$/);
      expect(item.price).toEqual({ regular: expect.any(Number), extended: expect.any(Number) });
      for (const key of ['name', 'description', 'category', 'sub_category', 'currency', 'published_at'])
        expect(typeof item[key]).toBe('string');
      expect(Array.isArray(item.options) && Array.isArray(item.tags)).toBe(true);
      expect(typeof item.media.thumbnail).toBe('string');
      if (item.media.preview_audio) expect(item.media.preview_image).toBeUndefined();
    }
    expect(items.some((i) => i.media.preview_video)).toBe(true);
    expect(items.some((i) => i.media.preview_audio)).toBe(true);
    expect(items.some((i) => i.media.screenshots)).toBe(true);
    expect(items.some((i) => !i.media.screenshots && i.media.preview_image)).toBe(true);
  });

  it('answers No items found for an empty account', async () => {
    expect(await get('/items/all', { api_key: ITEMS_DEMO_KEYS.empty })).toEqual({
      status: 404,
      body: { status: 'error', msg: 'No items found' },
    });
    expect((await get('/items/all', { api_key: ITEMS_DEMO_KEYS.other })).body.items).toHaveLength(5);
  });

  it('shows one item, and Item Not Found for unknown, foreign or malformed ids', async () => {
    const { status, body } = await get('/items/item', { ...demo, item_id: '3' });
    expect(status).toBe(200);
    expect(body).toMatchObject({ status: 'success', item: { id: 3, demo_link: demoUrl(3) } });
    const other = (await get('/items/all', { api_key: ITEMS_DEMO_KEYS.other })).body.items[0].id;
    for (const id of ['999', String(other), '1.5', 'abc', '']) {
      expect(await get('/items/item', { ...demo, item_id: id }), id).toEqual({
        status: 404,
        body: { status: 'error', msg: 'Item Not Found' },
      });
    }
  });
});

describe('items sandbox: purchase validation', () => {
  it('validates the key account codes with the full item', async () => {
    const { status, body } = await validate({ ...demo, purchase_code: DEMO_PURCHASE_CODES.item1 });
    expect(status).toBe(200);
    expect(body.status).toBe('success');
    const purchase = body.data.purchase;
    expect(purchase).toMatchObject({
      purchase_code: DEMO_PURCHASE_CODES.item1,
      license_type: 'Regular License',
      currency: 'USD',
      downloaded: expect.any(Boolean),
      date: expect.any(String),
      supported_until: expect.any(String),
    });
    const item1 = (await get('/items/item', { ...demo, item_id: '1' })).body.item;
    expect(purchase.item).toEqual(item1);
    expect(purchase.price).toBe(item1.price.regular);

    const extended = (await validate({ ...demo, purchase_code: DEMO_PURCHASE_CODES.item1Extended })).body.data.purchase;
    expect(extended).toMatchObject({ license_type: 'Extended License', price: item1.price.extended });
    const unsupported = (await validate({ ...demo, purchase_code: DEMO_PURCHASE_CODES.item2 })).body.data.purchase;
    expect(unsupported.item.id).toBe(2);
    expect(unsupported).not.toHaveProperty('supported_until');
  });

  it('refuses invalid, empty and other-account codes', async () => {
    const invalid = { status: 404, body: { status: 'error', msg: 'Invalid purchase code' } };
    expect(await validate({ ...demo, purchase_code: 'not-a-code' })).toEqual(invalid);
    expect(await validate({ ...demo, purchase_code: '' })).toEqual(invalid);
    expect(await validate({ ...demo })).toEqual(invalid);
    expect(await validate({ ...demo, purchase_code: DEMO_PURCHASE_CODES.other })).toEqual(invalid);
    const own = await validate({ api_key: ITEMS_DEMO_KEYS.other, purchase_code: DEMO_PURCHASE_CODES.other });
    expect(own.status).toBe(200);
    expect(own.body.data.purchase.item.id).toBe(101);
  });

  it('is deterministic for a seed', async () => {
    const again = await serve('items-2', createItemsRouter({ seed: 7 }));
    try {
      const res = await fetch(`${again.url}/api/items/all?api_key=${ITEMS_DEMO_KEYS.demo}`);
      expect(((await res.json()) as Body).items).toEqual((await get('/items/all', demo)).body.items);
    } finally {
      await again.close();
    }
  });
});
