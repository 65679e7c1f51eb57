/** Marketplace users by username (`usersShow`), and the caller (`me`). */
import type { Clients } from '../src/upstreams/index.js';
import { perKeyLoader } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export const createUserLoaders = (clients: Clients) => ({
  userByUsername: perKeyLoader((username: string) => clients.marketplace.call(ops.usersShow, { username })),
  me: perKeyLoader((_: 'me') => clients.marketplace.call(ops.me)),
});
