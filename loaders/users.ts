/** Marketplace users by username (`usersShow`), and the caller (`me`). */
import type { Clients } from '../src/upstreams/index.js';
import { perKeyLoader } from './keyed.js';

export const createUserLoaders = (clients: Clients) => ({
  userByUsername: perKeyLoader((username: string) => clients.marketplace.getUser(username)),
  me: perKeyLoader((_: 'me') => clients.marketplace.me()),
});
