/** Item store: the account, items, purchases, and `Item.demoReports` (website analysis). */
import type { AccountShape, ItemShape, PurchaseShape } from '../src/upstreams/items/map.js';
import * as resolve from '../resolvers/items.js';
import { builder } from './builder.js';
import { SeoReport } from './seo.js';
import { costing, upstream, via } from './upstream-docs.js';
import { upstreamField } from './upstream-field.js';
import { itemsOperations as ops } from '../src/upstreams/items/operations.js';
import { MAX_SCAN_PAGES } from '../src/upstreams/paging.js';

type ItemMediaShape = NonNullable<ItemShape['media']>;
type ProfileShape = NonNullable<AccountShape['profile']>;
type PurchaseValidationShape = { valid: boolean; purchase: PurchaseShape | null; reason: string | null };

export const ItemPrice = builder.objectRef<{ regular: number; extended: number }>('ItemPrice').implement({
  fields: (t) => ({
    regular: t.exposeFloat('regular', { nullable: false, description: 'Regular-license price.' }),
    extended: t.exposeFloat('extended', { nullable: false, description: 'Extended-license price.' }),
  }),
});

export const ItemMedia = builder.objectRef<ItemMediaShape>('ItemMedia').implement({
  fields: (t) => ({
    thumbnail: t.exposeString('thumbnail'),
    previewImage: t.exposeString('previewImage', { description: 'Absent for audio items.' }),
    previewVideo: t.exposeString('previewVideo', { description: 'Video items only.' }),
    previewAudio: t.exposeString('previewAudio', { description: 'Audio items only.' }),
    screenshots: t.exposeStringList('screenshots'),
  }),
});

export const Item = builder.objectRef<ItemShape>('Item');
export const Purchase = builder.objectRef<PurchaseShape>('Purchase').implement({
  fields: (t) => ({
    purchaseCode: t.exposeString('purchaseCode', { nullable: false }),
    licenseType: t.exposeString('licenseType', { nullable: false }),
    price: t.exposeFloat('price', { nullable: false }),
    currency: t.exposeString('currency', { nullable: false }),
    item: t.expose('item', { type: Item, nullable: false }),
    supportedUntil: t.expose('supportedUntil', {
      type: 'DateTime',
      description: 'Absent when support is disabled or the purchase is unsupported.',
    }),
    downloaded: t.exposeBoolean('downloaded', { nullable: false }),
    date: t.expose('date', { type: 'DateTime', nullable: false }),
  }),
});

export const PurchaseValidation = builder.objectRef<PurchaseValidationShape>('PurchaseValidation').implement({
  description: 'An invalid code is an answer, not an error: valid false with the reason.',
  fields: (t) => ({
    valid: t.exposeBoolean('valid', { nullable: false }),
    purchase: t.expose('purchase', { type: Purchase }),
    reason: t.exposeString('reason'),
  }),
});

Item.implement({
  description: 'An item sold in the item store.',
  fields: (t) => ({
    id: t.exposeID('id', { nullable: false }),
    name: t.exposeString('name', { nullable: false }),
    description: t.exposeString('description'),
    category: t.exposeString('category'),
    subCategory: t.exposeString('subCategory'),
    options: t.exposeStringList('options'),
    version: t.exposeString('version'),
    demoLink: t.exposeString('demoLink'),
    tags: t.exposeStringList('tags'),
    // Exposed rather than resolved: a field with no resolver is a property read under graphql-jit, where
    // a resolver costs an info object, a path and an arguments object per item (a 5,000-item list).
    media: t.expose('media', { type: ItemMedia, nullable: true }),
    price: t.expose('price', { type: ItemPrice, nullable: true }),
    currency: t.exposeString('currency'),
    publishedAt: t.expose('publishedAt', { type: 'DateTime', nullable: true }),
    purchase: t.field({
      type: PurchaseValidation,
      ...via.items('validatePurchase', 'Valid only if the code is a purchase of this item.'),
      args: { code: t.arg.string({ required: true }) },
      resolve: resolve.itemPurchase,
    }),
    demoReports: t.field({
      type: [SeoReport],
      // resolvers/seo.ts reportsForUrl scans report pages until it has `first` exact matches.
      ...costing(
        via.seo('listReports', 'Website-analysis reports whose url equals demoLink exactly (needs X-Seo-Api-Key).'),
        MAX_SCAN_PAGES,
      ),
      args: { first: t.arg.int({ description: 'At most this many, 0 to 100 (default 10).' }) },
      resolve: resolve.itemDemoReports,
    }),
  }),
});

export const PersonName = builder.objectRef<NonNullable<AccountShape['name']>>('PersonName').implement({
  fields: (t) => ({ firstName: t.exposeString('firstName'), lastName: t.exposeString('lastName'), fullName: t.exposeString('fullName') }),
});

export const SocialLink = builder.objectRef<{ network: string; url: string }>('SocialLink').implement({
  fields: (t) => ({ network: t.exposeString('network', { nullable: false }), url: t.exposeString('url', { nullable: false }) }),
});

export const AccountProfile = builder.objectRef<ProfileShape>('AccountProfile').implement({
  fields: (t) => ({
    heading: t.exposeString('heading'),
    description: t.exposeString('description'),
    contactEmail: t.exposeString('contactEmail'),
    socialLinks: t.expose('socialLinks', { type: [SocialLink] }),
    avatar: t.exposeString('avatar'),
    cover: t.exposeString('cover'),
  }),
});

export const ItemsAccount = builder.objectRef<AccountShape>('ItemsAccount').implement({
  description: 'The item-store account the API key belongs to.',
  fields: (t) => ({
    username: t.exposeString('username', { nullable: false }),
    email: t.exposeString('email'),
    balance: t.exposeFloat('balance'),
    currency: t.exposeString('currency'),
    registeredAt: t.expose('registeredAt', { type: 'DateTime' }),
    name: t.expose('name', { type: PersonName }),
    profile: t.expose('profile', { type: AccountProfile }),
  }),
});

builder.queryFields((t) => ({
  itemsAccount: upstreamField(t, ops.accountDetails, { type: ItemsAccount, key: () => ({}) }),
  items: upstreamField(t, ops.listItems, { type: [Item], key: () => ({}) }),
  item: t.field({
    type: Item,
    ...upstream.items('showItem', 'Many item(id) in one request share one GET /items/all above ITEMS_BATCH_THRESHOLD.'),
    args: { id: t.arg.id({ required: true }) },
    resolve: resolve.item,
  }),
  validatePurchase: t.field({
    type: PurchaseValidation,
    ...upstream.items('validatePurchase'),
    args: { code: t.arg.string({ required: true }) },
    resolve: resolve.validatePurchase,
  }),
}));
