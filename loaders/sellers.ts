/** Sellers by username (`sellersShow`) and pages of `sellersIndex`, which prime the former. */
import type { Clients } from '../src/upstreams/index.js';
import type { SellerRecord } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader } from './keyed.js';

export function createSellerLoaders(clients: Clients) {
  const sellerByUsername = perKeyLoader((username: string) => clients.marketplace.getSeller(username));
  const sellerPages = pageLoader(
    ({ page, perPage }: { filter: null; page: number; perPage: number }) => clients.marketplace.listSellers({ page, perPage }),
    (seller: SellerRecord) => sellerByUsername.prime(seller.username, seller),
  );
  return { sellerByUsername, sellerPages };
}
