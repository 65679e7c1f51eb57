/**
 * Items by id and purchase validations by code. Many `item(id)` lookups in one
 * request collapse into one `GET /items/all` when there are more than
 * `itemsBatchThreshold` of them (one call instead of N; below it, N small
 * calls in parallel cost the same wall time and less data), or when the
 * request lists all items anyway. Validations run
 * concurrently, at most `validateConcurrency` at a time.
 */
import DataLoader from 'dataloader';
import { UpstreamError } from '../src/errors.js';
import type { Clients } from '../src/upstreams/index.js';
import type { ItemShape } from '../src/upstreams/items/map.js';
import { itemsOperations as itemsOps } from '../src/upstreams/items/operations.js';
import { perKeyLoader } from './keyed.js';
import { mapLimit } from './map-limit.js';

export interface ItemLoaderOptions {
  itemsBatchThreshold: number;
  validateConcurrency: number;
}

export function createItemLoaders(clients: Clients, options: ItemLoaderOptions) {
  // Set once this request lists the account's items: every item(id) is then served from that one call.
  let listing = false;
  const allItemsLoader = perKeyLoader(async (_: 'all') => {
    const items = await clients.items.call(itemsOps.listItems);
    for (const item of items) itemById.prime(item.id, item);
    return items;
  });
  const allItems = {
    load(key: 'all'): Promise<ItemShape[]> {
      listing = true;
      return allItemsLoader.load(key);
    },
  };

  const itemById: DataLoader<string, ItemShape> = new DataLoader<string, ItemShape>(async (ids) => {
    if (listing || ids.length > options.itemsBatchThreshold) {
      let items: ItemShape[];
      try {
        items = await allItems.load('all');
      } catch (error) {
        return ids.map(() => error as Error);
      }
      const byId = new Map(items.map((item) => [item.id, item]));
      return ids.map((id) => byId.get(id) ?? new UpstreamError('items', 'NOT_FOUND', `Not found: item '${id}'`));
    }
    return Promise.all(ids.map((id) => clients.items.call(itemsOps.showItem, { query: { item_id: id } }).catch((error: Error) => error)));
  });

  const purchaseByCode = new DataLoader(async (codes: readonly string[]) =>
    mapLimit(codes, options.validateConcurrency, (code) => clients.items.call(itemsOps.validatePurchase, { body: { purchase_code: code } }).catch((error: Error) => error)),
  );

  return { allItems, itemById, purchaseByCode, account: perKeyLoader((_: 'account') => clients.items.call(itemsOps.accountDetails)) };
}
