/** Advertising campaigns by uuid (with analytics) and pages of the seller's campaigns (without). */
import type { Clients } from '../src/upstreams/index.js';
import { adCampaignSchema } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export function createAdvertisingLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    adCampaignById: perKeyLoader((uuid: string) =>
      marketplace.one('sellerAdvertisingShow', adCampaignSchema, 'campaign', { params: { uuid }, subject: `campaign '${uuid}'` }),
    ),
    // Not primed into adCampaignById: list items carry no analytics.
    adCampaignPages: pageLoader(({ page, perPage }: PageKey<null>) => marketplace.page('sellerAdvertisingIndex', adCampaignSchema, 'campaign', { page, perPage })),
  };
}
