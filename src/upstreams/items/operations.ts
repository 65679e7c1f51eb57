/**
 * The item-store operations of `items-api.md` section 4 (no ids upstream:
 * keyed by our name), each with how the gateway calls it. Every operation
 * needs the caller's key (the `api_key` parameter), so none is public. The
 * service answers errors as `{status: "error", msg}` whatever the HTTP
 * status; `messages` says what a documented `msg` means for the operation.
 */
import { UpstreamError } from '../../errors.js';
import { input, raw, row, table } from '../operations.js';
import * as map from './map.js';

export type PurchaseValidationResult = { valid: true; purchase: map.PurchaseShape } | { valid: false; reason: string };

/** What a documented `msg` means: the answer it stands for, or the coded error. */
export type MessageMeaning = (args: never, status: number) => { answer: unknown } | UpstreamError;

export interface ItemsRowExtras {
  /** Names what was asked for in an error message ("item '42'"). */
  about: (args: never) => string;
  messages: Readonly<Record<string, MessageMeaning>>;
}

const rejectedKey: MessageMeaning = (_, status) =>
  new UpstreamError('items', 'UNAUTHENTICATED', 'The item store did not accept the API key', { status });

export const itemsOperations = table('items', {
  accountDetails: {
    ...row(
      { method: 'GET', path: '/account/details', scope: null, success: 200 },
      raw(
        map.accountEnvelope.transform((e) => e.data),
        'account',
      ),
    ),
    about: () => 'account',
    messages: { [map.ITEMS_MESSAGES.invalidRequest]: rejectedKey },
  },
  listItems: {
    ...row(
      { method: 'GET', path: '/items/all', scope: null, success: 200 },
      raw(
        map.itemsEnvelope.transform((e) => e.items),
        'item list',
      ),
    ),
    about: () => 'items',
    messages: { [map.ITEMS_MESSAGES.noItems]: () => ({ answer: [] }) },
  },
  showItem: {
    ...row(
      { method: 'GET', path: '/items/item', scope: null, success: 200 },
      raw(
        map.itemEnvelope.transform((e) => e.item),
        'item',
      ),
      {
        input: input<{ query: { item_id: string } }>(),
      },
    ),
    about: ({ query }: { query: { item_id: string } }) => `item '${query.item_id}'`,
    messages: {
      [map.ITEMS_MESSAGES.itemNotFound]: ({ query }: { query: { item_id: string } }, status: number) =>
        new UpstreamError('items', 'NOT_FOUND', `Not found: item '${query.item_id}'`, { status }),
    },
  },
  validatePurchase: {
    ...row(
      { method: 'POST', path: '/purchases/validation', scope: null, success: 200 },
      raw(
        map.purchaseEnvelope.transform((e): PurchaseValidationResult => ({ valid: true, purchase: e.data.purchase })),
        'purchase',
      ),
      { input: input<{ body: { purchase_code: string } }>() },
    ),
    about: () => 'purchase',
    messages: {
      [map.ITEMS_MESSAGES.invalidPurchaseCode]: () => ({ answer: { valid: false, reason: map.ITEMS_MESSAGES.invalidPurchaseCode } }),
    },
  },
});

export type ItemsOperationId = keyof typeof itemsOperations;
