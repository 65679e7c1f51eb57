/**
 * Turns `first`/`after` into the fewest upstream page calls (see
 * src/upstreams/paging.ts), fetches them concurrently through a page loader,
 * and slices the window into a Relay connection.
 */
import type { ConnectionShape } from '../schema/connection.js';
import type { PageLoader } from '../loaders/keyed.js';
import type { Page } from '../src/upstreams/wire.js';
import { encodeCursor, planPages, windowOf, type Window } from '../src/upstreams/paging.js';

export interface ConnectionArgs {
  first?: number | null;
  after?: string | null;
}

/** The window of `args` from the pages of `loader`, sized by the page sizes its operation accepts. */
export async function loadConnection<F, T>(args: ConnectionArgs, loader: PageLoader<F, Page<T>>, filter: F): Promise<ConnectionShape<T>> {
  const window = windowOf(args);
  return sliceWindow(window, await loadWindowPages(window, loader, filter));
}

async function loadWindowPages<F, T>(window: Window, loader: PageLoader<F, Page<T>>, filter: F): Promise<{ items: T[]; total: number; skip: number }> {
  const plan = planPages(window, loader.pageSizes);
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
