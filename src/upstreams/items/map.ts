/**
 * Item-store payloads → graph shapes, exactly the envelopes of `items-api.md`
 * (`status`, `data` / `items` / `item`, `msg`). Optional media fields are
 * absent for some kinds of item, so they map to null.
 */
import { z } from 'zod';

const opt = z.string().nullish().transform((v) => v ?? null);

export const itemSchema = z
  .looseObject({
    id: z.union([z.number(), z.string()]).transform(String),
    name: z.string(),
    description: opt,
    category: opt,
    sub_category: opt,
    options: z.array(z.string()).nullish(),
    version: z.union([z.string(), z.number()]).nullish(),
    demo_link: opt,
    tags: z.array(z.string()).nullish(),
    media: z
      .looseObject({
        thumbnail: opt,
        preview_image: opt,
        preview_video: opt,
        preview_audio: opt,
        screenshots: z.array(z.string()).nullish(),
      })
      .nullish(),
    price: z.looseObject({ regular: z.coerce.number(), extended: z.coerce.number() }).nullish(),
    currency: opt,
    published_at: opt,
  })
  .transform((i) => ({
    id: i.id,
    name: i.name,
    description: i.description,
    category: i.category,
    subCategory: i.sub_category,
    options: i.options ?? [],
    version: i.version == null ? null : String(i.version),
    demoLink: i.demo_link,
    tags: i.tags ?? [],
    media: i.media
      ? {
          thumbnail: i.media.thumbnail,
          previewImage: i.media.preview_image,
          previewVideo: i.media.preview_video,
          previewAudio: i.media.preview_audio,
          screenshots: i.media.screenshots ?? [],
        }
      : null,
    price: i.price ? { regular: i.price.regular, extended: i.price.extended } : null,
    currency: i.currency,
    publishedAt: i.published_at,
  }));
export type ItemShape = z.output<typeof itemSchema>;

/**
 * The whole catalogue (`/items/all`, thousands of items): zod's object, union and transform
 * steps over every field were the largest cost of a 5,000-item list. Each item goes through
 * `plainItem` first, one pass that accepts only what `itemSchema` accepts unchanged (strings,
 * finite numbers, nulls) and builds the same record; the first item it does not accept sends
 * the whole list through `itemSchema`, which coerces what it may (a price sent as "12.50")
 * and reports what is wrong, so an invalid item is still UPSTREAM_BAD_RESPONSE.
 */
function itemList() {
  const slow = z.array(itemSchema);
  // `arrayOf` tells readers of the schema (scripts/upstream-fields.ts) what the list holds.
  const list = z.custom<unknown[]>((value) => Array.isArray(value)).meta({ arrayOf: itemSchema });
  return list.transform((raw, ctx): ItemShape[] => {
    const items: ItemShape[] = new Array<ItemShape>(raw.length);
    for (let i = 0; i < raw.length; i++) {
      const item = plainItem(raw[i]);
      if (item === undefined) {
        const checked = slow.safeParse(raw);
        if (checked.success) return checked.data;
        for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: raw });
        return z.NEVER;
      }
      items[i] = item;
    }
    return items;
  });
}

const INVALID = Symbol('invalid');
/** `n` optional strings, once none of them was INVALID. */
type Texts<N extends number, T extends Array<string | null> = []> = T['length'] extends N ? T : Texts<N, [...T, string | null]>;
type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | null | typeof INVALID => (value == null ? null : typeof value === 'string' ? value : INVALID);
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const texts = (value: unknown): string[] | typeof INVALID => {
  if (value == null) return [];
  if (!Array.isArray(value)) return INVALID;
  for (const entry of value) if (typeof entry !== 'string') return INVALID;
  return value.slice() as string[];
};

