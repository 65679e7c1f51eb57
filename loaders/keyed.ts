/**
 * The shape every loader here shares. Most upstream reads take one key per
 * call, so these loaders do not batch (`batch: false`): each key is its own
 * dispatch and its own call. DataLoader still schedules every dispatch for
 * the end of the current frame, so a call leaves only after its sibling
 * resolvers (which graphql-js calls in one frame) have run, one frame later
 * than a plain async call, and before any timer or I/O
 * (the read cache that replaces these, loaders/read-cache.ts, starts calls at once). A failed key gets an Error in
 * its slot (DataLoader's contract: a missing key is a value, not a throw).
 * What DataLoader adds is the per-request cache: one request never asks the
 * same key twice, and list responses prime it.
 */
import DataLoader from 'dataloader';
import type { AnyOperation, PageSizes } from '../src/upstreams/operations.js';

export function perKeyLoader<K, V>(fetchOne: (key: K) => Promise<V>, cacheKeyFn?: (key: K) => string): DataLoader<K, V, string | K> {
  return new DataLoader<K, V, string | K>(
    (keys) => Promise.all(keys.map((key) => fetchOne(key).catch((error: unknown) => (error instanceof Error ? error : new Error(String(error)))))),
    cacheKeyFn ? { batch: false, cacheKeyFn } : { batch: false },
  );
}

/** A page of a list: the filter (as a stable string), page number and size. */
export interface PageKey<F> {
  filter: F;
  page: number;
  perPage: number;
}

export const pageKey = <F>(key: PageKey<F>): string => `${JSON.stringify(key.filter)}|${key.page}|${key.perPage}`;

/** Pages of one paged operation, with the page sizes that operation accepts (read by resolvers/connection.ts). */
export type PageLoader<F, P> = DataLoader<PageKey<F>, P, string> & { readonly pageSizes: PageSizes };

/** Loads pages of `operation` and primes the per-item loader with every item in them. */
export function pageLoader<F, P extends { items: T[] }, T>(
  operation: AnyOperation,
  fetchPage: (key: PageKey<F>) => Promise<P>,
  prime?: (item: T) => void,
): PageLoader<F, P> {
  if (!operation.paginated) throw new Error(`${operation.id} is not a paged operation`);
  const loader = new DataLoader<PageKey<F>, P, string>(
    (keys) =>
      Promise.all(
        keys.map(async (key) => {
          try {
            const page = await fetchPage(key);
            if (prime) for (const item of page.items) prime(item);
            return page;
          } catch (error) {
            return error instanceof Error ? error : new Error(String(error));
          }
        }),
      ),
    { batch: false, cacheKeyFn: pageKey },
  );
  return Object.assign(loader, { pageSizes: operation.paginated });
}
