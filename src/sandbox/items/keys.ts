/**
 * Item-store credentials: which account a key belongs to, and where the key
 * counts — `api_key` in the query string on GET, a form field of an
 * `application/x-www-form-urlencoded` body on POST, nowhere else.
 */
import type { SandboxRequest } from '../router.js';

export type ItemsAccountId = 'demo' | 'other' | 'empty';

export const ITEMS_DEMO_KEYS = {
  /** Account `demo`: DEMO_ITEM_COUNT items (ids 1..DEMO_ITEM_COUNT) with purchases. */
  demo: 'items-demo-key',
  /** Account `other`: 5 different items (ids 101..105). */
  other: 'items-other-key',
  /** Account `empty`: no items at all. */
  empty: 'items-empty-key',
} as const satisfies Record<ItemsAccountId, string>;

/** The key as the service reads it for this method, or undefined. */
export function apiKeyOf(req: SandboxRequest): string | undefined {
  if (req.method === 'GET') return req.query.get('api_key') ?? undefined;
  const type = String(req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('application/x-www-form-urlencoded')) return undefined;
  const value = req.body.api_key;
  return typeof value === 'string' ? value : undefined;
}

export const accountOf = (req: SandboxRequest): ItemsAccountId | undefined => {
  const key = apiKeyOf(req);
  const found = Object.entries(ITEMS_DEMO_KEYS).find(([, known]) => known === key);
  return found?.[0] as ItemsAccountId | undefined;
};
