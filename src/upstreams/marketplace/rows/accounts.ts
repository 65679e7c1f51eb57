/**
 * Marketplace rows: the service itself, mobile sign-in, reference data, users and sellers.
 * A part of the one marketplace table (../operations.ts), in the document's order.
 */
import { list, one, page, raw, row, type Primes } from '../../operations.js';
import * as map from '../map.js';
import { json, filtered, unread, MARKETPLACE_PAGE_SIZES } from './inputs.js';

/**
 * A mobile order sent with its deliveries and revisions (the single view sends them, a listed one may
 * not) answers the order's own two reads, by its uuid, for the rest of the request.
 */
const orderParts: ReadonlyArray<Primes<map.MobileOrderShape, unknown>> = [
  { row: 'ordersDeliveries', items: (order) => (order.deliveries ? [order.deliveries] : []), key: (_, order) => ({ uuid: order.id }) },
  { row: 'ordersRevisions', items: (order) => (order.revisions ? [order.revisions] : []), key: (_, order) => ({ uuid: order.id }) },
];

export const accountRows = {
  health: row({ method: 'GET', path: '/health', scope: null, success: 200 }, unread),
  themeShow: row({ method: 'GET', path: '/theme', scope: null, success: 200 }, one(map.themeSchema, 'theme')),
  openapi: row({ method: 'GET', path: '/openapi.json', scope: null, success: 200 }, raw(map.openapiSchema, 'API description')),
  mobileLogin: row({ method: 'POST', path: '/mobile/login', scope: null, success: 200 }, one(map.tokenPairSchema, 'token pair'), {
    input: json,
  }),
  mobileRegister: row({ method: 'POST', path: '/mobile/register', scope: null, success: 201 }, one(map.tokenPairSchema, 'token pair'), {
    input: json,
  }),
  mobileRefresh: row({ method: 'POST', path: '/mobile/refresh', scope: null, success: 200 }, one(map.tokenPairSchema, 'token pair'), {
    input: json,
  }),
  mobileForgot: row(
    { method: 'POST', path: '/mobile/forgot-password', scope: null, success: 200 },
    one(map.passwordResetSchema, 'password reset answer'),
    { input: json },
  ),
  // Greets a signed-in caller by name and lists their recent gigs and active orders.
  mobileHome: row(
    { method: 'GET', path: '/mobile/home', scope: null, success: 200, personalised: true },
    one(map.mobileHomeSchema, 'mobile home'),
    {
      primes: {
        row: 'gigsShow',
        items: (home) => [...home.featuredGigs, ...home.newGigs, ...home.recentGigs],
        key: (gig) => ({ slug: gig.slug }),
      },
    },
  ),
  mobileOrdersIndex: row(
    { method: 'GET', path: '/mobile/orders', scope: 'orders.read', success: 200 },
    page(map.mobileOrderSchema, 'order'),
    { pageSizes: MARKETPLACE_PAGE_SIZES, primes: orderParts },
  ),
  mobileOrdersShow: row(
    { method: 'GET', path: '/mobile/orders/{uuid}', scope: 'orders.read', success: 200 },
    one(map.mobileOrderSchema, 'order'),
    { subject: ({ uuid }) => `order '${uuid}'`, primes: orderParts },
  ),
  localeShow: row({ method: 'GET', path: '/locale', scope: null, success: 200 }, one(map.localeSchema, 'locale')),
  languagesIndex: row({ method: 'GET', path: '/languages', scope: null, success: 200 }, list(map.languageSchema, 'language')),
  currenciesIndex: row({ method: 'GET', path: '/currencies', scope: null, success: 200 }, list(map.currencySchema, 'currency')),
  countriesIndex: row({ method: 'GET', path: '/countries', scope: null, success: 200 }, list(map.countrySchema, 'country')),
  categoriesIndex: row({ method: 'GET', path: '/categories', scope: null, success: 200 }, list(map.categorySchema, 'category')),
  me: row({ method: 'GET', path: '/me', scope: 'users.read', success: 200 }, one(map.userSchema, 'user')),
  usersShow: row({ method: 'GET', path: '/users/{username}', scope: null, success: 200 }, one(map.userSchema, 'user'), {
    subject: ({ username }) => `user '${username}'`,
  }),
  sellersIndex: row(
    { method: 'GET', path: '/sellers', scope: null, referenceScope: 'sellers.read', success: 200 },
    page(map.sellerSchema, 'seller'),
    { pageSizes: MARKETPLACE_PAGE_SIZES, primes: { row: 'sellersShow', key: (seller) => ({ username: seller.username }) } },
  ),
  sellersShow: row({ method: 'GET', path: '/sellers/{username}', scope: null, success: 200 }, one(map.sellerSchema, 'seller'), {
    subject: ({ username }) => `seller '${username}'`,
  }),
  sellersProfile: row(
    { method: 'GET', path: '/sellers/{username}/profile', scope: null, success: 200 },
    one(map.sellerProfileSchema, 'seller profile'),
    { subject: ({ username }) => `seller '${username}'` },
  ),
  sellersPortfolio: row(
    { method: 'GET', path: '/sellers/{username}/portfolio', scope: null, success: 200 },
    list(map.portfolioProjectSchema, 'portfolio project'),
    { subject: ({ username }) => `seller '${username}'` },
  ),
  sellersPortfolioShow: row(
    { method: 'GET', path: '/sellers/{username}/portfolio/{project}', scope: null, success: 200 },
    one(map.portfolioProjectSchema, 'portfolio project'),
    { subject: ({ username, project }) => `portfolio project '${project}' of seller '${username}'` },
  ),
  sellersAvailability: row(
    { method: 'GET', path: '/sellers/{username}/availability', scope: null, success: 200 },
    one(map.sellerAvailabilitySchema, 'seller availability'),
    { subject: ({ username }) => `seller '${username}'` },
  ),
  sellersTestimonials: row(
    { method: 'GET', path: '/sellers/{username}/testimonials', scope: null, success: 200 },
    list(map.testimonialSchema, 'testimonial'),
    { subject: ({ username }) => `seller '${username}'` },
  ),
  savedStudios: row({ method: 'GET', path: '/saved-studios', scope: 'sellers.read', success: 200 }, page(map.sellerSchema, 'seller'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    primes: { row: 'sellersShow', key: (seller) => ({ username: seller.username }) },
  }),
  sellerFavorite: row(
    { method: 'POST', path: '/sellers/{username}/favorite', scope: 'sellers.write', success: 200 },
    one(map.savedStudioSchema, 'saved studio'),
    { subject: ({ username }) => `seller '${username}'` },
  ),
  sellerUnfavorite: row(
    { method: 'DELETE', path: '/sellers/{username}/favorite', scope: 'sellers.write', success: 200 },
    one(map.savedStudioSchema, 'saved studio'),
    { subject: ({ username }) => `seller '${username}'` },
  ),
  sellerGrowth: row(
    { method: 'GET', path: '/seller/growth', scope: 'analytics.read', success: 200 },
    one(map.sellerGrowthSchema, 'seller growth'),
    { input: filtered },
  ),
  sellerLeads: row(
    { method: 'GET', path: '/seller/leads', scope: 'analytics.read', success: 200 },
    page(map.buyerRequestSchema, 'buyer request'),
    { pageSizes: MARKETPLACE_PAGE_SIZES },
  ),
  analyticsConversion: row(
    { method: 'GET', path: '/analytics/conversion', scope: 'analytics.read', success: 200 },
    one(map.conversionSchema, 'conversion analytics'),
  ),
};
