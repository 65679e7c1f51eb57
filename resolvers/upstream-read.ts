/**
 * Every read a resolver makes of an upstream row, and the reads it starts
 * ahead. The resolver of every read field declared with
 * schema/upstream-field.ts: the field's `key` turns its parent and arguments
 * into the row's call arguments (validating them), and the answer comes
 * through the client's per-request read cache (`readRow`,
 * loaders/read-cache.ts), as one answer or, for a connection, as the pages
 * its window needs (`readConnection`: `first`/`after` planned into the fewest
 * page calls by src/upstreams/paging.ts with the row's page sizes, fetched
 * concurrently, sliced into a Relay connection).
 *
 * The declaration may also name look-ahead: child fields whose key follows
 * from this field's key, started together with it (`seller(username) {
 * gigs }`), and for a connection the item fields started the moment a page
 * arrives (`gigs { nodes { reviews } }`). A child is found by its own
 * declaration, kept on the schema field (`extensions.upstreamRead`), so the
 * prefetch and the child's resolver compute the same call and the read cache
 * answers the second from the first. Which selections lie below a field, and
 * whether a speculative call is allowed, is read from the query by
 * resolvers/look-ahead.ts; the prefetches are started here (`start`).
 */
import type { GraphQLField, GraphQLResolveInfo } from 'graphql';
import { isObjectType } from 'graphql';
import type { ConnectionShape } from '../schema/connection.js';
import type { GatewayContext } from '../src/context.js';
import type { CallArgs, PageSizes, ReadRow, ResultOf } from '../src/upstreams/operations.js';
import { encodeCursor, planPages, windowOf, type Window } from '../src/upstreams/paging.js';
import type { Page } from '../src/upstreams/wire.js';
import { readRow } from '../loaders/read-cache.js';
import { childSelections, itemPoints, mayPrefetch, operationAt, pointOf, type SelectionPoint } from './look-ahead.js';

/** What a read field's declaration leaves for its resolver and for look-ahead. */
export interface UpstreamRead {
  readonly row: ReadRow;
  /** Read as a Relay connection over the row's pages (`first`/`after`) rather than as one answer. */
  readonly connection: boolean;
  /** The row's call arguments (a connection's without the page); null resolves the field to null without a call. */
  key(parent: unknown, args: Record<string, unknown>, ctx: GatewayContext): object | null;
  /**
   * The answer the parent already carries (a part of a single view), used as is when present (not null/undefined): no
   * read, so nothing another field's read of the row does in the same request (a failure, a slow call) reaches it.
   */
  carried?(parent: unknown): unknown;
  /** Child fields of the answer, by name, with their key made from this field's key: started together with it. */
  readonly lookAhead?: Readonly<Record<string, (key: never) => object>>;
  /** A connection's item fields, by name, started for every item the moment a page arrives. */
  readonly itemLookAhead?: readonly string[];
}

/** The extension key a read field's declaration is kept under. */
export const UPSTREAM_READ = 'upstreamRead';

/** The declaration of `fieldName` on the object at `at`, when it is a read field. */
function readAt(at: SelectionPoint, fieldName: string): UpstreamRead | undefined {
  if (!isObjectType(at.type)) return undefined;
  const field = at.type.getFields()[fieldName] as GraphQLField<unknown, unknown> | undefined;
  return field?.extensions[UPSTREAM_READ] as UpstreamRead | undefined;
}

/** The resolver of a read field. */
export const resolverOf =
  (read: UpstreamRead) =>
  (parent: unknown, args: Record<string, unknown>, ctx: GatewayContext, info?: GraphQLResolveInfo): unknown => {
    const carried = read.carried?.(parent);
    if (carried !== undefined && carried !== null) return carried;
    const key = read.key(parent, args, ctx);
    if (key === null) return null;
    const at = info && (read.lookAhead || read.itemLookAhead) ? pointOf(info) : undefined;
    return readField(read, key, args, ctx, at);
  };

function readField(
  read: UpstreamRead,
  key: object,
  args: Record<string, unknown>,
  ctx: GatewayContext,
  at?: SelectionPoint,
): Promise<unknown> {
  // Through `start`, as every prefetch: reading the selections below can throw (a null `if` of @include, which the
  // executor reports on its own path), and a throw here once lost `pending`, whose cancelled call then surfaced as an
  // unhandled rejection (test/integration/include-null-prefetch.test.ts).
  if (at && read.lookAhead) start(() => prefetchChildren(read.lookAhead!, key, ctx, at));
  if (!read.connection) return readRow(ctx, read.row, key as never);
  const pending = readConnection(ctx, read.row, key as never, args as ConnectionArgs);
  if (at && read.itemLookAhead) start(() => prefetchItems(read.itemLookAhead!, pending, at, ctx));
  return pending;
}

