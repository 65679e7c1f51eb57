/**
 * The process-wide upstream pools, and `bindClients`, which gives one request
 * its three clients, each holding only its own upstream's credential
 * (README, "Credentials": a credential never reaches another upstream).
 */
import type { Config } from '../config.js';
import type { UpstreamName } from '../errors.js';
import type { Logger } from '../logger.js';
import { BodyBudget } from './body-budget.js';
import { UpstreamHttp } from './http.js';
import type { RequestBinding } from './wire.js';
import type { BreakerOptions } from './breaker.js';
import { MarketplaceClient } from './marketplace/client.js';
import { SeoClient } from './seo/client.js';
import { ItemsClient } from './items/client.js';
import { PublicCacheLayer, type PublicCache } from './public-cache/index.js';
import type { ItemBatchOptions } from '../../loaders/items.js';

/** Each upstream, composed once: the shared cache in front of its transport (public-cache/public-cache.ts). */
export type UpstreamPools = Record<UpstreamName, PublicCacheLayer>;

export interface Credentials {
  marketplaceToken?: string;
  seoApiKey?: string;
  itemsApiKey?: string;
}

export interface Clients {
  marketplace: MarketplaceClient;
  seo: SeoClient;
  items: ItemsClient;
}

/** `origins` are the resolved upstream origins (configured URL or embedded sandbox); every pool reads through `publicCache`. */
export function createPools(
  config: Config,
  origins: Record<UpstreamName, string>,
  logger: Logger,
  breaker?: Partial<BreakerOptions>,
  publicCache?: PublicCache,
): UpstreamPools {
  // One for the process: every upstream's answers count against the same bytes.
  const bodyBudget = new BodyBudget(config.upstreamInflightBytes);
  const make = (name: UpstreamName) => {
    const http = new UpstreamHttp({
      name,
      origin: origins[name],
      root: config.upstreams[name].root,
      timeoutMs: config.upstreams[name].timeoutMs,
      connections: config.upstreamConnections,
      maxResponseBytes: config.upstreamMaxResponseBytes,
      bodyBudget,
      retries: config.upstreamRetries,
      retryMaxWaitMs: config.upstreamRetryMaxWaitMs,
      breaker: breaker ?? config.breaker,
      logger,
    });
    return new PublicCacheLayer(http, publicCache);
  };
  return { marketplace: make('marketplace'), seo: make('seo'), items: make('items') };
}

export function bindClients(
  pools: UpstreamPools,
  credentials: Credentials,
  binding: RequestBinding,
  itemBatching: ItemBatchOptions,
): Clients {
  return {
    marketplace: new MarketplaceClient(pools.marketplace, credentials.marketplaceToken, binding),
    seo: new SeoClient(pools.seo, credentials.seoApiKey, binding),
    items: new ItemsClient(pools.items, credentials.itemsApiKey, binding, itemBatching),
  };
}

export async function closePools(pools: UpstreamPools): Promise<void> {
  await Promise.all(Object.values(pools).map((pool) => pool.close()));
}
