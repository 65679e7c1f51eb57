/**
 * Every marketplace operation of `marketplace-api.md` section 4, by operation
 * id: the document's row (method, path, scope, status) and how the gateway
 * calls it (its arguments, envelope, schema and page sizes). The client sends
 * requests and checks credentials from this table (`call(descriptor, args)`),
 * the schema cites it in `Upstream:` lines, and a test compares it with the
 * document so the two cannot drift.
 */
import { z } from 'zod';
import { input, list, one, page, raw, row, table, type QueryValues } from '../operations.js';
import type { UploadBody } from '../call.js';
import { MAX_FIRST } from '../paging.js';
import * as map from './map.js';

/** Marketplace lists take any per_page from 1 to 100. */
const MARKETPLACE_PAGE_SIZES = { max: MAX_FIRST } as const;

/** A JSON request body (snake_case keys, as resolvers/body.ts builds it). */
const json = input<{ body: Record<string, unknown> }>();
/** A JSON body, or a multipart upload (media and offer attachments). */
const jsonOrUpload = input<{ body: Record<string, unknown> } | { upload: UploadBody }>();
/** Query filters, in the upstream's names. */
const filtered = input<{ query: QueryValues }>();
/** A row the gateway documents but never reads (the service's health check). */
const unread = raw(z.unknown(), 'answer');

