/** Platform reference data, mobile views and seller extras. */
import { z } from 'zod';
import { bool, id, text, num, stamp, strings, graphShape } from '../graph-shape.js';
import { userSchema, gigSchema, orderSchema, deliverySchema, revisionSchema, categorySchema } from './core.js';

// Platform reference data (GET /theme, /locale, /languages, /currencies, /countries).
export const themeSchema = graphShape({ name: text, mode: text, font_family: text, logo_url: text });
export type ThemeShape = z.output<typeof themeSchema>;
export const localeSchema = graphShape({
  locale: z.string(),
  currency: text,
  country: text,
  timezone: text,
  direction: text,
  available_locales: strings,
});
export type LocaleShape = z.output<typeof localeSchema>;
export const languageSchema = graphShape({ code: z.string(), name: text, native_name: text });
export type LanguageShape = z.output<typeof languageSchema>;
export const currencySchema = graphShape({ code: z.string(), name: text, symbol: text, rate: num });
export type CurrencyShape = z.output<typeof currencySchema>;
export const countrySchema = graphShape({ code: z.string(), name: text });
export type CountryShape = z.output<typeof countrySchema>;

// Mobile: home feed, compact order views (an order plus its mobile extras), token pairs.
export const mobileHomeSchema = graphShape({
  greeting: text,
  categories: z
    .array(categorySchema)
    .nullish()
    .transform((v) => v ?? []),
  featured_gigs: z
    .array(gigSchema)
    .nullish()
    .transform((v) => v ?? []),
  new_gigs: z
    .array(gigSchema)
    .nullish()
    .transform((v) => v ?? []),
  recent_gigs: z
    .array(gigSchema)
    .nullish()
    .transform((v) => v ?? []),
  active_orders: num,
});
export type MobileHomeShape = z.output<typeof mobileHomeSchema>;
const mobileOrderExtras = graphShape({
  gig_title: text,
  role: text,
  counterpart_username: text,
  deliveries: z
    .array(deliverySchema)
    .nullish()
    .transform((v) => v ?? null),
  revisions: z
    .array(revisionSchema)
    .nullish()
    .transform((v) => v ?? null),
});
/** The order fields of `orderSchema`, plus what the mobile views add. */
export const mobileOrderSchema = z
  .preprocess((raw) => ({ order: raw, extras: raw }), z.object({ order: orderSchema, extras: mobileOrderExtras }))
  .transform(({ order, extras }) => ({ ...extras, ...order }));
export type MobileOrderShape = z.output<typeof mobileOrderSchema>;
export const tokenPairSchema = graphShape({
  access_token: z.string(),
  refresh_token: text,
  token_type: text,
  expires_in: num,
  user: userSchema.nullish().transform((v) => v ?? null),
});
export type TokenPairShape = z.output<typeof tokenPairSchema>;
export const passwordResetSchema = graphShape({ sent: bool, message: text });
export type PasswordResetShape = z.output<typeof passwordResetSchema>;

// Seller extras: profile, portfolio, availability, testimonials, saved studios, analytics.
export const sellerProfileSchema = graphShape({
  bio: text,
  skills: strings,
  response_time_hours: num,
  completed_orders: num,
  on_time_rate: num,
  followers_count: num,
  portfolio_count: num,
});
export type SellerProfileShape = z.output<typeof sellerProfileSchema>;
export const portfolioProjectSchema = graphShape({
  slug: z.string(),
  seller_username: text,
  title: text,
  description: text,
  cover_url: text,
  gig_slug: text,
  tags: strings,
  created_at: stamp,
});
export type PortfolioProjectShape = z.output<typeof portfolioProjectSchema>;
export const sellerAvailabilitySchema = graphShape({
  status: text,
  accepting_orders: bool,
  response_time_hours: num,
  active_orders: num,
  next_available_at: stamp,
});
export type SellerAvailabilityShape = z.output<typeof sellerAvailabilitySchema>;
export const testimonialSchema = graphShape({ id, author_name: text, company: text, quote: text, status: text, created_at: stamp });
export type TestimonialShape = z.output<typeof testimonialSchema>;
export const savedStudioSchema = graphShape({ seller_username: z.string(), favorited: z.boolean() });
export const sellerGrowthSchema = graphShape({
  period_days: num,
  orders: num,
  revenue: num,
  currency: text,
  repeat_buyers: num,
  series: z
    .array(graphShape({ week_start: stamp, orders: num, revenue: num }))
    .nullish()
    .transform((v) => v ?? []),
});
export type SellerGrowthShape = z.output<typeof sellerGrowthSchema>;
export const conversionSchema = graphShape({
  views: num,
  orders: num,
  conversion_rate: num,
  gigs: z
    .array(graphShape({ gig_slug: z.string(), views: num, orders: num, conversion_rate: num }))
    .nullish()
    .transform((v) => v ?? []),
});
export type ConversionShape = z.output<typeof conversionSchema>;
