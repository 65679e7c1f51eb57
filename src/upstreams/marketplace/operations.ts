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
  health: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/health', scope: null, success: 200 }, unread),
  themeShow: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/theme', scope: null, success: 200 }, one(map.themeSchema, 'theme')),
  openapi: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/openapi.json', scope: null, success: 200 }, raw(map.openapiSchema, 'API description')),
  mobileLogin: row({ group: 'Platform, mobile, localization', method: 'POST', path: '/mobile/login', scope: null, success: 200 }, one(map.tokenPairSchema, 'token pair'), { input: json }),
  mobileRegister: row({ group: 'Platform, mobile, localization', method: 'POST', path: '/mobile/register', scope: null, success: 201 }, one(map.tokenPairSchema, 'token pair'), { input: json }),
  mobileRefresh: row({ group: 'Platform, mobile, localization', method: 'POST', path: '/mobile/refresh', scope: null, success: 200 }, one(map.tokenPairSchema, 'token pair'), { input: json }),
  mobileForgot: row({ group: 'Platform, mobile, localization', method: 'POST', path: '/mobile/forgot-password', scope: null, success: 200 }, one(map.passwordResetSchema, 'password reset answer'), { input: json }),
  // Greets a signed-in caller by name and lists their recent gigs and active orders.
  mobileHome: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/mobile/home', scope: null, success: 200, personalised: true }, one(map.mobileHomeSchema, 'mobile home')),
  mobileOrdersIndex: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/mobile/orders', scope: 'orders.read', success: 200 }, page(map.mobileOrderSchema, 'order'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  mobileOrdersShow: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/mobile/orders/{uuid}', scope: 'orders.read', success: 200 }, one(map.mobileOrderSchema, 'order'), { subject: ({ uuid }) => `order '${uuid}'` }),
  localeShow: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/locale', scope: null, success: 200 }, one(map.localeSchema, 'locale')),
  languagesIndex: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/languages', scope: null, success: 200 }, list(map.languageSchema, 'language')),
  currenciesIndex: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/currencies', scope: null, success: 200 }, list(map.currencySchema, 'currency')),
  countriesIndex: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/countries', scope: null, success: 200 }, list(map.countrySchema, 'country')),
  categoriesIndex: row({ group: 'Platform, mobile, localization', method: 'GET', path: '/categories', scope: null, success: 200 }, list(map.categorySchema, 'category')),
  me: row({ group: 'Users and sellers', method: 'GET', path: '/me', scope: 'users.read', success: 200 }, one(map.userSchema, 'user')),
  usersShow: row({ group: 'Users and sellers', method: 'GET', path: '/users/{username}', scope: null, success: 200 }, one(map.userSchema, 'user'), { subject: ({ username }) => `user '${username}'` }),
  sellersIndex: row({ group: 'Users and sellers', method: 'GET', path: '/sellers', scope: null, referenceScope: 'sellers.read', success: 200 }, page(map.sellerSchema, 'seller'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  sellersShow: row({ group: 'Users and sellers', method: 'GET', path: '/sellers/{username}', scope: null, success: 200 }, one(map.sellerSchema, 'seller'), { subject: ({ username }) => `seller '${username}'` }),
  sellersProfile: row({ group: 'Users and sellers', method: 'GET', path: '/sellers/{username}/profile', scope: null, success: 200 }, one(map.sellerProfileSchema, 'seller profile'), { subject: ({ username }) => `seller '${username}'` }),
  sellersPortfolio: row({ group: 'Users and sellers', method: 'GET', path: '/sellers/{username}/portfolio', scope: null, success: 200 }, list(map.portfolioProjectSchema, 'portfolio project'), { subject: ({ username }) => `seller '${username}'` }),
  sellersPortfolioShow: row({ group: 'Users and sellers', method: 'GET', path: '/sellers/{username}/portfolio/{project}', scope: null, success: 200 }, one(map.portfolioProjectSchema, 'portfolio project'), { subject: ({ username, project }) => `portfolio project '${project}' of seller '${username}'` }),
  sellersAvailability: row({ group: 'Users and sellers', method: 'GET', path: '/sellers/{username}/availability', scope: null, success: 200 }, one(map.sellerAvailabilitySchema, 'seller availability'), { subject: ({ username }) => `seller '${username}'` }),
  sellersTestimonials: row({ group: 'Users and sellers', method: 'GET', path: '/sellers/{username}/testimonials', scope: null, success: 200, note: 'approved testimonials only' }, list(map.testimonialSchema, 'testimonial'), { subject: ({ username }) => `seller '${username}'` }),
  savedStudios: row({ group: 'Users and sellers', method: 'GET', path: '/saved-studios', scope: 'sellers.read', success: 200 }, page(map.sellerSchema, 'seller'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  sellerFavorite: row({ group: 'Users and sellers', method: 'POST', path: '/sellers/{username}/favorite', scope: 'sellers.write', success: 200 }, one(map.savedStudioSchema, 'saved studio'), { subject: ({ username }) => `seller '${username}'` }),
  sellerUnfavorite: row({ group: 'Users and sellers', method: 'DELETE', path: '/sellers/{username}/favorite', scope: 'sellers.write', success: 200 }, one(map.savedStudioSchema, 'saved studio'), { subject: ({ username }) => `seller '${username}'` }),
  sellerGrowth: row({ group: 'Users and sellers', method: 'GET', path: '/seller/growth', scope: 'analytics.read', success: 200 }, one(map.sellerGrowthSchema, 'seller growth'), { input: filtered }),
  sellerLeads: row({ group: 'Users and sellers', method: 'GET', path: '/seller/leads', scope: 'analytics.read', success: 200 }, page(map.buyerRequestSchema, 'buyer request'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  analyticsConversion: row({ group: 'Users and sellers', method: 'GET', path: '/analytics/conversion', scope: 'analytics.read', success: 200 }, one(map.conversionSchema, 'conversion analytics')),
  gigsIndex: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/gigs', scope: null, referenceScope: 'gigs.read', success: 200, note: 'search' }, page(map.gigSchema, 'gig'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  gigsShow: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/gigs/{slug}', scope: null, success: 200 }, one(map.gigSchema, 'gig'), { subject: ({ slug }) => `gig '${slug}'` }),
  gigsPricing: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/gigs/{slug}/pricing', scope: null, success: 200 }, one(map.gigPricingSchema, 'gig pricing'), { subject: ({ slug }) => `gig '${slug}'` }),
  gigsQuote: row({ group: 'Gigs, reviews, discovery', method: 'POST', path: '/gigs/{slug}/quote', scope: null, success: 200, note: 'quote a package' }, one(map.gigQuoteSchema, 'quote'), { subject: ({ slug }) => `gig '${slug}'`, input: json }),
  favoritesIndex: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/favorites', scope: 'gigs.read', success: 200 }, page(map.gigSchema, 'gig'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  favoritesToggle: row({ group: 'Gigs, reviews, discovery', method: 'POST', path: '/gigs/{slug}/favorite', scope: 'gigs.write', success: 200 }, one(map.gigFavoriteSchema, 'favorite'), { subject: ({ slug }) => `gig '${slug}'` }),
  reviewsGig: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/gigs/{slug}/reviews', scope: null, success: 200 }, page(map.reviewSchema, 'review'), { pageSizes: MARKETPLACE_PAGE_SIZES, subject: ({ slug }) => `gig '${slug}'` }),
  reviewsStore: row({ group: 'Gigs, reviews, discovery', method: 'POST', path: '/orders/{uuid}/reviews', scope: 'reviews.write', success: 201 }, one(map.reviewSchema, 'review'), { subject: ({ uuid }) => `order '${uuid}'`, input: json }),
  recommendations: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/recommendations', scope: 'gigs.read', success: 200 }, page(map.gigSchema, 'gig'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  recentViews: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/recent', scope: 'gigs.read', success: 200 }, list(map.gigSchema, 'gig')),
  searchSuggestions: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/search/suggestions', scope: null, success: 200 }, list(map.searchSuggestionSchema, 'search suggestion'), { input: filtered }),
  collectionsIndex: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/collections', scope: 'gigs.read', success: 200 }, page(map.gigCollectionSchema, 'collection'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  collectionsStore: row({ group: 'Gigs, reviews, discovery', method: 'POST', path: '/collections', scope: 'gigs.write', success: 201 }, one(map.gigCollectionSchema, 'collection'), { input: json }),
  savedSearchesIndex: row({ group: 'Gigs, reviews, discovery', method: 'GET', path: '/saved-searches', scope: 'gigs.read', success: 200 }, page(map.savedSearchSchema, 'saved search'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  ordersIndex: row({ group: 'Orders and reorders', method: 'GET', path: '/orders', scope: 'orders.read', success: 200 }, page(map.orderSchema, 'order'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  ordersStore: row({ group: 'Orders and reorders', method: 'POST', path: '/orders', scope: 'orders.write', success: 201 }, one(map.orderSchema, 'order'), { input: json }),
  ordersShow: row({ group: 'Orders and reorders', method: 'GET', path: '/orders/{uuid}', scope: 'orders.read', success: 200 }, one(map.orderSchema, 'order'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersCountdown: row({ group: 'Orders and reorders', method: 'GET', path: '/orders/{uuid}/countdown', scope: 'orders.read', success: 200 }, one(map.orderCountdownSchema, 'order countdown'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersExtensionsIndex: row({ group: 'Orders and reorders', method: 'GET', path: '/orders/{uuid}/extensions', scope: 'orders.read', success: 200 }, list(map.orderExtensionSchema, 'extension'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersExtensionsStore: row({ group: 'Orders and reorders', method: 'POST', path: '/orders/{uuid}/extensions', scope: 'orders.write', success: 201 }, one(map.orderExtensionSchema, 'extension'), { subject: ({ uuid }) => `order '${uuid}'`, input: json }),
  ordersExtensionsRespond: row({ group: 'Orders and reorders', method: 'POST', path: '/orders/{uuid}/extensions/{extensionUuid}/respond', scope: 'orders.write', success: 200, note: 'approve or reject' }, one(map.orderExtensionSchema, 'extension'), { subject: ({ uuid, extensionUuid }) => `extension '${extensionUuid}' of order '${uuid}'`, input: json }),
  ordersTimeline: row({ group: 'Orders and reorders', method: 'GET', path: '/orders/{uuid}/timeline', scope: 'orders.read', success: 200 }, list(map.orderTimelineEventSchema, 'timeline event'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersDeliveries: row({ group: 'Orders and reorders', method: 'GET', path: '/orders/{uuid}/deliveries', scope: 'orders.read', success: 200 }, list(map.deliverySchema, 'delivery'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersRevisions: row({ group: 'Orders and reorders', method: 'GET', path: '/orders/{uuid}/revisions', scope: 'orders.read', success: 200 }, list(map.revisionSchema, 'revision'), { subject: ({ uuid }) => `order '${uuid}'` }),
  ordersFiles: row({ group: 'Orders and reorders', method: 'GET', path: '/orders/{uuid}/files', scope: 'orders.read', success: 200 }, list(map.orderFileSchema, 'order file'), { subject: ({ uuid }) => `order '${uuid}'` }),
  reordersIndex: row({ group: 'Orders and reorders', method: 'GET', path: '/reorders', scope: 'orders.read', success: 200 }, page(map.cartEntrySchema, 'cart entry'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  ordersReorder: row({ group: 'Orders and reorders', method: 'POST', path: '/orders/{uuid}/reorder', scope: 'orders.write', success: 201, note: 'adds a completed order to the cart' }, one(map.cartEntrySchema, 'cart entry'), { subject: ({ uuid }) => `order '${uuid}'`, input: json }),
  requestsIndex: row({ group: 'Buyer requests and proposals', method: 'GET', path: '/requests', scope: 'orders.read', success: 200 }, page(map.buyerRequestSchema, 'buyer request'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  requestsStore: row({ group: 'Buyer requests and proposals', method: 'POST', path: '/requests', scope: 'orders.write', success: 201 }, one(map.buyerRequestSchema, 'buyer request'), { input: json }),
  requestBoard: row({ group: 'Buyer requests and proposals', method: 'GET', path: '/requests/board', scope: null, success: 200, note: 'public' }, page(map.buyerRequestSchema, 'buyer request'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  requestPropose: row({ group: 'Buyer requests and proposals', method: 'POST', path: '/requests/{uuid}/proposals', scope: 'gigs.write', success: 201 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `request '${uuid}'`, input: json }),
  proposalsIndex: row({ group: 'Buyer requests and proposals', method: 'GET', path: '/proposals', scope: 'gigs.read', success: 200 }, page(map.proposalSchema, 'proposal'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  proposalsShortlist: row({ group: 'Buyer requests and proposals', method: 'POST', path: '/proposals/{uuid}/shortlist', scope: 'orders.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsCounter: row({ group: 'Buyer requests and proposals', method: 'POST', path: '/proposals/{uuid}/counter', scope: 'orders.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsReject: row({ group: 'Buyer requests and proposals', method: 'POST', path: '/proposals/{uuid}/reject', scope: 'orders.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsWithdraw: row({ group: 'Buyer requests and proposals', method: 'POST', path: '/proposals/{uuid}/withdraw', scope: 'gigs.write', success: 200 }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsAcceptCounter: row({ group: 'Buyer requests and proposals', method: 'POST', path: '/proposals/{uuid}/accept-counter', scope: 'gigs.write', success: 200, note: 'seller accepts a buyer counter' }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  proposalsAccept: row({ group: 'Buyer requests and proposals', method: 'POST', path: '/proposals/{uuid}/accept', scope: 'orders.write', success: 200, note: 'accepted into an offer' }, one(map.proposalSchema, 'proposal'), { subject: ({ uuid }) => `proposal '${uuid}'`, input: json }),
  offersIndex: row({ group: 'Custom offers', method: 'GET', path: '/offers', scope: 'offers.read', success: 200 }, page(map.offerSchema, 'offer'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  offersStore: row({ group: 'Custom offers', method: 'POST', path: '/offers', scope: 'offers.write', success: 201 }, one(map.offerSchema, 'offer'), { input: json }),
  offersShow: row({ group: 'Custom offers', method: 'GET', path: '/offers/{uuid}', scope: 'offers.read', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'` }),
  offersCounter: row({ group: 'Custom offers', method: 'POST', path: '/offers/{uuid}/counter', scope: 'offers.write', success: 201 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: json }),
  offersAccept: row({ group: 'Custom offers', method: 'POST', path: '/offers/{uuid}/accept', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: json }),
  offersDecline: row({ group: 'Custom offers', method: 'POST', path: '/offers/{uuid}/decline', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: json }),
  offersCancel: row({ group: 'Custom offers', method: 'POST', path: '/offers/{uuid}/cancel', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: json }),
  offersAttach: row({ group: 'Custom offers', method: 'POST', path: '/offers/{uuid}/attachments', scope: 'offers.write', success: 201 }, one(map.offerSchema, 'offer'), { subject: ({ uuid }) => `offer '${uuid}'`, input: jsonOrUpload }),
  offersRemoveAttachment: row({ group: 'Custom offers', method: 'DELETE', path: '/offers/{uuid}/attachments/{media}', scope: 'offers.write', success: 200 }, one(map.offerSchema, 'offer'), { subject: ({ uuid, media }) => `attachment '${media}' of offer '${uuid}'` }),
  conversationsIndex: row({ group: 'Messaging, notifications, wallet', method: 'GET', path: '/conversations', scope: 'messages.read', success: 200 }, page(map.conversationSchema, 'conversation'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  conversationsTyping: row({ group: 'Messaging, notifications, wallet', method: 'POST', path: '/conversations/{uuid}/typing', scope: 'messages.write', success: 200, note: 'typing indicator' }, one(map.typingSchema, 'typing indicator'), { subject: ({ uuid }) => `conversation '${uuid}'`, input: json }),
  conversationsPresence: row({ group: 'Messaging, notifications, wallet', method: 'GET', path: '/conversations/{uuid}/presence', scope: 'messages.read', success: 200 }, one(map.presenceSchema, 'presence'), { subject: ({ uuid }) => `conversation '${uuid}'` }),
  messagesReact: row({ group: 'Messaging, notifications, wallet', method: 'POST', path: '/messages/{uuid}/reactions', scope: 'messages.write', success: 200 }, one(map.messageSchema, 'message'), { subject: ({ uuid }) => `message '${uuid}'`, input: json }),
  notificationsIndex: row({ group: 'Messaging, notifications, wallet', method: 'GET', path: '/notifications', scope: 'notifications.read', success: 200 }, page(map.notificationSchema, 'notification'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  walletShow: row({ group: 'Messaging, notifications, wallet', method: 'GET', path: '/wallet', scope: 'payments.read', success: 200 }, one(map.walletSchema, 'wallet')),
  aiSummary: row({ group: 'AI helpers', method: 'GET', path: '/ai/summary', scope: 'ai.read', success: 200, note: 'credits and features' }, one(map.aiSummarySchema, 'AI summary')),
  aiGenerate: row({ group: 'AI helpers', method: 'POST', path: '/ai/generate', scope: 'ai.write', success: 201, note: 'draft' }, one(map.aiRequestSchema, 'AI request'), { input: json }),
  aiRequest: row({ group: 'AI helpers', method: 'GET', path: '/ai/requests/{uuid}', scope: 'ai.read', success: 200, note: 'status' }, one(map.aiRequestSchema, 'AI request'), { subject: ({ uuid }) => `AI request '${uuid}'` }),
  aiCancel: row({ group: 'AI helpers', method: 'POST', path: '/ai/requests/{uuid}/cancel', scope: 'ai.write', success: 200 }, one(map.aiRequestSchema, 'AI request'), { subject: ({ uuid }) => `AI request '${uuid}'` }),
  aiRecommendations: row({ group: 'AI helpers', method: 'GET', path: '/ai/recommendations', scope: 'ai.read', success: 200 }, list(map.aiRecommendationSchema, 'AI recommendation')),
  aiSearch: row({ group: 'AI helpers', method: 'POST', path: '/ai/search', scope: 'ai.read', success: 200, note: 'interpret a marketplace query' }, one(map.aiSearchSchema, 'AI search'), { input: json }),
  aiFeedback: row({ group: 'AI helpers', method: 'POST', path: '/ai/requests/{uuid}/feedback', scope: 'ai.write', success: 200, note: 'rate a draft' }, one(map.aiRequestSchema, 'AI request'), { subject: ({ uuid }) => `AI request '${uuid}'`, input: json }),
  aiMessageDraft: row({ group: 'AI helpers', method: 'POST', path: '/ai/messages/draft', scope: 'ai.write', success: 200 }, one(map.aiMessageDraftSchema, 'message draft'), { input: json }),
  promotionProducts: row({ group: 'Advertising', method: 'GET', path: '/promotion-products', scope: null, success: 200 }, list(map.promotionProductSchema, 'promotion product')),
  sponsoredPlacements: row({ group: 'Advertising', method: 'GET', path: '/sponsored', scope: null, success: 200 }, list(map.sponsoredPlacementSchema, 'sponsored placement'), { input: filtered }),
  sellerAdvertisingIndex: row({ group: 'Advertising', method: 'GET', path: '/seller/advertising', scope: 'advertising.read', success: 200 }, page(map.adCampaignSchema, 'campaign'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  sellerAdvertisingStore: row({ group: 'Advertising', method: 'POST', path: '/seller/advertising', scope: 'advertising.write', success: 201 }, one(map.adCampaignSchema, 'campaign'), { input: json }),
  sellerAdvertisingShow: row({ group: 'Advertising', method: 'GET', path: '/seller/advertising/{uuid}', scope: 'advertising.read', success: 200, note: 'campaign analytics' }, one(map.adCampaignSchema, 'campaign'), { subject: ({ uuid }) => `campaign '${uuid}'` }),
  sellerAdvertisingWallet: row({ group: 'Advertising', method: 'GET', path: '/seller/advertising/wallet', scope: 'advertising.read', success: 200 }, one(map.adWalletSchema, 'advertising wallet')),
  sellerAdvertisingDeposit: row({ group: 'Advertising', method: 'POST', path: '/seller/advertising/wallet', scope: 'advertising.write', success: 201 }, one(map.adWalletSchema, 'advertising wallet'), { input: json }),
  sellerCrmIndex: row({ group: 'CRM and following', method: 'GET', path: '/seller/crm', scope: 'crm.read', success: 200 }, page(map.crmCustomerSchema, 'customer'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  sellerCrmStats: row({ group: 'CRM and following', method: 'GET', path: '/seller/crm/stats', scope: 'crm.read', success: 200 }, one(map.crmStatsSchema, 'CRM stats')),
  sellerCrmShow: row({ group: 'CRM and following', method: 'GET', path: '/seller/crm/{uuid}', scope: 'crm.read', success: 200 }, one(map.crmCustomerSchema, 'customer'), { subject: ({ uuid }) => `customer '${uuid}'` }),
  sellerCrmNote: row({ group: 'CRM and following', method: 'POST', path: '/seller/crm/{uuid}/notes', scope: 'crm.write', success: 201, note: 'private note' }, one(map.crmNoteSchema, 'CRM note'), { subject: ({ uuid }) => `customer '${uuid}'`, input: json }),
  sellerCrmCampaigns: row({ group: 'CRM and following', method: 'GET', path: '/seller/crm/campaigns', scope: 'crm.read', success: 200 }, page(map.retentionCampaignSchema, 'retention campaign'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  sellerCrmCampaignStore: row({ group: 'CRM and following', method: 'POST', path: '/seller/crm/campaigns', scope: 'crm.write', success: 201 }, one(map.retentionCampaignSchema, 'retention campaign'), { input: json }),
  sellerFollowIndex: row({ group: 'CRM and following', method: 'GET', path: '/following', scope: 'crm.read', success: 200 }, page(map.sellerSchema, 'seller'), { pageSizes: MARKETPLACE_PAGE_SIZES }),
  sellerFollow: row({ group: 'CRM and following', method: 'POST', path: '/sellers/{username}/follow', scope: 'crm.write', success: 200 }, one(map.followSchema, 'follow'), { subject: ({ username }) => `seller '${username}'` }),
  sellerUnfollow: row({ group: 'CRM and following', method: 'DELETE', path: '/sellers/{username}/follow', scope: 'crm.write', success: 200 }, one(map.followSchema, 'follow'), { subject: ({ username }) => `seller '${username}'` }),
  mediaIndex: row({ group: 'Media', method: 'GET', path: '/media', scope: 'media.read', success: 200 }, page(map.mediaSchema, 'media'), { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered }),
  mediaStore: row({ group: 'Media', method: 'POST', path: '/media', scope: 'media.write', success: 201 }, one(map.mediaSchema, 'media'), { input: jsonOrUpload }),
  mediaShow: row({ group: 'Media', method: 'GET', path: '/media/{uuid}', scope: 'media.read', success: 200 }, one(map.mediaSchema, 'media'), { subject: ({ uuid }) => `media '${uuid}'` }),
  mediaUpdate: row({ group: 'Media', method: 'PATCH', path: '/media/{uuid}', scope: 'media.write', success: 200, note: 'metadata' }, one(map.mediaSchema, 'media'), { subject: ({ uuid }) => `media '${uuid}'`, input: json }),
  mediaDestroy: row({ group: 'Media', method: 'DELETE', path: '/media/{uuid}', scope: 'media.write', success: 200 }, one(map.deletedSchema, 'deletion'), { subject: ({ uuid }) => `media '${uuid}'` }),
});

export type MarketplaceOperationId = keyof typeof marketplaceOperations;
