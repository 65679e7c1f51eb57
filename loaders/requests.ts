/**
 * Pages of buyer requests (the caller's own, and the public board) and of
 * proposals, filtered as the upstream allows (`status`, `category`,
 * `request_uuid`).
 */
import type { Clients } from '../src/upstreams/index.js';
import { pageLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export interface RequestFilter {
  status?: string;
}
export interface BoardFilter {
  category?: string;
}
export interface ProposalFilter {
  status?: string;
  request_uuid?: string;
}

export function createRequestLoaders(clients: Clients) {
  const market = clients.marketplace;
  return {
    buyerRequestPages: pageLoader(ops.requestsIndex, ({ filter, page, perPage }: PageKey<RequestFilter>) =>
      market.call(ops.requestsIndex, { page, perPage, query: { ...filter } }),
    ),
    requestBoardPages: pageLoader(ops.requestBoard, ({ filter, page, perPage }: PageKey<BoardFilter>) =>
      market.call(ops.requestBoard, { page, perPage, query: { ...filter } }),
    ),
    proposalPages: pageLoader(ops.proposalsIndex, ({ filter, page, perPage }: PageKey<ProposalFilter>) =>
      market.call(ops.proposalsIndex, { page, perPage, query: { ...filter } }),
    ),
  };
}
