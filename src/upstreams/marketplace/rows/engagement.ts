/**
 * Marketplace rows: messaging, AI helpers, advertising, CRM, follows and media.
 * A part of the one marketplace table (../operations.ts), in the document's order.
 */
import { list, one, page, row } from '../../operations.js';
import * as map from '../map.js';
import { json, jsonOrUpload, filtered, MARKETPLACE_PAGE_SIZES } from './inputs.js';

export const engagementRows = {
  conversationsIndex: row(
    { method: 'GET', path: '/conversations', scope: 'messages.read', success: 200 },
    page(map.conversationSchema, 'conversation'),
    { pageSizes: MARKETPLACE_PAGE_SIZES },
  ),
  conversationsTyping: row(
    { method: 'POST', path: '/conversations/{uuid}/typing', scope: 'messages.write', success: 200 },
    one(map.typingSchema, 'typing indicator'),
    { subject: ({ uuid }) => `conversation '${uuid}'`, input: json },
  ),
  conversationsPresence: row(
    { method: 'GET', path: '/conversations/{uuid}/presence', scope: 'messages.read', success: 200 },
    one(map.presenceSchema, 'presence'),
    { subject: ({ uuid }) => `conversation '${uuid}'` },
  ),
  messagesReact: row(
    { method: 'POST', path: '/messages/{uuid}/reactions', scope: 'messages.write', success: 200 },
    one(map.messageSchema, 'message'),
    { subject: ({ uuid }) => `message '${uuid}'`, input: json },
  ),
  notificationsIndex: row(
    { method: 'GET', path: '/notifications', scope: 'notifications.read', success: 200 },
    page(map.notificationSchema, 'notification'),
    { pageSizes: MARKETPLACE_PAGE_SIZES, input: filtered },
  ),
  walletShow: row({ method: 'GET', path: '/wallet', scope: 'payments.read', success: 200 }, one(map.walletSchema, 'wallet')),
  aiSummary: row({ method: 'GET', path: '/ai/summary', scope: 'ai.read', success: 200 }, one(map.aiSummarySchema, 'AI summary')),
  aiGenerate: row({ method: 'POST', path: '/ai/generate', scope: 'ai.write', success: 201 }, one(map.aiRequestSchema, 'AI request'), {
    input: json,
  }),
  aiRequest: row({ method: 'GET', path: '/ai/requests/{uuid}', scope: 'ai.read', success: 200 }, one(map.aiRequestSchema, 'AI request'), {
    subject: ({ uuid }) => `AI request '${uuid}'`,
  }),
  aiCancel: row(
    { method: 'POST', path: '/ai/requests/{uuid}/cancel', scope: 'ai.write', success: 200 },
    one(map.aiRequestSchema, 'AI request'),
    { subject: ({ uuid }) => `AI request '${uuid}'` },
  ),
  aiRecommendations: row(
    { method: 'GET', path: '/ai/recommendations', scope: 'ai.read', success: 200 },
    list(map.aiRecommendationSchema, 'AI recommendation'),
    { primes: { row: 'gigsShow', items: (recommendation) => [recommendation.gig], key: (gig) => ({ slug: gig.slug }) } },
  ),
  aiSearch: row(
    { method: 'POST', path: '/ai/search', scope: 'ai.read', success: 200, readsOnly: true },
    one(map.aiSearchSchema, 'AI search'),
    {
      input: json,
    },
  ),
  aiFeedback: row(
    { method: 'POST', path: '/ai/requests/{uuid}/feedback', scope: 'ai.write', success: 200 },
    one(map.aiRequestSchema, 'AI request'),
    { subject: ({ uuid }) => `AI request '${uuid}'`, input: json },
  ),
  aiMessageDraft: row(
    { method: 'POST', path: '/ai/messages/draft', scope: 'ai.write', success: 200 },
    one(map.aiMessageDraftSchema, 'message draft'),
    { input: json },
  ),
  promotionProducts: row(
    { method: 'GET', path: '/promotion-products', scope: null, success: 200 },
    list(map.promotionProductSchema, 'promotion product'),
  ),
  sponsoredPlacements: row(
    { method: 'GET', path: '/sponsored', scope: null, success: 200 },
    list(map.sponsoredPlacementSchema, 'sponsored placement'),
    {
      input: filtered,
      primes: { row: 'gigsShow', items: (placement) => (placement.gig ? [placement.gig] : []), key: (gig) => ({ slug: gig.slug }) },
    },
  ),
  // Primes nothing: its campaigns carry no analytics, which sellerAdvertisingShow's do.
  sellerAdvertisingIndex: row(
    { method: 'GET', path: '/seller/advertising', scope: 'advertising.read', success: 200 },
    page(map.adCampaignSchema, 'campaign'),
    { pageSizes: MARKETPLACE_PAGE_SIZES },
  ),
  sellerAdvertisingStore: row(
    { method: 'POST', path: '/seller/advertising', scope: 'advertising.write', success: 201 },
    one(map.adCampaignSchema, 'campaign'),
    { input: json },
  ),
  sellerAdvertisingShow: row(
    { method: 'GET', path: '/seller/advertising/{uuid}', scope: 'advertising.read', success: 200 },
    one(map.adCampaignSchema, 'campaign'),
    { subject: ({ uuid }) => `campaign '${uuid}'` },
  ),
  sellerAdvertisingWallet: row(
    { method: 'GET', path: '/seller/advertising/wallet', scope: 'advertising.read', success: 200 },
    one(map.adWalletSchema, 'advertising wallet'),
  ),
  sellerAdvertisingDeposit: row(
    { method: 'POST', path: '/seller/advertising/wallet', scope: 'advertising.write', success: 201 },
    one(map.adWalletSchema, 'advertising wallet'),
    { input: json },
  ),
  // Primes nothing: its customers carry no notes, which sellerCrmShow's do.
  sellerCrmIndex: row({ method: 'GET', path: '/seller/crm', scope: 'crm.read', success: 200 }, page(map.crmCustomerSchema, 'customer'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    input: filtered,
  }),
  sellerCrmStats: row({ method: 'GET', path: '/seller/crm/stats', scope: 'crm.read', success: 200 }, one(map.crmStatsSchema, 'CRM stats')),
  sellerCrmShow: row(
    { method: 'GET', path: '/seller/crm/{uuid}', scope: 'crm.read', success: 200 },
    one(map.crmCustomerSchema, 'customer'),
    { subject: ({ uuid }) => `customer '${uuid}'` },
  ),
  sellerCrmNote: row(
    { method: 'POST', path: '/seller/crm/{uuid}/notes', scope: 'crm.write', success: 201 },
    one(map.crmNoteSchema, 'CRM note'),
    { subject: ({ uuid }) => `customer '${uuid}'`, input: json },
  ),
  sellerCrmCampaigns: row(
    { method: 'GET', path: '/seller/crm/campaigns', scope: 'crm.read', success: 200 },
    page(map.retentionCampaignSchema, 'retention campaign'),
    { pageSizes: MARKETPLACE_PAGE_SIZES },
  ),
  sellerCrmCampaignStore: row(
    { method: 'POST', path: '/seller/crm/campaigns', scope: 'crm.write', success: 201 },
    one(map.retentionCampaignSchema, 'retention campaign'),
    { input: json },
  ),
  sellerFollowIndex: row({ method: 'GET', path: '/following', scope: 'crm.read', success: 200 }, page(map.sellerSchema, 'seller'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    primes: { row: 'sellersShow', key: (seller) => ({ username: seller.username }) },
  }),
  sellerFollow: row(
    { method: 'POST', path: '/sellers/{username}/follow', scope: 'crm.write', success: 200 },
    one(map.followSchema, 'follow'),
    { subject: ({ username }) => `seller '${username}'` },
  ),
  sellerUnfollow: row(
    { method: 'DELETE', path: '/sellers/{username}/follow', scope: 'crm.write', success: 200 },
    one(map.followSchema, 'follow'),
    { subject: ({ username }) => `seller '${username}'` },
  ),
  mediaIndex: row({ method: 'GET', path: '/media', scope: 'media.read', success: 200 }, page(map.mediaSchema, 'media'), {
    pageSizes: MARKETPLACE_PAGE_SIZES,
    input: filtered,
    primes: { row: 'mediaShow', key: (media) => ({ uuid: media.id }) },
  }),
  mediaStore: row({ method: 'POST', path: '/media', scope: 'media.write', success: 201 }, one(map.mediaSchema, 'media'), {
    input: jsonOrUpload,
  }),
  mediaShow: row({ method: 'GET', path: '/media/{uuid}', scope: 'media.read', success: 200 }, one(map.mediaSchema, 'media'), {
    subject: ({ uuid }) => `media '${uuid}'`,
  }),
  mediaUpdate: row({ method: 'PATCH', path: '/media/{uuid}', scope: 'media.write', success: 200 }, one(map.mediaSchema, 'media'), {
    subject: ({ uuid }) => `media '${uuid}'`,
    input: json,
  }),
  mediaDestroy: row({ method: 'DELETE', path: '/media/{uuid}', scope: 'media.write', success: 200 }, one(map.deletedSchema, 'deletion'), {
    subject: ({ uuid }) => `media '${uuid}'`,
  }),
};
