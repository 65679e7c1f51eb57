/**
 * `createLoaders(clients)`: every loader of one request, built fresh for it
 * (DataLoader README, "Creating a new DataLoader per request"), so no cache
 * is ever shared between two callers.
 */
import type { Clients } from '../src/upstreams/index.js';
import { createGigLoaders } from './gigs.js';
import { createItemLoaders, type ItemLoaderOptions } from './items.js';
import { createOrderLoaders } from './orders.js';
import { createSellerLoaders } from './sellers.js';
import { createSeoLoaders } from './seo.js';
import { createUserLoaders } from './users.js';

export function createLoaders(clients: Clients, options: ItemLoaderOptions) {
  return {
    ...createUserLoaders(clients),
    ...createSellerLoaders(clients),
    ...createGigLoaders(clients),
    ...createOrderLoaders(clients),
    ...createSeoLoaders(clients),
    ...createItemLoaders(clients, options),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
