/**
 * Item-store payloads → graph shapes, exactly the envelopes of `items-api.md`
 * (`status`, `data` / `items` / `item`, `msg`). Optional media fields are
 * absent for some kinds of item, so they map to null.
 */
import { z } from 'zod';

const opt = z
  .string()
  .nullish()
  .transform((v) => v ?? null);

export const itemSchema = z
  .object({
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
      .object({
        thumbnail: opt,
        preview_image: opt,
        preview_video: opt,
        preview_audio: opt,
        screenshots: z.array(z.string()).nullish(),
      })
      .nullish(),
    price: z.object({ regular: z.coerce.number(), extended: z.coerce.number() }).nullish(),
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
      if (item === undefined) return checkedByZod(slow, raw, ctx);
      items[i] = item;
    }
    return items;
  });
}

/**
 * One item (an item's page, a purchase's item) the same way: `plainItem`'s pass, else `itemSchema`.
 * Two of the three answers of an item with its purchase hold one; zod took ~20 µs for each.
 */
function oneItem() {
  // `recordOf` tells readers of the schema (scripts/upstream-fields.ts) which record this is.
  const record = z.custom<unknown>(() => true).meta({ recordOf: itemSchema });
  return record.transform((raw, ctx): ItemShape => plainItem(raw) ?? checkedByZod(itemSchema, raw, ctx));
}

/** What `schema` makes of `raw`, its issues reported as the calling schema's (so a bad answer stays UPSTREAM_BAD_RESPONSE). */
function checkedByZod<T>(schema: z.ZodType<T>, raw: unknown, ctx: z.RefinementCtx): T {
  const checked = schema.safeParse(raw);
  if (checked.success) return checked.data;
  for (const issue of checked.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path, input: raw });
  return z.NEVER;
}

/** Thrown (and caught in plainItem) at the first value `itemSchema` would not take unchanged. */
const NOT_PLAIN = Symbol('not plain');
const notPlain = (): never => {
  throw NOT_PLAIN;
};
type Plain = Record<string, unknown>;
const isPlain = (value: unknown): value is Plain => typeof value === 'object' && value !== null && !Array.isArray(value);
const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const text = (value: unknown): string | null => (value == null ? null : typeof value === 'string' ? value : notPlain());
/**
 * A list of strings as parsed, not copied: the parsed body is this reader's alone (an item-store
 * call carries the caller's key, so its answer is never shared) and is dropped once mapped.
 */
const texts = (value: unknown): string[] => {
  if (value == null) return [];
  if (!Array.isArray(value)) return notPlain();
  for (let i = 0; i < value.length; i++) if (typeof value[i] !== 'string') notPlain();
  return value as string[];
};

/** `itemSchema`'s record for an item it would accept unchanged, else undefined (then zod decides). */
function plainItem(raw: unknown): ItemShape | undefined {
  try {
    return isPlain(raw) ? mapPlain(raw) : undefined;
  } catch (error) {
    if (error === NOT_PLAIN) return undefined;
    throw error;
  }
}

/** One pass over the raw item, no intermediate arrays: each field is checked as it is copied. */
function mapPlain(raw: Plain): ItemShape {
  const { id, name, version } = raw;
  const price = raw.price as Plain | null | undefined;
  const media = raw.media as Plain | null | undefined;
  if (!(finite(id) || typeof id === 'string') || typeof name !== 'string') notPlain();
  if (!(version == null || typeof version === 'string' || finite(version))) notPlain();
  if (!(price == null || (isPlain(price) && finite(price.regular) && finite(price.extended)))) notPlain();
  if (!(media == null || isPlain(media))) notPlain();
  return {
    id: String(id),
    name: name as string,
    description: text(raw.description),
    category: text(raw.category),
    subCategory: text(raw.sub_category),
    options: texts(raw.options),
    version: version == null ? null : String(version),
    demoLink: text(raw.demo_link),
    tags: texts(raw.tags),
    media:
      media == null
        ? null
        : {
            thumbnail: text(media.thumbnail),
            previewImage: text(media.preview_image),
            previewVideo: text(media.preview_video),
            previewAudio: text(media.preview_audio),
            screenshots: texts(media.screenshots),
          },
    price: price == null ? null : { regular: price.regular as number, extended: price.extended as number },
    currency: text(raw.currency),
    publishedAt: text(raw.published_at),
  };
}

export const accountSchema = z
  .object({
    name: z.object({ firstname: opt, lastname: opt, full_name: opt }).nullish(),
    username: z.string(),
    email: opt,
    balance: z.coerce.number().nullish(),
    currency: opt,
    profile: z
      .object({
        heading: opt,
        description: opt,
        contact: z.object({ email: opt }).nullish(),
        social_links: z.record(z.string(), z.string()).nullish(),
        media: z.object({ avatar: opt, cover: opt }).nullish(),
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
  .object({
    purchase_code: z.string(),
    license_type: z.string(),
    price: z.coerce.number(),
    currency: z.string(),
    item: oneItem(),
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

export const errorEnvelope = z.object({ status: z.literal('error'), msg: z.string() });
export const accountEnvelope = z.object({ status: z.literal('success'), data: accountSchema });
export const itemsEnvelope = z.object({ status: z.literal('success'), items: itemList() });
export const itemEnvelope = z.object({ status: z.literal('success'), item: oneItem() });
export const purchaseEnvelope = z.object({ status: z.literal('success'), data: z.object({ purchase: purchaseSchema }) });

/** The `msg` values of `items-api.md` section 7 that the gateway reads as answers. */
export const ITEMS_MESSAGES = {
  invalidRequest: 'Invalid request',
  noItems: 'No items found',
  itemNotFound: 'Item Not Found',
  invalidPurchaseCode: 'Invalid purchase code',
} as const;
