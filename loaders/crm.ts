/** CRM customers by uuid (with notes), pages of customers (filtered by status) and of retention campaigns. */
import type { Clients } from '../src/upstreams/index.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export interface CrmCustomerFilter {
  status?: 'active' | 'inactive';
}

export function createCrmLoaders(clients: Clients) {
  const { marketplace } = clients;
  return {
    crmCustomerById: perKeyLoader((uuid: string) =>
      marketplace.call(ops.sellerCrmShow, { uuid }),
    ),
    // Not primed into crmCustomerById: list items carry no notes.
    crmCustomerPages: pageLoader(ops.sellerCrmIndex, ({ filter, page, perPage }: PageKey<CrmCustomerFilter>) =>
      marketplace.call(ops.sellerCrmIndex, { page, perPage, query: { ...filter } }),
    ),
    retentionCampaignPages: pageLoader(ops.sellerCrmCampaigns, ({ page, perPage }: PageKey<null>) =>
      marketplace.call(ops.sellerCrmCampaigns, { page, perPage }),
    ),
  };
}
