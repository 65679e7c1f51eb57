/**
 * Field descriptions that cite the upstream operation (contract section 5):
 * the canonical field says `Upstream:`, any other field reusing it `Via:`.
 * Reading the operation tables keeps method, path and scope in one place.
 */
import { marketplaceOperations, type MarketplaceOperationId } from '../src/upstreams/marketplace/operations.js';
import { seoOperations, type SeoOperationId } from '../src/upstreams/seo/operations.js';
import { itemsOperations, type ItemsOperationId } from '../src/upstreams/items/operations.js';

type Lead = 'Upstream' | 'Via';

function marketplaceLine(lead: Lead, id: MarketplaceOperationId): string {
  const op = marketplaceOperations[id];
  const scope = op.scope ?? ('referenceScope' in op ? `none (token forwarded when sent, never required; the reference lists ${op.referenceScope})` : 'none');
  return `${lead}: ${id} · ${op.method} ${op.path} · scope ${scope}`;
}

const seoLine = (lead: Lead, id: SeoOperationId) => `${lead}: ${seoOperations[id].method} ${seoOperations[id].path} · website analysis`;
const itemsLine = (lead: Lead, id: ItemsOperationId) => `${lead}: ${itemsOperations[id].method} ${itemsOperations[id].path} · items`;

const join = (line: string, text?: string) => (text ? `${line}\n\n${text}` : line);

export const upstream = {
  marketplace: (id: MarketplaceOperationId, text?: string) => join(marketplaceLine('Upstream', id), text),
  seo: (id: SeoOperationId, text?: string) => join(seoLine('Upstream', id), text),
  items: (id: ItemsOperationId, text?: string) => join(itemsLine('Upstream', id), text),
};

export const via = {
  marketplace: (id: MarketplaceOperationId, text?: string) => join(marketplaceLine('Via', id), text),
  seo: (id: SeoOperationId, text?: string) => join(seoLine('Via', id), text),
  items: (id: ItemsOperationId, text?: string) => join(itemsLine('Via', id), text),
};
