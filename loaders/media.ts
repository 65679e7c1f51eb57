/**
 * Media by uuid (`mediaShow`) and pages of `mediaIndex`, which prime it.
 * `Offer.attachments` and `mediaAsset(id)` share `mediaById`, so one request
 * never fetches the same asset twice.
 */
import type { Clients } from '../src/upstreams/index.js';
import * as map from '../src/upstreams/marketplace/map.js';
import { pageLoader, perKeyLoader, type PageKey } from './keyed.js';

export interface MediaFilter {
  kind?: string;
}

export function createMediaLoaders(clients: Clients) {
  const market = clients.marketplace;
  const mediaById = perKeyLoader((uuid: string) => market.one('mediaShow', map.mediaSchema, 'media', { params: { uuid }, subject: `media '${uuid}'` }));
  const mediaPages = pageLoader(
    ({ filter, page, perPage }: PageKey<MediaFilter>) => market.page('mediaIndex', map.mediaSchema, 'media', { page, perPage }, { query: { ...filter } }),
    (media: map.MediaRecord) => mediaById.prime(media.id, media),
  );
  return { mediaById, mediaPages };
}
