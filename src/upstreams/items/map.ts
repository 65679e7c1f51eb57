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
export const itemsEnvelope = z.looseObject({ status: z.literal('success'), items: z.array(itemSchema) });
export const itemEnvelope = z.looseObject({ status: z.literal('success'), item: itemSchema });
export const purchaseEnvelope = z.looseObject({ status: z.literal('success'), data: z.looseObject({ purchase: purchaseSchema }) });

/** The `msg` values of `items-api.md` section 7 that the gateway reads as answers. */
export const ITEMS_MESSAGES = {
  invalidRequest: 'Invalid request',
  noItems: 'No items found',
  itemNotFound: 'Item Not Found',
  invalidPurchaseCode: 'Invalid purchase code',
} as const;
