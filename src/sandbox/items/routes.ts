/**
 * The four item-store endpoints with the exact `items-api.md` envelopes.
 * Error statuses (not shown upstream, fixed here): missing/unknown key is 400
 * `Invalid request` on /account/details and 401 `Unauthenticated` elsewhere;
 * unknown item, no items and invalid purchase code are 404.
 */
import type { Router, SandboxResponse } from '../router.js';
import type { ItemsAccount } from './accounts.js';
import type { Item } from './catalog.js';
import { accountOf, type ItemsAccountId } from './keys.js';
import type { StoredPurchase } from './purchases.js';

export interface ItemsState {
  accounts: Record<ItemsAccountId, ItemsAccount>;
  catalog: Record<ItemsAccountId, Item[]>;
  purchases: Map<string, StoredPurchase>;
}

const error = (status: number, msg: string): SandboxResponse => ({ status, json: { status: 'error', msg } });
const success = (fields: Record<string, unknown>): SandboxResponse => ({ status: 200, json: { status: 'success', ...fields } });
const unauthenticated = () => error(401, 'Unauthenticated');

export function mountItemsRoutes(router: Router, state: ItemsState): void {
  router.get('/account/details', (req) => {
    const account = accountOf(req);
    return account ? success({ data: state.accounts[account] }) : error(400, 'Invalid request');
  });

  router.get('/items/all', (req) => {
    const account = accountOf(req);
    if (!account) return unauthenticated();
    const items = state.catalog[account];
    return items.length ? success({ items }) : error(404, 'No items found');
  });

  router.get('/items/item', (req) => {
    const account = accountOf(req);
    if (!account) return unauthenticated();
    const raw = req.query.get('item_id') ?? '';
    const item = /^\d{1,15}$/.test(raw) ? state.catalog[account].find((i) => i.id === Number(raw)) : undefined;
    return item ? success({ item }) : error(404, 'Item Not Found');
  });

  router.post('/purchases/validation', (req) => {
    const account = accountOf(req);
    if (!account) return unauthenticated();
    const code = typeof req.body.purchase_code === 'string' ? req.body.purchase_code.trim() : '';
    const stored = code ? state.purchases.get(code) : undefined;
    const item = stored?.account === account ? state.catalog[account].find((i) => i.id === stored.itemId) : undefined;
    if (!stored || !item) return error(404, 'Invalid purchase code');
    const purchase = {
      purchase_code: stored.purchase_code,
      license_type: stored.license_type,
      price: stored.price,
      currency: stored.currency,
      item,
      ...(stored.supported_until ? { supported_until: stored.supported_until } : {}),
      downloaded: stored.downloaded,
      date: stored.date,
    };
    return success({ data: { purchase } });
  });
}
