/** CRM customers by uuid (with notes), pages of customers (filtered by status) and of retention campaigns. */
import type { Clients } from '../src/upstreams/index.js';
import { crmCustomerSchema, retentionCampaignSchema } from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export interface CrmCustomerFilter {
  status?: 'active' | 'inactive';
}

export function createCrmLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    crmCustomerById: perKeyLoader((uuid: string) =>
      marketplace.one('sellerCrmShow', crmCustomerSchema, 'customer', { params: { uuid }, subject: `customer '${uuid}'` }),
    ),
    // Not primed into crmCustomerById: list items carry no notes.
    crmCustomerPages: pageLoader(({ filter, page, perPage }: PageKey<CrmCustomerFilter>) =>
      marketplace.page('sellerCrmIndex', crmCustomerSchema, 'customer', { page, perPage }, { query: { ...filter } }),
    ),
    retentionCampaignPages: pageLoader(({ page, perPage }: PageKey<null>) =>
      marketplace.page('sellerCrmCampaigns', retentionCampaignSchema, 'retention campaign', { page, perPage }),
    ),
  };
}
