/**
 * Media by uuid (`mediaShow`) and pages of `mediaIndex`, which prime it.
 * `Offer.attachments` and `mediaAsset(id)` share `mediaById`, so one request
 * never fetches the same asset twice.
 */
import type { Clients } from '../src/upstreams/index.js';
import type * as map from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export interface MediaFilter {
  kind?: string;
}

export function createMediaLoaders(clients: Clients) {
  const market = clients.marketplace;
  const mediaById = perKeyLoader((uuid: string) => market.call(ops.mediaShow, { uuid }));
  const mediaPages = pageLoader(
    ops.mediaIndex,
    ({ filter, page, perPage }: PageKey<MediaFilter>) => market.call(ops.mediaIndex, { page, perPage, query: { ...filter } }),
    (media: map.MediaShape) => mediaById.prime(media.id, media),
  );
  return { mediaById, mediaPages };
}
