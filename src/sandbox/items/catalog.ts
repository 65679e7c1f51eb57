/**
 * The seeded items of each account. Kinds rotate (script, theme, video,
 * audio) so the optional media fields vary: video items add preview_video,
 * audio items have preview_audio and no preview_image, and only some items
 * have screenshots. Demo items have ids 1..DEMO_ITEM_COUNT and
 * `demo_link = demoUrl(id)`, listed newest first.
 */
import { between, createRandom, demoUrl, isoAt, money, pick, DEMO_ITEM_COUNT, type Random } from '../seed.js';
import type { ItemsAccountId } from './keys.js';

export interface Item {
  id: number;
  name: string;
  description: string;
  category: string;
  sub_category: string;
  options: string[];
  version: string;
  demo_link: string;
  tags: string[];
  media: {
    thumbnail: string;
    preview_image?: string;
    preview_video?: string;
    preview_audio?: string;
    screenshots?: string[];
  };
  price: { regular: number; extended: number };
  currency: string;
  published_at: string;
}

export type ItemKind = 'script' | 'theme' | 'video' | 'audio';
export const kindOf = (id: number): ItemKind => (['script', 'theme', 'video', 'audio'] as const)[(id - 1) % 4]!;

const KINDS: Record<ItemKind, { category: string; subs: string[]; nouns: string[]; options: string[]; tags: string[] }> = {
  script: {
    category: 'Scripts',
    subs: ['PHP Scripts', 'JavaScript', 'Plugins'],
    nouns: ['Invoice Manager', 'Link Shortener', 'Helpdesk', 'Booking System', 'SEO Toolkit'],
    options: ['Documentation included', 'Installer', 'REST API', 'Multi-language'],
    tags: ['php', 'laravel', 'saas', 'admin', 'api'],
  },
  theme: {
    category: 'Themes',
    subs: ['WordPress', 'HTML Templates', 'Shopify'],
    nouns: ['Portfolio Theme', 'Agency Template', 'Shop Theme', 'Magazine Theme'],
    options: ['Responsive', 'Dark mode', 'RTL support', 'Retina ready'],
    tags: ['responsive', 'bootstrap', 'ecommerce', 'blog', 'portfolio'],
  },
  video: {
    category: 'Video',
    subs: ['Intros', 'Lower Thirds', 'Transitions'],
    nouns: ['Logo Reveal', 'Glitch Intro', 'Slideshow Pack'],
    options: ['4K', 'No plugins required', 'Music included'],
    tags: ['after-effects', 'logo', 'intro', 'motion'],
  },
  audio: {
    category: 'Audio',
    subs: ['Music', 'Sound Effects', 'Loops'],
    nouns: ['Corporate Track', 'Ambient Loop Pack', 'UI Sound Kit'],
    options: ['WAV', 'MP3', 'Loopable'],
    tags: ['music', 'background', 'corporate', 'sfx'],
  },
};

const sample = <T>(random: Random, values: readonly T[], count: number): T[] => {
  const pool = [...values];
  const out: T[] = [];
  while (out.length < count && pool.length) out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]!);
  return out;
};

function buildItem(random: Random, id: number, demoLink: string): Item {
  const kind = kindOf(id);
  const k = KINDS[kind];
  const base = `https://cdn.example.com/items/${id}`;
  const media: Item['media'] = { thumbnail: `${base}/thumbnail.jpg` };
  if (kind !== 'audio') media.preview_image = `${base}/preview.jpg`;
  if (kind === 'video') media.preview_video = `${base}/preview.mp4`;
  if (kind === 'audio') media.preview_audio = `${base}/preview.mp3`;
  if ((kind === 'script' || kind === 'theme') && random() < 0.6) {
    media.screenshots = Array.from({ length: between(random, 2, 4) }, (_, i) => `${base}/screenshots/${i + 1}.jpg`);
  }
  const regular = money(random, 9, 79);
  const name = `${pick(random, k.nouns)} ${id}`;
  return {
    id,
    name,
    description: `${name}: a sandbox ${kind} item for the gateway demo.`,
    category: k.category,
    sub_category: pick(random, k.subs),
    options: sample(random, k.options, between(random, 1, 3)),
    version: `${between(random, 1, 4)}.${between(random, 0, 9)}.${between(random, 0, 20)}`,
    demo_link: demoLink,
    tags: sample(random, k.tags, between(random, 2, 4)),
    media,
    price: { regular, extended: Math.round(regular * 5 * 100) / 100 },
    currency: 'USD',
    published_at: isoAt(-between(random, 20, 700) * 24 * 60 - between(random, 0, 1439)),
  };
}

/** Each account's items, newest `published_at` first. */
export function createCatalog(seed: number): Record<ItemsAccountId, Item[]> {
  const random = createRandom(seed ^ 0x17e5);
  const newestFirst = (a: Item, b: Item) => b.published_at.localeCompare(a.published_at) || a.id - b.id;
  const demo = Array.from({ length: DEMO_ITEM_COUNT }, (_, i) => buildItem(random, i + 1, demoUrl(i + 1))).sort(newestFirst);
  const other = Array.from({ length: 5 }, (_, i) => buildItem(random, 101 + i, `https://other.example.org/demo/item-${101 + i}/`)).sort(
    newestFirst,
  );
  return { demo, other, empty: [] };
}
