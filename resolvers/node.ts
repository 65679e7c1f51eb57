/**
 * `Query.node(id)` / `Query.nodes(ids)` and every type's `nodeId`: a registry
 * from each Node type to its key (read from a record) and to the SAME row,
 * with the same arguments, its direct field reads (`seller(username)` →
 * `sellersShow { username }`, …). So an entity reached both ways in one
 * request is fetched once, and `nodes` of N ids costs what N direct lookups
 * would, deduplicated by the request's read cache. One field answers every
 * type, so it is not one row + key declaration: the type named by the id
 * picks the row at run time.
 * Keys decoded from an id pass the direct field's own checks, and errors
 * (a missing credential, a 404) are the direct field's own.
 *
 * Types the upstream only lists (no show endpoint) are found by scanning the
 * list's pages of 100, at most MAX_SCAN_PAGES of them per list (the bound the
 * cost estimate counts); one further out is NOT_FOUND.
 */
import type { GatewayContext } from '../src/context.js';
import { UpstreamError, badUserInput } from '../src/errors.js';
import { decodeGlobalId, encodeGlobalId, MAX_NODE_IDS, type DecodedGlobalId, type NodeTypeName } from '../src/global-id.js';
import { identifier } from '../src/upstreams/identifiers.js';
import type * as M from '../src/upstreams/marketplace/map.js';
import type { ItemShape } from '../src/upstreams/items/map.js';
import { MAX_SCAN_PAGES } from '../src/upstreams/paging.js';
import type { SeoProjectShape, SeoReportShape } from '../src/upstreams/seo/map.js';
import { itemId } from './items.js';
import type { ItemOf, ListKey } from './upstream-read.js';
import { readRow } from '../loaders/read-cache.js';
import { seoOperations as seoOps } from '../src/upstreams/seo/operations.js';
import type { CallArgs, ReadRow } from '../src/upstreams/operations.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

interface NodeKind<R> {
  /** The key parts of a record, or undefined when the upstream left one out. */
  keyOf(record: R): Array<string | null | undefined>;
  /** Loads by key parts that passed the direct field's checks (checkKeys). */
  load(keys: string[], ctx: GatewayContext): Promise<R>;
}

/** The direct field's checks of each key part: an identifier, or for items a numeric id. */
function checkKeys({ type, keys }: DecodedGlobalId, argument: string): DecodedGlobalId {
  if (type === 'Item') {
    try {
      return { type, keys: [itemId(keys[0]!)] };
    } catch {
      throw badUserInput(`"${argument}" names an item id that is not numeric`, argument);
    }
  }
  return { type, keys: keys.map((part) => identifier(part, argument)) };
}

interface Page<T> {
  items: T[];
  lastPage: number;
}
interface PageSource<F, T> {
  load(key: { filter: F; page: number; perPage: number }): Promise<Page<T>>;
}

/** The pages of a paged read row, through the read cache, as a PageSource whose filter `keyOf` makes the row's key. */
const pagesOf = <F, D extends ReadRow>(ctx: GatewayContext, row: D, keyOf: (filter: F) => ListKey<D>): PageSource<F, ItemOf<D>> => ({
  load: ({ filter, page, perPage }) => readRow(ctx, row, { ...keyOf(filter), page, perPage } as CallArgs<D>) as Promise<Page<ItemOf<D>>>,
});

const SCAN_PAGE_SIZE = 100;

/** The first record `matches` accepts in the list's first MAX_SCAN_PAGES pages. */
async function scan<F, T>(source: PageSource<F, T>, filter: F, matches: (record: T) => boolean): Promise<T | undefined> {
  for (let page = 1; page <= MAX_SCAN_PAGES; page++) {
    const result = await source.load({ filter, page, perPage: SCAN_PAGE_SIZE });
    const found = result.items.find(matches);
    if (found || page >= result.lastPage || result.items.length === 0) return found;
  }
  return undefined;
}

