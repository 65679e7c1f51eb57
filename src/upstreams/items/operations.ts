/** The item-store operations of `items-api.md` section 4 (no ids upstream: keyed by our name). */
import type { OperationSpec } from '../operations.js';

const group = 'Items';
export const itemsOperations = {
  accountDetails: { group, method: 'GET', path: '/account/details', scope: null, success: 200 },
  listItems: { group, method: 'GET', path: '/items/all', scope: null, success: 200 },
  showItem: { group, method: 'GET', path: '/items/item', scope: null, success: 200 },
  validatePurchase: { group, method: 'POST', path: '/purchases/validation', scope: null, success: 200 },
} as const satisfies Record<string, OperationSpec>;

export type ItemsOperationId = keyof typeof itemsOperations;
