/**
 * Turns `first`/`after` into the fewest upstream page calls (see
 * src/upstreams/paging.ts), fetches them concurrently through the client's
 * read cache (`readConnection`, sized by the row's page sizes), and slices
 * the window into a Relay connection.
 */
import type { ConnectionShape } from '../schema/connection.js';
import type { GatewayContext } from '../src/context.js';
import type { CallArgs, PageSizes, ReadRow, ResultOf } from '../src/upstreams/operations.js';
import type { Page } from '../src/upstreams/wire.js';
import { encodeCursor, planPages, windowOf, type Window } from '../src/upstreams/paging.js';
import { readRow } from '../loaders/read-cache.js';

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

export function sliceWindow<T>(window: Window, loaded: { items: T[]; total: number; skip: number }): ConnectionShape<T> {
  const nodes = loaded.items.slice(loaded.skip, loaded.skip + window.first);
  const edges = nodes.map((node, i) => ({ cursor: encodeCursor(window.offset + i), node }));
  return {
    edges,
    pageInfo: {
      hasNextPage: window.offset + nodes.length < loaded.total,
      hasPreviousPage: window.offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
    totalCount: loaded.total,
  };
}