const notFound = (upstream: 'marketplace' | 'seo', what: string) => new UpstreamError(upstream, 'NOT_FOUND', `Not found: ${what}`);

const found = <T>(record: T | undefined, upstream: 'marketplace' | 'seo', what: string): T => {
  if (record === undefined) throw notFound(upstream, what);
  return record;
};

const key = (keys: string[], index = 0) => keys[index]!;

const NODE_KINDS = {
  User: {
    keyOf: (r: M.UserShape) => [r.username],
    load: (k: string[], ctx: GatewayContext) => ctx.clients.marketplace.read(ops.usersShow, { username: key(k) }),
  },
  Seller: {
    keyOf: (r: M.SellerShape) => [r.username],
    load: (k: string[], ctx: GatewayContext) => ctx.clients.marketplace.read(ops.sellersShow, { username: key(k) }),
  },
  Gig: {
    keyOf: (r: M.GigShape) => [r.slug],
    load: (k: string[], ctx: GatewayContext) => ctx.clients.marketplace.read(ops.gigsShow, { slug: key(k) }),
  },
  Order: {
    keyOf: (r: M.OrderShape) => [r.id],
    load: (k: string[], ctx: GatewayContext) => ctx.clients.marketplace.read(ops.ordersShow, { uuid: key(k) }),
  },
  Offer: {
    keyOf: (r: M.OfferShape) => [r.id],
    load: (k: string[], ctx: GatewayContext) => ctx.clients.marketplace.read(ops.offersShow, { uuid: key(k) }),
  },
  Media: {
    keyOf: (r: M.MediaShape) => [r.id],
    load: (k: string[], ctx: GatewayContext) => ctx.clients.marketplace.read(ops.mediaShow, { uuid: key(k) }),
  },
  SeoReport: {
    keyOf: (r: SeoReportShape) => [r.id],
    load: (k: string[], ctx: GatewayContext) => ctx.clients.seo.read(seoOps.showReport, { id: key(k) }),
  },
  Item: { keyOf: (r: ItemShape) => [r.id], load: (k: string[], ctx: GatewayContext) => ctx.clients.items.item(key(k)) },
  Review: {
    keyOf: (r: M.ReviewShape) => [r.gigSlug, r.id],
    load: async (k: string[], ctx: GatewayContext) => {
      const [slug, id] = [key(k, 0), key(k, 1)];
      return found(
        await scan(
          pagesOf(ctx, ops.reviewsGig, (slug: string) => ({ slug })),
          slug,
          (r) => r.id === id,
        ),
        'marketplace',
        `review '${id}' of gig '${slug}'`,
      );
    },
  },
  Proposal: {
    keyOf: (r: M.ProposalShape) => [r.id],
    load: async (k: string[], ctx: GatewayContext) => {
      const id = key(k);
      return found(
        await scan(
          pagesOf(ctx, ops.proposalsIndex, () => ({ query: {} })),
          null,
          (r) => r.id === id,
        ),
        'marketplace',
        `proposal '${id}'`,
      );
    },
  },
  Conversation: {
    keyOf: (r: M.ConversationShape) => [r.id],
    load: async (k: string[], ctx: GatewayContext) => {
      const id = key(k);
      return found(
        await scan(
          pagesOf(ctx, ops.conversationsIndex, () => ({})),
          null,
          (r) => r.id === id,
        ),
        'marketplace',
        `conversation '${id}'`,
      );
    },
  },
  SeoProject: {
    keyOf: (r: SeoProjectShape) => [r.name],
    load: async (k: string[], ctx: GatewayContext) => {
      const name = key(k);
      return found(
        await scan(
          pagesOf(ctx, seoOps.listProjects, (query: { search: string }) => ({ query })),
          { search: name },
          (p) => p.name === name,
        ),
        'seo',
        `project '${name}'`,
      );
    },
  },
  BuyerRequest: {
    keyOf: (r: M.BuyerRequestShape) => [r.id],
    load: async (k: string[], ctx: GatewayContext) => {
      const id = key(k);
      const matches = (r: M.BuyerRequestShape) => r.id === id;
      // The board is public; only a caller with a token has requests of its own to look through.
      const onBoard = await scan(
        pagesOf(ctx, ops.requestBoard, () => ({ query: {} })),
        null,
        matches,
      );
      const record =
        onBoard ??
        (ctx.clients.marketplace.signedIn
          ? await scan(
              pagesOf(ctx, ops.requestsIndex, () => ({ query: {} })),
              null,
              matches,
            )
          : undefined);
      return found(record, 'marketplace', `buyer request '${id}'`);
    },
  },
} satisfies Record<NodeTypeName, { keyOf(record: never): unknown[]; load(keys: string[], ctx: GatewayContext): Promise<unknown> }>;

