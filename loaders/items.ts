/**
 * The item store's batching, the one place the gateway batches (DataLoader's
 * own job; every other read goes through the read cache, ./read-cache.ts).
 * Kept by the items client (`item(id)`, `validatePurchase(code)`), which
 * holds the key these calls need.
 *
 * - Many `item(id)` lookups in one frame collapse into one `GET /items/all`
 *   when there are more than `itemsBatchThreshold` of them (one call instead
 *   of N; below it, N small calls in parallel cost the same wall time and less
 *   data), or when the request lists all items anyway.
 * - Purchase validations (a POST, so outside the read cache) asked in one
 *   frame run at most `validateConcurrency` at a time, each code once.
 */
import DataLoader from 'dataloader';
import { UpstreamError } from '../src/errors.js';
import type { ItemShape } from '../src/upstreams/items/map.js';
import type { PurchaseValidationResult } from '../src/upstreams/items/operations.js';
import { mapLimit } from './map-limit.js';

export interface ItemBatchOptions {
  itemsBatchThreshold: number;
  validateConcurrency: number;
}

/** The items client's calls the batches are made of (each through its read cache where it is a read). */
export interface ItemCalls {
  listItems(): Promise<ItemShape[]>;
  /** Whether this request has asked for the whole list already. */
  listed(): boolean;
  showItem(id: string): Promise<ItemShape>;
  validatePurchase(code: string): Promise<PurchaseValidationResult>;
}

export class ItemBatches {
  readonly items: DataLoader<string, ItemShape>;
  readonly purchases: DataLoader<string, PurchaseValidationResult>;

  constructor(calls: ItemCalls, options: ItemBatchOptions) {
    this.items = new DataLoader<string, ItemShape>(async (ids) => {
      if (!calls.listed() && ids.length <= options.itemsBatchThreshold) {
        return Promise.all(ids.map((id) => calls.showItem(id).catch((error: Error) => error)));
      }
      let items: ItemShape[];
      try {
        items = await calls.listItems();
      } catch (error) {
        return ids.map(() => error as Error);
      }
      const byId = new Map(items.map((item) => [item.id, item]));
      return ids.map((id) => byId.get(id) ?? new UpstreamError('items', 'NOT_FOUND', `Not found: item '${id}'`));
    });
    this.purchases = new DataLoader(async (codes: readonly string[]) =>
      mapLimit(codes, options.validateConcurrency, (code) => calls.validatePurchase(code).catch((error: Error) => error)),
    );
  }
}