export const marketplaceOperations = table('marketplace', {
  health: row({ method: 'GET', path: '/health', scope: null, success: 200 }, unread),
  themeShow: row({ method: 'GET', path: '/theme', scope: null, success: 200 }, one(map.themeSchema, 'theme')),
  openapi: row({ method: 'GET', path: '/openapi.json', scope: null, success: 200 }, raw(map.openapiSchema, 'API description')),
  mobileLogin: row({ method: 'POST', path: '/mobile/login', scope: null, success: 200 }, one(map.tokenPairSchema, 'token pair'), { input: json }),
  mobileRegister: row({ method: 'POST', path: '/mobile/register', scope: null, success: 201 }, one(map.tokenPairSchema, 'token pair'), { input: json }),
  mobileRefresh: row({ method: 'POST', path: '/mobile/refresh', scope: null, success: 200 }, one(map.tokenPairSchema, 'token pair'), { input: json }),
  mobileForgot: row({ method: 'POST', path: '/mobile/forgot-password', scope: null, success: 200 }, one(map.passwordResetSchema, 'password reset answer'), { input: json }),
  // Greets a signed-in caller by name and lists their recent gigs and active orders.
  mobileHome: row({ method: 'GET', path: '/mobile/home', scope: null, success: 200, personalised: true }, one(map.mobileHomeSchema, 'mobile home')),
  mobileOrdersIndex: row({ method: 'GET', path: '/mobile/orders', scope: 'orders.read', success: 200 }, page(map.mobileOrderSchema, 'order'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  mobileOrdersShow: row({ method: 'GET', path: '/mobile/orders/{uuid}', scope: 'orders.read', success: 200 }, one(map.mobileOrderSchema, 'order'), { subject: ({ uuid }) => `order '${uuid}'` }),
  localeShow: row({ method: 'GET', path: '/locale', scope: null, success: 200 }, one(map.localeSchema, 'locale')),
  languagesIndex: row({ method: 'GET', path: '/languages', scope: null, success: 200 }, list(map.languageSchema, 'language')),
  currenciesIndex: row({ method: 'GET', path: '/currencies', scope: null, success: 200 }, list(map.currencySchema, 'currency')),
  countriesIndex: row({ method: 'GET', path: '/countries', scope: null, success: 200 }, list(map.countrySchema, 'country')),
  categoriesIndex: row({ method: 'GET', path: '/categories', scope: null, success: 200 }, list(map.categorySchema, 'category')),
  me: row({ method: 'GET', path: '/me', scope: 'users.read', success: 200 }, one(map.userSchema, 'user')),
  usersShow: row({ method: 'GET', path: '/users/{username}', scope: null, success: 200 }, one(map.userSchema, 'user'), { subject: ({ username }) => `user '${username}'` }),
  sellersIndex: row({ method: 'GET', path: '/sellers', scope: null, referenceScope: 'sellers.read', success: 200 }, page(map.sellerSchema, 'seller'), { pageSizes: MARKETPLACE_PAGE_SIZES, primes: { row: 'sellersShow', key: (seller) => ({ username: seller.username }) } }),
  sellersShow: row({ method: 'GET', path: '/sellers/{username}', scope: null, success: 200 }, one(map.sellerSchema, 'seller'), { subject: ({ username }) => `seller '${username}'` }),
  sellersProfile: row({ method: 'GET', path: '/sellers/{username}/profile', scope: null, success: 200 }, one(map.sellerProfileSchema, 'seller profile'), { subject: ({ username }) => `seller '${username}'` }),
  sellersPortfolio: row({ method: 'GET', path: '/sellers/{username}/portfolio', scope: null, success: 200 }, list(map.portfolioProjectSchema, 'portfolio project'), { subject: ({ username }) => `seller '${username}'` }),
  sellersPortfolioShow: row({ method: 'GET', path: '/sellers/{username}/portfolio/{project}', scope: null, success: 200 }, one(map.portfolioProjectSchema, 'portfolio project'), { subject: ({ username, project }) => `portfolio project '${project}' of seller '${username}'` }),
  sellersAvailability: row({ method: 'GET', path: '/sellers/{username}/availability', scope: null, success: 200 }, one(map.sellerAvailabilitySchema, 'seller availability'), { subject: ({ username }) => `seller '${username}'` }),
  sellersTestimonials: row({ method: 'GET', path: '/sellers/{username}/testimonials', scope: null, success: 200 }, list(map.testimonialSchema, 'testimonial'), { subject: ({ username }) => `seller '${username}'` }),
  savedStudios: row({ method: 'GET', path: '/saved-studios', scope: 'sellers.read', success: 200 }, page(map.sellerSchema, 'seller'), { pageSizes: MARKETPLACE_PAGE_SIZES, primes: { row: 'sellersShow', key: (seller) => ({ username: seller.username }) } }),
  sellerFavorite: row({ method: 'POST', path: '/sellers/{username}/favorite', scope: 'sellers.write', success: 200 }, one(map.savedStudioSchema, 'saved studio'), { subject: ({ username }) => `seller '${username}'` }),
  sellerUnfavorite: row({ method: 'DELETE', path: '/sellers/{username}/favorite', scope: 'sellers.write', success: 200 }, one(map.savedStudioSchema, 'saved studio'), { subject: ({ username }) => `seller '${username}'` }),
  sellerGrowth: row({ method: 'GET', path: '/seller/growth', scope: 'analytics.read', success: 200 }, one(map.sellerGrowthSchema, 'seller growth'), { input: filtered }),
  sellerLeads: row({ method: 'GET', path: '/seller/leads', scope: 'analytics.read', success: 200 }, page(map.buyerRequestSchema, 'buyer request'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  analyticsConversion: row({ method: 'GET', path: '/analytics/conversion', scope: 'analytics.read', success: 200 }, one(map.conversionSchema, 'conversion analytics')),
  gigsIndex: row({ method: 'GET', path: '/gigs', scope: null, referenceScope: 'gigs.read', success: 200 }, page(map.gigSchema, 'gig'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered, primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) } }),
  gigsShow: row({ method: 'GET', path: '/gigs/{slug}', scope: null, success: 200 }, one(map.gigSchema, 'gig'), { subject: ({ slug }) => `gig '${slug}'` }),
  gigsPricing: row({ method: 'GET', path: '/gigs/{slug}/pricing', scope: null, success: 200 }, one(map.gigPricingSchema, 'gig pricing'), { subject: ({ slug }) => `gig '${slug}'` }),
  gigsQuote: row({ method: 'POST', path: '/gigs/{slug}/quote', scope: null, success: 200 }, one(map.gigQuoteSchema, 'quote'), { subject: ({ slug }) => `gig '${slug}'`, input: json }),
  favoritesIndex: row({ method: 'GET', path: '/favorites', scope: 'gigs.read', success: 200 }, page(map.gigSchema, 'gig'), { pageSizes: MARKETPLACE_PAGE_SIZES, primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) } }),
  favoritesToggle: row({ method: 'POST', path: '/gigs/{slug}/favorite', scope: 'gigs.write', success: 200 }, one(map.gigFavoriteSchema, 'favorite'), { subject: ({ slug }) => `gig '${slug}'` }),
  reviewsGig: row({ method: 'GET', path: '/gigs/{slug}/reviews', scope: null, success: 200 }, page(map.reviewSchema, 'review'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    subject: ({ slug }) => `gig '${slug}'`,
    // Reviews are listed only per gig, and a review's global id names its gig: one sent without its gig gets it here.
    complete: (review, { slug }) => (review.gigSlug ? review : { ...review, gigSlug: slug }),
  }),
  reviewsStore: row({ method: 'POST', path: '/orders/{uuid}/reviews', scope: 'reviews.write', success: 201 }, one(map.reviewSchema, 'review'), { subject: ({ uuid }) => `order '${uuid}'`, input: json }),
  recommendations: row({ method: 'GET', path: '/recommendations', scope: 'gigs.read', success: 200 }, page(map.gigSchema, 'gig'), { pageSizes: MARKETPLACE_PAGE_SIZES, primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) } }),
  recentViews: row({ method: 'GET', path: '/recent', scope: 'gigs.read', success: 200 }, list(map.gigSchema, 'gig'), { primes: { row: 'gigsShow', key: (gig) => ({ slug: gig.slug }) } }),
  searchSuggestions: row({ method: 'GET', path: '/search/suggestions', scope: null, success: 200 }, list(map.searchSuggestionSchema, 'search suggestion'), { input: filtered }),
  collectionsIndex: row({ method: 'GET', path: '/collections', scope: 'gigs.read', success: 200 }, page(map.gigCollectionSchema, 'collection'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  collectionsStore: row({ method: 'POST', path: '/collections', scope: 'gigs.write', success: 201 }, one(map.gigCollectionSchema, 'collection'), { input: json }),
  savedSearchesIndex: row({ method: 'GET', path: '/saved-searches', scope: 'gigs.read', success: 200 }, page(map.savedSearchSchema, 'saved search'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  ordersIndex: row({ method: 'GET', path: '/orders', scope: 'orders.read', success: 200 }, page(map.orderSchema, 'order'), { pageSizes: MARKETPLACE_PAGE_SIZES, primes: { row: 'ordersShow', key: (order) => ({ uuid: order.id }) } }),
  ordersStore: row({ method: 'POST', path: '/orders', scope: 'orders.write', success: 201 }, one(map.orderSchema, 'order'), { input: json }),
  ordersShow: row({ method: 'GET', path: '/orders/{uuid}', scope: 'orders.read', success: 200 }, one(map.orderSchema, 'order'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersCountdown: row({ method: 'GET', path: '/orders/{uuid}/countdown', scope: 'orders.read', success: 200 }, one(map.orderCountdownSchema, 'order countdown'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersExtensionsIndex: row({ method: 'GET', path: '/orders/{uuid}/extensions', scope: 'orders.read', success: 200 }, list(map.orderExtensionSchema, 'extension'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersExtensionsStore: row({ method: 'POST', path: '/orders/{uuid}/extensions', scope: 'orders.write', success: 201 }, one(map.orderExtensionSchema, 'extension'), { subject: ({ uuid }) => `order '${uuid}'`, input: json }),
  ordersExtensionsRespond: row({ method: 'POST', path: '/orders/{uuid}/extensions/{extensionUuid}/respond', scope: 'orders.write', success: 200 }, one(map.orderExtensionSchema, 'extension'), { subject: ({ uuid, extensionUuid }) => `extension '${extensionUuid}' of order '${uuid}'`, input: json }),
  ordersTimeline: row({ method: 'GET', path: '/orders/{uuid}/timeline', scope: 'orders.read', success: 200 }, list(map.orderTimelineEventSchema, 'timeline event'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersDeliveries: row({ method: 'GET', path: '/orders/{uuid}/deliveries', scope: 'orders.read', success: 200 }, list(map.deliverySchema, 'delivery'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersRevisions: row({ method: 'GET', path: '/orders/{uuid}/revisions', scope: 'orders.read', success: 200 }, list(map.revisionSchema, 'revision'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersFiles: row({ method: 'GET', path: '/orders/{uuid}/files', scope: 'orders.read', success: 200 }, list(map.orderFileSchema, 'order file'), { subject: ({ uuid }) => `order '${uuid}'` }),
  reordersIndex: row({ method: 'GET', path: '/reorders', scope: 'orders.read', success: 200 }, page(map.cartEntrySchema, 'cart entry'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  ordersReorder: row({ method: 'POST', path: '/orders/{uuid}/reorder', scope: 'orders.write', success: 201 }, one(map.cartEntrySchema, 'cart entry'), { subject: ({ uuid }) => `order '${uuid}'`, input: json }),
  requestsIndex: row({ method: 'GET', path: '/requests', scope: 'orders.read', success: 200 }, page(map.buyerRequestSchema, 'buyer request'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  requestsStore: row({ method: 'POST', path: '/requests', scope: 'orders.write', success: 201 }, one(map.buyerRequestSchema, 'buyer request'), { input: json }),
  requestBoard: row({ method: 'GET', path: '/requests/board', scope: null, success: 200 }, page(map.buyerRequestSchema, 'buyer request'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  requestPropose: row({ method: 'POST', path: '/requests/{uuid}/proposals', scope: 'gigs.write', success: 201 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `request '${uuid}'`, input: json }),
  proposalsIndex: row({ method: 'GET', path: '/proposals', scope: 'gigs.read', success: 200 }, page(map.proposalSchema, 'proposal'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  proposalsShortlist: row({ method: 'POST', path: '/proposals/{uuid}/shortlist', scope: 'orders.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsCounter: row({ method: 'POST', path: '/proposals/{uuid}/counter', scope: 'orders.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsReject: row({ method: 'POST', path: '/proposals/{uuid}/reject', scope: 'orders.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsWithdraw: row({ method: 'POST', path: '/proposals/{uuid}/withdraw', scope: 'gigs.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsAcceptCounter: row({ method: 'POST', path: '/proposals/{uuid}/accept-counter', scope: 'gigs.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsAccept: row({ method: 'POST', path: '/proposals/{uuid}/accept', scope: 'orders.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  offersIndex: row({ method: 'GET', path: '/offers', scope: 'offers.read', success: 200 }, page(map.offerSchema, 'offer'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered, primes: { row: 'offersShow', key: (offer) => ({ uuid: offer.id }) } }),
  offersStore: row({ method: 'POST', path: '/offers', scope: 'offers.write', success: 201 }, one(map.offerSchema, 'offer'), { input: json }),
  offersShow: row({ method: 'GET', path: '/offers/{uuid}', scope: 'offers.read', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'` }),
  offersCounter: row({ method: 'POST', path: '/offers/{uuid}/counter', scope: 'offers.write', success: 201 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: json }),
  offersAccept: row({ method: 'POST', path: '/offers/{uuid}/accept', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: json }),
  offersDecline: row({ method: 'POST', path: '/offers/{uuid}/decline', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: json }),
  offersCancel: row({ method: 'POST', path: '/offers/{uuid}/cancel', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: json }),
  offersAttach: row({ method: 'POST', path: '/offers/{uuid}/attachments', scope: 'offers.write', success: 201 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: jsonOrUpload }),
  offersRemoveAttachment: row({ method: 'DELETE', path: '/offers/{uuid}/attachments/{media}', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid, media }) => `attachment '${media}' of offer '${uuid}'` }),
  conversationsIndex: row({ method: 'GET', path: '/conversations', scope: 'messages.read', success: 200 }, page(map.conversationSchema, 'conversation'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  conversationsTyping: row({ method: 'POST', path: '/conversations/{uuid}/typing', scope: 'messages.write', success: 200 }, one(map.typingSchema, 'typing indicator'), { subject: ({ uuid }) => `conversation '${uuid}'`, input: json }),
  conversationsPresence: row({ method: 'GET', path: '/conversations/{uuid}/presence', scope: 'messages.read', success: 200 }, one(map.presenceSchema, 'presence'), { subject: ({ uuid }) => `conversation '${uuid}'` }),
  messagesReact: row({ method: 'POST', path: '/messages/{uuid}/reactions', scope: 'messages.write', success: 200 }, one(map.messageSchema, 'message'), { subject: ({ uuid }) => `message '${uuid}'`, input: json }),
  notificationsIndex: row({ method: 'GET', path: '/notifications', scope: 'notifications.read', success: 200 }, page(map.notificationSchema, 'notification'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  walletShow: row({ method: 'GET', path: '/wallet', scope: 'payments.read', success: 200 }, one(map.walletSchema, 'wallet')),
  aiSummary: row({ method: 'GET', path: '/ai/summary', scope: 'ai.read', success: 200 }, one(map.aiSummarySchema, 'AI summary')),
  aiGenerate: row({ method: 'POST', path: '/ai/generate', scope: 'ai.write', success: 201 }, one(map.aiRequestSchema, 'AI request'), { input: json }),
  aiRequest: row({ method: 'GET', path: '/ai/requests/{uuid}', scope: 'ai.read', success: 200 }, one(map.aiRequestSchema, 'AI request'), { subject: ({ uuid }) => `AI request '${uuid}'` }),
  aiCancel: row({ method: 'POST', path: '/ai/requests/{uuid}/cancel', scope: 'ai.write', success: 200 }, one(map.aiRequestSchema, 'AI request'), { subject: ({ uuid }) => `AI request '${uuid}'` }),
  aiRecommendations: row({ method: 'GET', path: '/ai/recommendations', scope: 'ai.read', success: 200 }, list(map.aiRecommendationSchema, 'AI recommendation')),
  aiSearch: row({ method: 'POST', path: '/ai/search', scope: 'ai.read', success: 200 }, one(map.aiSearchSchema, 'AI search'), { input: json }),
  aiFeedback: row({ method: 'POST', path: '/ai/requests/{uuid}/feedback', scope: 'ai.write', success: 200 }, one(map.aiRequestSchema, 'AI request'), { subject: ({ uuid }) => `AI request '${uuid}'`, input: json }),
  aiMessageDraft: row({ method: 'POST', path: '/ai/messages/draft', scope: 'ai.write', success: 200 }, one(map.aiMessageDraftSchema, 'message draft'), { input: json }),
  promotionProducts: row({ method: 'GET', path: '/promotion-products', scope: null, success: 200 }, list(map.promotionProductSchema, 'promotion product')),
  sponsoredPlacements: row({ method: 'GET', path: '/sponsored', scope: null, success: 200 }, list(map.sponsoredPlacementSchema, 'sponsored placement'), { input: filtered }),
  // Primes nothing: its campaigns carry no analytics, which sellerAdvertisingShow's do.
  sellerAdvertisingIndex: row({ method: 'GET', path: '/seller/advertising', scope: 'advertising.read', success: 200 }, page(map.adCampaignSchema, 'campaign'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  sellerAdvertisingStore: row({ method: 'POST', path: '/seller/advertising', scope: 'advertising.write', success: 201 }, one(map.adCampaignSchema, 'campaign'), { input: json }),
  sellerAdvertisingShow: row({ method: 'GET', path: '/seller/advertising/{uuid}', scope: 'advertising.read', success: 200 }, one(map.adCampaignSchema, 'campaign'), { subject: ({ uuid }) => `campaign '${uuid}'` }),
  sellerAdvertisingWallet: row({ method: 'GET', path: '/seller/advertising/wallet', scope: 'advertising.read', success: 200 }, one(map.adWalletSchema, 'advertising wallet')),
  sellerAdvertisingDeposit: row({ method: 'POST', path: '/seller/advertising/wallet', scope: 'advertising.write', success: 201 }, one(map.adWalletSchema, 'advertising wallet'), { input: json }),
  // Primes nothing: its customers carry no notes, which sellerCrmShow's do.
  sellerCrmIndex: row({ method: 'GET', path: '/seller/crm', scope: 'crm.read', success: 200 }, page(map.crmCustomerSchema, 'customer'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  sellerCrmStats: row({ method: 'GET', path: '/seller/crm/stats', scope: 'crm.read', success: 200 }, one(map.crmStatsSchema, 'CRM stats')),
  sellerCrmShow: row({ method: 'GET', path: '/seller/crm/{uuid}', scope: 'crm.read', success: 200 }, one(map.crmCustomerSchema, 'customer'), { subject: ({ uuid }) => `customer '${uuid}'` }),
  sellerCrmNote: row({ method: 'POST', path: '/seller/crm/{uuid}/notes', scope: 'crm.write', success: 201 }, one(map.crmNoteSchema, 'CRM note'), { subject: ({ uuid }) => `customer '${uuid}'`, input: json }),
  sellerCrmCampaigns: row({ method: 'GET', path: '/seller/crm/campaigns', scope: 'crm.read', success: 200 }, page(map.retentionCampaignSchema, 'retention campaign'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  sellerCrmCampaignStore: row({ method: 'POST', path: '/seller/crm/campaigns', scope: 'crm.write', success: 201 }, one(map.retentionCampaignSchema, 'retention campaign'), { input: json }),
  sellerFollowIndex: row({ method: 'GET', path: '/following', scope: 'crm.read', success: 200 }, page(map.sellerSchema, 'seller'), { pageSizes: MARKETPLACE_PAGE_SIZES, primes: { row: 'sellersShow', key: (seller) => ({ username: seller.username }) } }),
  sellerFollow: row({ method: 'POST', path: '/sellers/{username}/follow', scope: 'crm.write', success: 200 }, one(map.followSchema, 'follow'), { subject: ({ username }) => `seller '${username}'` }),
  sellerUnfollow: row({ method: 'DELETE', path: '/sellers/{username}/follow', scope: 'crm.write', success: 200 }, one(map.followSchema, 'follow'), { subject: ({ username }) => `seller '${username}'` }),
  mediaIndex: row({ method: 'GET', path: '/media', scope: 'media.read', success: 200 }, page(map.mediaSchema, 'media'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered, primes: { row: 'mediaShow', key: (media) => ({ uuid: media.id }) } }),
  mediaStore: row({ method: 'POST', path: '/media', scope: 'media.write', success: 201 }, one(map.mediaSchema, 'media'), { input: jsonOrUpload }),
  mediaShow: row({ method: 'GET', path: '/media/{uuid}', scope: 'media.read', success: 200 }, one(map.mediaSchema, 'media'), { subject: ({ uuid }) => `media '${uuid}'` }),
  mediaUpdate: row({ method: 'PATCH', path: '/media/{uuid}', scope: 'media.write', success: 200 }, one(map.mediaSchema, 'media'), { subject: ({ uuid }) => `media '${uuid}'`, input: json }),
  mediaDestroy: row({ method: 'DELETE', path: '/media/{uuid}', scope: 'media.write', success: 200 }, one(map.deletedSchema, 'deletion'), { subject: ({ uuid }) => `media '${uuid}'` }),
});

export type MarketplaceOperationId = keyof typeof marketplaceOperations;