const kindOf = (type: NodeTypeName) => NODE_KINDS[type] as unknown as NodeKind<object>;

/**
 * Which Node type a resolved record is, for the interface's resolveType: a
 * record object comes from one loader only, so it is always of one type.
 */
const typeOfRecord = new WeakMap<object, NodeTypeName>();

export const nodeTypeOf = (record: object): NodeTypeName | undefined => typeOfRecord.get(record);

/**
 * A record's global id. Only a review can lack a key part (its gig slug, when
 * it did not come from its gig's list), and reviews come from the marketplace:
 * a record that cannot be named is that upstream's bad response.
 */
export function globalIdOf(type: NodeTypeName, record: unknown): string {
  const keys = kindOf(type).keyOf(record as object);
  if (keys.some((part) => part === null || part === undefined || part === '')) {
    throw new UpstreamError('marketplace', 'UPSTREAM_BAD_RESPONSE', `The upstream sent a ${type} without the key that names it`);
  }
  return encodeGlobalId(type, keys as string[]);
}

async function resolveDecoded({ type, keys }: DecodedGlobalId, ctx: GatewayContext): Promise<object> {
  const record = await kindOf(type).load(keys, ctx);
  typeOfRecord.set(record, type);
  return record;
}

export const node = (_: unknown, args: { id: string }, ctx: GatewayContext) =>
  resolveDecoded(checkKeys(decodeGlobalId(args.id, 'id'), 'id'), ctx);

/**
 * A federation entity by the key a router sends in `_entities` (schema/subgraph.ts): the key
 * passes the same checks and reaches the same loader as `node(id)` with that key would, so an
 * entity costs one direct lookup (items batch like `item(id)` does) and fails with that field's errors.
 * Async, so a refused key rejects its own entity: a throw would fail all of `_entities`.
 */
export async function entity(type: NodeTypeName, key: unknown, ctx: GatewayContext): Promise<object> {
  const text = typeof key === 'string' ? key : typeof key === 'number' && Number.isFinite(key) ? String(key) : undefined;
  if (text === undefined) throw badUserInput(`"representations" has a ${type} without a usable key`, 'representations');
  return resolveDecoded(checkKeys({ type, keys: [text] }, 'representations'), ctx);
}

/** Every id is checked first: one ill-formed id refuses the whole list, before any upstream call. */
export const nodes = (_: unknown, args: { ids: readonly string[] }, ctx: GatewayContext) => {
  if (args.ids.length > MAX_NODE_IDS) throw badUserInput(`"ids" may name at most ${MAX_NODE_IDS} ids`, 'ids');
  const decoded = args.ids.map((id) => checkKeys(decodeGlobalId(id, 'ids'), 'ids'));
  // Each slot settles on its own: an entity that fails nulls only its slot, answered as its Error (which the executor
  // reports at the slot's index). One promise for the list, not one per slot: graphql-jit put a rejected slot at
  // the end of the list as it stood then, not at its index (test/integration/jit-parity-lists.test.ts).
  return Promise.all(decoded.map((one) => settledSlot(() => resolveDecoded(one, ctx))));
};

async function settledSlot<T>(resolve: () => T | Promise<T>): Promise<T | Error> {
  try {
    return await resolve();
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
