/**
 * Global object identifiers (the `Node` interface, `Query.node`/`nodes`).
 * A global id is base64url of `Type:key` (a composite key joins its
 * percent-encoded parts with `:`), e.g. `Seller:pixelcraft` or
 * `Review:some-gig:42`. It is opaque to callers: only ids this gateway issued
 * decode (re-encoding must give back the very same text, as with cursors), so
 * a forged, truncated or re-padded id is refused before any upstream call.
 *
 * How many upstream calls resolving one id may cost lives here too, next to
 * the type list, because the cost estimate (src/plugins/upstream-cost.ts)
 * reads it before any resolver runs.
 */
import { badUserInput } from './errors.js';
import { MAX_SCAN_PAGES } from './upstreams/paging.js';

/** Most ids one `nodes(ids)` may name; more is BAD_USER_INPUT (a connection's `first` has the same cap). */
export const MAX_NODE_IDS = 100;

/** Longest global id accepted: two identifiers of 200 characters, percent-encoded, in base64. */
const MAX_GLOBAL_ID_LENGTH = 2_500;

/**
 * Every type implementing `Node`: how many key parts its id carries, and the
 * most upstream calls resolving it may make. Types the upstream can read by
 * key cost one call; types it can only list (no show endpoint) are found by
 * scanning at most MAX_SCAN_PAGES pages of each list that may hold them.
 */
export const NODE_TYPES = {
  User: { keyParts: 1, maxCalls: 1 },
  Seller: { keyParts: 1, maxCalls: 1 },
  Gig: { keyParts: 1, maxCalls: 1 },
  Order: { keyParts: 1, maxCalls: 1 },
  Offer: { keyParts: 1, maxCalls: 1 },
  Media: { keyParts: 1, maxCalls: 1 },
  SeoReport: { keyParts: 1, maxCalls: 1 },
  Item: { keyParts: 1, maxCalls: 1 },
  // A review is listed only under its gig: the id carries the gig slug and the review id.
  Review: { keyParts: 2, maxCalls: MAX_SCAN_PAGES },
  Proposal: { keyParts: 1, maxCalls: MAX_SCAN_PAGES },
  Conversation: { keyParts: 1, maxCalls: MAX_SCAN_PAGES },
  SeoProject: { keyParts: 1, maxCalls: MAX_SCAN_PAGES },
  // The public board first (open requests of anyone), then the caller's own requests (any status).
  BuyerRequest: { keyParts: 1, maxCalls: 2 * MAX_SCAN_PAGES },
} as const satisfies Record<string, { keyParts: number; maxCalls: number }>;

export type NodeTypeName = keyof typeof NODE_TYPES;

export interface DecodedGlobalId {
  type: NodeTypeName;
  keys: string[];
}

const isNodeType = (name: string): name is NodeTypeName => Object.hasOwn(NODE_TYPES, name);

export function encodeGlobalId(type: NodeTypeName, keys: readonly string[]): string {
  return Buffer.from(`${type}:${keys.map(encodeURIComponent).join(':')}`, 'utf8').toString('base64url');
}

/** The type and key parts of an id this gateway issued; anything else is BAD_USER_INPUT naming `argument`. */
export function decodeGlobalId(id: string, argument = 'id'): DecodedGlobalId {
  const refuse = () => badUserInput(`"${argument}" is not a global id this API issued`, argument);
  if (id.length === 0 || id.length > MAX_GLOBAL_ID_LENGTH) throw refuse();
  const text = Buffer.from(id, 'base64url').toString('utf8');
  const separator = text.indexOf(':');
  const type = separator > 0 ? text.slice(0, separator) : '';
  if (!isNodeType(type)) throw refuse();
  const parts = text.slice(separator + 1).split(':');
  if (parts.length !== NODE_TYPES[type].keyParts) throw refuse();
  let keys: string[];
  try {
    keys = parts.map((part) => decodeURIComponent(part));
  } catch {
    throw refuse();
  }
  if (keys.some((key) => key === '') || encodeGlobalId(type, keys) !== id) throw refuse();
  return { type, keys };
}

/** Upstream calls resolving `id` may make: 0 for an id that is refused before any call. */
export function callsToResolve(id: unknown): number {
  if (typeof id !== 'string') return 0;
  try {
    return NODE_TYPES[decodeGlobalId(id).type].maxCalls;
  } catch {
    return 0;
  }
}
