/**
 * The simulated item-store service (`items-api.md`) rooted at `/api`:
 * `api_key` credentials per account, `status`/`msg` envelopes, seeded
 * accounts, items and purchase codes held in memory per router.
 */
import { Router } from '../router.js';
import { createAccounts } from './accounts.js';
import { createCatalog } from './catalog.js';
import { createPurchases } from './purchases.js';
import { mountItemsRoutes } from './routes.js';

export { ITEMS_DEMO_KEYS } from './keys.js';
export { DEMO_PURCHASE_CODES } from './purchases.js';
export { kindOf, type Item, type ItemKind } from './catalog.js';

export function createItemsRouter({ seed }: { seed: number }): Router {
  const accounts = createAccounts(seed);
  const catalog = createCatalog(seed);
  const purchases = createPurchases(seed, catalog);
  const router = new Router('/api');
  mountItemsRoutes(router, { accounts, catalog, purchases });
  return router;
}