function prefetchChildren(lookAhead: NonNullable<UpstreamRead['lookAhead']>, key: object, ctx: GatewayContext, at: SelectionPoint): void {
  for (const [fieldName, childKeyOf] of Object.entries(lookAhead)) {
    const child = readAt(at, fieldName);
    if (!child || !mayPrefetch(ctx, child.row)) continue;
    for (const selection of childSelections(at, fieldName)) {
      start(() => readField(child, childKeyOf(key as never), selection.args, ctx, selection.at));
    }
  }
}

function prefetchItems(
  fieldNames: readonly string[],
  pending: Promise<ConnectionShape<unknown>>,
  list: SelectionPoint,
  ctx: GatewayContext,
): void {
  const wanted = itemPoints(list).flatMap((item) =>
    fieldNames.flatMap((fieldName) => {
      const child = readAt(item, fieldName);
      return child ? childSelections(item, fieldName).map((selection) => ({ child, selection })) : [];
    }),
  );
  if (wanted.length === 0) return;
  pending.then(
    (connection) => {
      const ready = wanted.filter(({ child }) => mayPrefetch(ctx, child.row));
      for (const node of connection.nodes) {
        for (const { child, selection } of ready) {
          start(() => {
            const carried = child.carried?.(node);
            if (carried !== undefined && carried !== null) return undefined; // the item has it: its resolver reads nothing
            const key = child.key(node, selection.args, ctx);
            return key === null ? undefined : readField(child, key, selection.args, ctx, selection.at);
          });
        }
      }
    },
    () => undefined, // the list's own resolver reports its failure
  );
}

/** Starts a prefetch; its failure is left for the child resolver to meet (see resolvers/look-ahead.ts). */
export function start(load: () => unknown): void {
  try {
    const pending = load();
    if (pending instanceof Promise) pending.catch(() => undefined);
  } catch {
    // A synchronous validation error: the child resolver throws it again on its own path.
  }
}

/**
 * Starts `load(args, at)` for each selection of `fieldName` below this
 * resolver (`at` lets the load look further down). `info` is optional so
 * callers that have none (a resolver invoked from another) simply skip the
 * look-ahead.
 */
export function prefetchChild(
  info: GraphQLResolveInfo | undefined,
  ctx: GatewayContext,
  fieldName: string,
  load: (args: Record<string, unknown>, at: SelectionPoint) => unknown,
): void {
  if (!info) return;
  // Reading the selections can throw too (see readField): the field's own resolver goes on regardless.
  start(() => {
    const at = pointOf(info);
    if (!mayPrefetch(ctx, operationAt(at, fieldName))) return;
    for (const child of childSelections(at, fieldName)) start(() => load(child.args, child.at));
  });
}

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

/** A paged row's arguments without the page: what identifies the list (`{ slug }`, `{ query }`). */
export type ListKey<D extends ReadRow> = Omit<CallArgs<D>, 'page' | 'perPage'>;

/** The items of a paged row's answer. */
export type ItemOf<D extends ReadRow> = ResultOf<D> extends Page<infer T> ? T : never;

/** The window of `args` from the pages of the paged `row` for `key`, read through the client's read cache. */
export async function readConnection<D extends ReadRow>(
  ctx: GatewayContext,
  row: D,
  key: ListKey<D>,
  args: ConnectionArgs,
): Promise<ConnectionShape<ItemOf<D>>> {
  if (!row.paginated) throw new Error(`${row.id} is not a paged operation`);
  const window = windowOf(args);
  const read = (page: number, perPage: number) => readRow(ctx, row, { ...key, page, perPage } as CallArgs<D>) as Promise<Page<ItemOf<D>>>;
  return sliceWindow(window, await loadWindowPages(window, row.paginated, read));
}

async function loadWindowPages<T>(
  window: Window,
  sizes: PageSizes,
  load: (page: number, perPage: number) => Promise<Page<T>>,
): Promise<{ items: T[]; total: number; skip: number }> {
  const plan = planPages(window, sizes);
  const pages = await Promise.all(plan.pages.map((page) => load(page, plan.perPage)));
  return { items: pages.flatMap((p) => p.items), total: pages[0]?.total ?? 0, skip: plan.skip };
}

function sliceWindow<T>(window: Window, loaded: { items: T[]; total: number; skip: number }): ConnectionShape<T> {
  const nodes = loaded.items.slice(loaded.skip, loaded.skip + window.first);
  return {
    nodes,
    offset: window.offset,
    pageInfo: {
      hasNextPage: window.offset + nodes.length < loaded.total,
      hasPreviousPage: window.offset > 0,
      startCursor: nodes.length > 0 ? encodeCursor(window.offset) : null,
      endCursor: nodes.length > 0 ? encodeCursor(window.offset + nodes.length - 1) : null,
    },
    totalCount: loaded.total,
  };
}
