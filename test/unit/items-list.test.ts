/**
 * The item list's one-pass reader (items/map.ts) gives exactly what `itemSchema`
 * gives for every item, hands anything else to zod (which coerces or refuses),
 * and an invalid item still fails the list. An item's own page and a purchase's
 * item are read the same way.
 */
import { describe, expect, it } from 'vitest';
import { isObjectType } from 'graphql';
import { itemEnvelope, itemSchema, itemsEnvelope, purchaseEnvelope } from '../../src/upstreams/items/map.js';
import { schema } from '../../schema/index.js';

const full = {
  id: 7,
  name: 'Invoice Manager 7',
  description: 'An invoice manager.',
  category: 'Scripts',
  sub_category: 'PHP Scripts',
  options: ['Installer', 'REST API'],
  version: '1.2.3',
  demo_link: 'https://demo.example.com/item-7/',
  tags: ['php', 'saas'],
  media: {
    thumbnail: 'https://cdn.example.com/7/t.jpg',
    preview_image: 'https://cdn.example.com/7/p.jpg',
    screenshots: ['https://cdn.example.com/7/1.jpg'],
  },
  price: { regular: 29, extended: 145 },
  currency: 'USD',
  published_at: '2026-01-01T00:00:00.000Z',
  unknown_extra: { kept: false },
};

const accepted = [
  full,
  { id: '8', name: 'Minimal' },
  { ...full, id: 9, version: 2, media: null, price: null, options: null, tags: null, description: null },
  { ...full, id: 10, media: { thumbnail: null, preview_audio: 'https://cdn.example.com/10/a.mp3' } },
  { ...full, id: 11, version: 1.5, price: { regular: 0, extended: 0.5 } },
];
// Accepted by itemSchema only after coercion: the one-pass reader leaves these to zod.
const coerced = [
  { ...full, id: 12, price: { regular: '12.50', extended: '60' } },
  { ...full, id: 13, price: { regular: 10, extended: '50' } },
];

const list = (items: unknown[]) => itemsEnvelope.parse({ status: 'success', items }).items;
const purchaseOf = (item: unknown) => ({
  status: 'success',
  data: {
    purchase: { purchase_code: 'c', license_type: 'Regular', price: 29, currency: 'USD', item, downloaded: true, date: '2026-01-01' },
  },
});
const invalid = [
  { ...full, name: 42 },
  { ...full, id: null },
  { ...full, tags: ['ok', 3] },
  { ...full, media: 'x' },
  { ...full, price: { regular: 'free' } },
  'item',
];

describe('item list', () => {
  it('maps every item exactly as itemSchema does', () => {
    expect(list(accepted)).toEqual(accepted.map((item) => itemSchema.parse(item)));
    expect(list([])).toEqual([]);
  });

  it('coerces what itemSchema coerces, wherever in the list it is', () => {
    const items = [...accepted, ...coerced];
    const parsed = list(items);
    expect(parsed).toEqual(items.map((item) => itemSchema.parse(item)));
    expect(parsed.at(-2)!.price).toEqual({ regular: 12.5, extended: 60 });
  });

  it('refuses a list with one invalid item, or no list at all', () => {
    for (const bad of invalid) {
      expect(itemsEnvelope.safeParse({ status: 'success', items: [...accepted, bad] }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(itemsEnvelope.safeParse({ status: 'success', items: { 0: full } }).success).toBe(false);
  });

  it("reads one item (an item's page, a purchase's item) exactly as itemSchema does: mapped, coerced or refused at its path", () => {
    for (const item of [...accepted, ...coerced]) {
      expect(itemEnvelope.parse({ status: 'success', item }).item).toEqual(itemSchema.parse(item));
      expect(purchaseEnvelope.parse(purchaseOf(item)).data.purchase.item).toEqual(itemSchema.parse(item));
    }
    for (const bad of [...invalid, undefined]) {
      const one = itemEnvelope.safeParse({ status: 'success', item: bad });
      expect(one.success, JSON.stringify(bad)).toBe(false);
      expect(one.error!.issues[0]!.path[0]).toBe('item');
      const purchase = purchaseEnvelope.safeParse(purchaseOf(bad));
      expect(purchase.success, JSON.stringify(bad)).toBe(false);
      expect(purchase.error!.issues[0]!.path.slice(0, 3)).toEqual(['data', 'purchase', 'item']);
    }
  });

  it('lets execution read every field of a mapped item as a property: only fields that call an upstream or build an id resolve', () => {
    // Under graphql-jit a resolver costs an info object, a path and an arguments object per item (5,000 in a list).
    const resolved = (name: string) => {
      const type = schema.getType(name);
      if (!isObjectType(type)) throw new Error(`${name} is not an object type`);
      return Object.values(type.getFields())
        .filter((field) => field.resolve !== undefined)
        .map((field) => field.name)
        .sort();
    };
    expect(resolved('Item')).toEqual(['demoReports', 'nodeId', 'purchase']);
    expect(resolved('ItemMedia')).toEqual([]);
    expect(resolved('ItemPrice')).toEqual([]);
  });
});