/** `itemSchema`'s record for an item it would accept unchanged, else undefined (then zod decides). */
function plainItem(raw: unknown): ItemShape | undefined {
  if (!isPlain(raw)) return undefined;
  const { id, name, price, media, version } = raw;
  if (!(finite(id) || typeof id === 'string') || typeof name !== 'string') return undefined;
  const fields = [raw.description, raw.category, raw.sub_category, raw.demo_link, raw.currency, raw.published_at].map(text);
  const options = texts(raw.options);
  const tags = texts(raw.tags);
  if (fields.includes(INVALID) || options === INVALID || tags === INVALID) return undefined;
  if (!(version == null || typeof version === 'string' || finite(version))) return undefined;
  if (!(price == null || (isPlain(price) && finite(price.regular) && finite(price.extended)))) return undefined;
  let mapped: ItemShape['media'] = null;
  if (media != null) {
    if (!isPlain(media)) return undefined;
    const urls = [media.thumbnail, media.preview_image, media.preview_video, media.preview_audio].map(text);
    const screenshots = texts(media.screenshots);
    if (urls.includes(INVALID) || screenshots === INVALID) return undefined;
    const [thumbnail, previewImage, previewVideo, previewAudio] = urls as Texts<4>;
    mapped = { thumbnail, previewImage, previewVideo, previewAudio, screenshots };
  }
  const [description, category, subCategory, demoLink, currency, publishedAt] = fields as Texts<6>;
  return {
    id: String(id),
    name,
    description,
    category,
    subCategory,
    options,
    version: version == null ? null : String(version),
    demoLink,
    tags,
    media: mapped,
    price: price == null ? null : { regular: price.regular as number, extended: price.extended as number },
    currency,
    publishedAt,
  };
}

export const accountSchema = z
  .looseObject({
    name: z.looseObject({ firstname: opt, lastname: opt, full_name: opt }).nullish(),
    username: z.string(),
    email: opt,
    balance: z.coerce.number().nullish(),
    currency: opt,
    profile: z
      .looseObject({
        heading: opt,
        description: opt,
        contact: z.looseObject({ email: opt }).nullish(),
        social_links: z.record(z.string(), z.string()).nullish(),
        media: z.looseObject({ avatar: opt, cover: opt }).nullish(),
      })
      .nullish(),
    registered_at: opt,
  })
  .transform((a) => ({
    username: a.username,
    email: a.email,
    balance: a.balance ?? null,
    currency: a.currency,
    registeredAt: a.registered_at,
    name: a.name ? { firstName: a.name.firstname, lastName: a.name.lastname, fullName: a.name.full_name } : null,
    profile: a.profile
      ? {
          heading: a.profile.heading,
          description: a.profile.description,
          contactEmail: a.profile.contact?.email ?? null,
          socialLinks: Object.entries(a.profile.social_links ?? {}).map(([network, url]) => ({ network, url })),
          avatar: a.profile.media?.avatar ?? null,
          cover: a.profile.media?.cover ?? null,
        }
      : null,
  }));
export type AccountShape = z.output<typeof accountSchema>;

export const purchaseSchema = z
  .looseObject({
    purchase_code: z.string(),
    license_type: z.string(),
    price: z.coerce.number(),
    currency: z.string(),
    item: itemSchema,
    supported_until: opt,
    downloaded: z.boolean(),
    date: z.string(),
  })
  .transform((p) => ({
    purchaseCode: p.purchase_code,
    licenseType: p.license_type,
    price: p.price,
    currency: p.currency,
    item: p.item,
    supportedUntil: p.supported_until,
    downloaded: p.downloaded,
    date: p.date,
  }));
export type PurchaseShape = z.output<typeof purchaseSchema>;

export const errorEnvelope = z.looseObject({ status: z.literal('error'), msg: z.string() });
export const accountEnvelope = z.looseObject({ status: z.literal('success'), data: accountSchema });
export const itemsEnvelope = z.looseObject({ status: z.literal('success'), items: itemList() });
export const itemEnvelope = z.looseObject({ status: z.literal('success'), item: itemSchema });
export const purchaseEnvelope = z.looseObject({ status: z.literal('success'), data: z.looseObject({ purchase: purchaseSchema }) });

/** The `msg` values of `items-api.md` section 7 that the gateway reads as answers. */
export const ITEMS_MESSAGES = {
  invalidRequest: 'Invalid request',
  noItems: 'No items found',
  itemNotFound: 'Item Not Found',
  invalidPurchaseCode: 'Invalid purchase code',
} as const;
