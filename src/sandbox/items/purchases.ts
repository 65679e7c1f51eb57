/**
 * Seeded purchase codes: a few readable fixed ones (DEMO_PURCHASE_CODES) and
 * at least three uuid-like codes per demo item, derived from the seed. A
 * purchase remembers its item id; validation shows the current full item.
 */
import { between, createRandom, isoAt, type Random } from '../seed.js';
import type { Item } from './catalog.js';
import type { ItemsAccountId } from './keys.js';

export type LicenseType = 'Regular License' | 'Extended License';

export interface StoredPurchase {
  account: ItemsAccountId;
  itemId: number;
  purchase_code: string;
  license_type: LicenseType;
  price: number;
  currency: string;
  supported_until?: string;
  downloaded: boolean;
  date: string;
}

/** Fixed codes for docs and tests. */
export const DEMO_PURCHASE_CODES = {
  /** Demo item 1, Regular License, supported, downloaded. */
  item1: '1d000001-0000-4000-8000-000000000001',
  /** Demo item 1, Extended License, supported, not downloaded. */
  item1Extended: '1d000001-0000-4000-8000-00000000e001',
  /** Demo item 2, Regular License, support expired/disabled: no supported_until. */
  item2: '1d000002-0000-4000-8000-000000000002',
  /** Item 101 of account `other`: invalid with the demo key. */
  other: '0e000101-0000-4000-8000-000000000101',
} as const;

const hex = (random: Random, n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
const uuidLike = (random: Random) =>
  `${hex(random, 8)}-${hex(random, 4)}-4${hex(random, 3)}-${'89ab'[Math.floor(random() * 4)]}${hex(random, 3)}-${hex(random, 12)}`;

const MONTH = 30 * 24 * 60;

function purchase(
  account: ItemsAccountId,
  item: Item,
  code: string,
  license: LicenseType,
  dateMinutes: number,
  supported: boolean,
  downloaded: boolean,
): StoredPurchase {
  return {
    account,
    itemId: item.id,
    purchase_code: code,
    license_type: license,
    price: license === 'Regular License' ? item.price.regular : item.price.extended,
    currency: item.currency,
    ...(supported ? { supported_until: isoAt(dateMinutes + 6 * MONTH) } : {}),
    downloaded,
    date: isoAt(dateMinutes),
  };
}

/** All purchases of a router, keyed by code. */
export function createPurchases(seed: number, catalog: Record<ItemsAccountId, Item[]>): Map<string, StoredPurchase> {
  const random = createRandom(seed ^ 0xc0de);
  const codes = new Map<string, StoredPurchase>();
  const add = (p: StoredPurchase) => codes.set(p.purchase_code, p);
  const byId = (account: ItemsAccountId, id: number) => catalog[account].find((i) => i.id === id)!;

  add(purchase('demo', byId('demo', 1), DEMO_PURCHASE_CODES.item1, 'Regular License', -20 * 24 * 60, true, true));
  add(purchase('demo', byId('demo', 1), DEMO_PURCHASE_CODES.item1Extended, 'Extended License', -40 * 24 * 60, true, false));
  add(purchase('demo', byId('demo', 2), DEMO_PURCHASE_CODES.item2, 'Regular License', -400 * 24 * 60, false, true));
  add(purchase('other', byId('other', 101), DEMO_PURCHASE_CODES.other, 'Regular License', -10 * 24 * 60, true, true));

  const seeded = [...catalog.demo].sort((a, b) => a.id - b.id);
  for (const item of seeded) {
    for (let k = 0, n = between(random, 3, 5); k < n; k++) {
      const license: LicenseType = random() < 0.2 ? 'Extended License' : 'Regular License';
      add(purchase('demo', item, uuidLike(random), license, -between(random, 1, 600) * 24 * 60, random() < 0.7, random() < 0.8));
    }
  }
  for (const item of catalog.other)
    add(purchase('other', item, uuidLike(random), 'Regular License', -between(random, 1, 300) * 24 * 60, true, random() < 0.5));
  return codes;
}
