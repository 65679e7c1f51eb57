/** Advertising campaigns by uuid (with analytics) and pages of the seller's campaigns (without). */
import type { Clients } from '../src/upstreams/index.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export function createAdvertisingLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    adCampaignById: perKeyLoader((uuid: string) =>
      marketplace.call(ops.sellerAdvertisingShow, { uuid }),
    ),
    // Not primed into adCampaignById: list items carry no analytics.
    adCampaignPages: pageLoader(ops.sellerAdvertisingIndex, ({ page, perPage }: PageKey<null>) => marketplace.call(ops.sellerAdvertisingIndex, { page, perPage }))
  };
}
