/**
 * Turns `first`/`after` into the fewest upstream page calls (see
 * src/upstreams/paging.ts), fetches them concurrently through a page loader,
 * and slices the window into a Relay connection.
 */
import type DataLoader from 'dataloader';
import type { ConnectionShape } from '../schema/connection.js';
import type { PageKey } from '../loaders/keyed.js';
import type { Page } from '../src/upstreams/laravel.js';
import { encodeCursor, planPages, windowOf, type Window } from '../src/upstreams/paging.js';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

/** Marketplace lists take any per_page from 1 to 100. */
export const MARKETPLACE_PAGE_SIZES = { max: 100 } as const;

export async function loadConnection<F, T>(
  args: ConnectionArgs,
  sizes: readonly number[] | { max: number },
  loader: DataLoader<PageKey<F>, Page<T>, string>,
  filter: F,
): Promise<ConnectionShape<T>> {
  const window = windowOf(args);
  return sliceWindow(window, await loadWindowPages(window, sizes, loader, filter));
}

export async function loadWindowPages<F, T>(
  window: Window,
  sizes: readonly number[] | { max: number },
  loader: DataLoader<PageKey<F>, Page<T>, string>,
  filter: F,
): Promise<{ items: T[]; total: number; skip: number }> {
  const plan = planPages(window, sizes);
  const pages = await Promise.all(plan.pages.map((page) => loader.load({ filter, page, perPage: plan.perPage })));
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
