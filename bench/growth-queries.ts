/**
 * The queries of the benchmark's second table, whose cost grows with the data
 * (or should vanish with the shared public cache), each beside its direct REST
 * equivalent: fetch, parse, pick the fields, serialise.
 */
import { ordersWithChildren, type BenchQuery } from './queries.js';

const ITEMS_KEY = 'items-demo-key';

/** `orders(first: 100)` with a gig, the deliveries and the revisions of every order: hundreds of upstream calls. */
export const ordersHundred: BenchQuery = ordersWithChildren(100);

interface RawItem {
  id: number | string;
  name: string;
  description?: string | null;
  category?: string | null;
  sub_category?: string | null;
  options?: string[] | null;
  version?: string | number | null;
  demo_link?: string | null;
  tags?: string[] | null;
  media?: { thumbnail?: string; preview_image?: string; preview_video?: string; preview_audio?: string; screenshots?: string[] } | null;
  price?: { regular: number; extended: number } | null;
  currency?: string | null;
  published_at?: string | null;
}

/** Every field of every item of the catalogue (5,000 items, ~8.8 MiB from bench/large-items.ts). */
export const allItems: BenchQuery = {
  name: 'items: 5,000 items, every field',
  document: `{ items { id name description category subCategory options version demoLink tags
    media { thumbnail previewImage previewVideo previewAudio screenshots } price { regular extended } currency publishedAt } }`,
  variables: {},
  credentials: { itemsApiKey: ITEMS_KEY },
  async direct(req) {
    const body = await req.get<{ items: RawItem[] }>('items', '/items/all');
    const items = body.items.map((i) => ({
      id: String(i.id),
      name: i.name,
      description: i.description ?? null,
      category: i.category ?? null,
      subCategory: i.sub_category ?? null,
      options: i.options ?? [],
      version: i.version == null ? null : String(i.version),
      demoLink: i.demo_link ?? null,
      tags: i.tags ?? [],
      media: i.media
        ? {
            thumbnail: i.media.thumbnail ?? null,
            previewImage: i.media.preview_image ?? null,
            previewVideo: i.media.preview_video ?? null,
            previewAudio: i.media.preview_audio ?? null,
            screenshots: i.media.screenshots ?? [],
          }
        : null,
      price: i.price ? { regular: i.price.regular, extended: i.price.extended } : null,
      currency: i.currency ?? null,
      publishedAt: i.published_at ?? null,
    }));
    return JSON.stringify({ data: { items } });
  },
};
