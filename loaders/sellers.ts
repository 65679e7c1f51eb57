/** Sellers by username (`sellersShow`) and pages of `sellersIndex`, which prime the former. */
import type { Clients } from '../src/upstreams/index.js';
import type { SellerShape } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export function createSellerLoaders(clients: Clients) {
  const sellerByUsername = perKeyLoader((username: string) => clients.marketplace.call(ops.sellersShow, { username }));
  const sellerPages = pageLoader(
    ops.sellersIndex,
    ({ page, perPage }: { filter: null; page: number; perPage: number }) => clients.marketplace.call(ops.sellersIndex, { page, perPage }),
    (seller: SellerShape) => sellerByUsername.prime(seller.username, seller),
  );
  return { sellerByUsername, sellerPages };
}
