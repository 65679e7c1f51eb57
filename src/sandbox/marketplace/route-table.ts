/**
 * The simulated marketplace's routes, written from the endpoint tables of
 * `docs/upstreams/marketplace-api.md` section 4 alone: one row per line of the
 * document, in its column order (method, path, operation id, scope, success
 * status, and the note the document puts in brackets). "none" is `null`.
 *
 * The gateway's own operation table (src/upstreams/marketplace/) is never read
 * here: if both were one table, a wrong path or scope in it would be served by
 * the sandbox too and pass every integration test. test/contract/ compares
 * each table with the document instead.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

type RouteRow = readonly [method: HttpMethod, path: string, operationId: string, scope: string | null, success: number, note?: string];

/** Section 4, by the document's group headings. */
export const MARKETPLACE_ROUTE_GROUPS = {
  'Platform, mobile, localization': [
    ['GET', '/health', 'health', null, 200],
    ['GET', '/theme', 'themeShow', null, 200],
    ['GET', '/openapi.json', 'openapi', null, 200],
    ['POST', '/mobile/login', 'mobileLogin', null, 200],
    ['POST', '/mobile/register', 'mobileRegister', null, 201],
    ['POST', '/mobile/refresh', 'mobileRefresh', null, 200],
    ['POST', '/mobile/forgot-password', 'mobileForgot', null, 200],
    ['GET', '/mobile/home', 'mobileHome', null, 200],
    ['GET', '/mobile/orders', 'mobileOrdersIndex', 'orders.read', 200],
    ['GET', '/mobile/orders/{uuid}', 'mobileOrdersShow', 'orders.read', 200],
    ['GET', '/locale', 'localeShow', null, 200],
    ['GET', '/languages', 'languagesIndex', null, 200],
    ['GET', '/currencies', 'currenciesIndex', null, 200],
    ['GET', '/countries', 'countriesIndex', null, 200],
    ['GET', '/categories', 'categoriesIndex', null, 200],
  ],
  'Users and sellers': [
    ['GET', '/me', 'me', 'users.read', 200],
    ['GET', '/users/{username}', 'usersShow', null, 200],
    ['GET', '/sellers', 'sellersIndex', null, 200],
    ['GET', '/sellers/{username}', 'sellersShow', null, 200],
    ['GET', '/sellers/{username}/profile', 'sellersProfile', null, 200],
    ['GET', '/sellers/{username}/portfolio', 'sellersPortfolio', null, 200],
    ['GET', '/sellers/{username}/portfolio/{project}', 'sellersPortfolioShow', null, 200],
    ['GET', '/sellers/{username}/availability', 'sellersAvailability', null, 200],
    ['GET', '/sellers/{username}/testimonials', 'sellersTestimonials', null, 200, 'approved testimonials only'],
    ['GET', '/saved-studios', 'savedStudios', 'sellers.read', 200],
    ['POST', '/sellers/{username}/favorite', 'sellerFavorite', 'sellers.write', 200],
    ['DELETE', '/sellers/{username}/favorite', 'sellerUnfavorite', 'sellers.write', 200],
    ['GET', '/seller/growth', 'sellerGrowth', 'analytics.read', 200],
    ['GET', '/seller/leads', 'sellerLeads', 'analytics.read', 200],
    ['GET', '/analytics/conversion', 'analyticsConversion', 'analytics.read', 200],
  ],
  'Gigs, reviews, discovery': [
    ['GET', '/gigs', 'gigsIndex', null, 200, 'search'],
    ['GET', '/gigs/{slug}', 'gigsShow', null, 200],
    ['GET', '/gigs/{slug}/pricing', 'gigsPricing', null, 200],
    ['POST', '/gigs/{slug}/quote', 'gigsQuote', null, 200, 'quote a package'],
    ['GET', '/favorites', 'favoritesIndex', 'gigs.read', 200],
    ['POST', '/gigs/{slug}/favorite', 'favoritesToggle', 'gigs.write', 200],
    ['GET', '/gigs/{slug}/reviews', 'reviewsGig', null, 200],
    ['POST', '/orders/{uuid}/reviews', 'reviewsStore', 'reviews.write', 201],
    ['GET', '/recommendations', 'recommendations', 'gigs.read', 200],
    ['GET', '/recent', 'recentViews', 'gigs.read', 200],
    ['GET', '/search/suggestions', 'searchSuggestions', null, 200],
    ['GET', '/collections', 'collectionsIndex', 'gigs.read', 200],
    ['POST', '/collections', 'collectionsStore', 'gigs.write', 201],
    ['GET', '/saved-searches', 'savedSearchesIndex', 'gigs.read', 200],
  ],
  'Orders and reorders': [
    ['GET', '/orders', 'ordersIndex', 'orders.read', 200],
    ['POST', '/orders', 'ordersStore', 'orders.write', 201],
    ['GET', '/orders/{uuid}', 'ordersShow', 'orders.read', 200],
    ['GET', '/orders/{uuid}/countdown', 'ordersCountdown', 'orders.read', 200],
    ['GET', '/orders/{uuid}/extensions', 'ordersExtensionsIndex', 'orders.read', 200],
    ['POST', '/orders/{uuid}/extensions', 'ordersExtensionsStore', 'orders.write', 201],
    ['POST', '/orders/{uuid}/extensions/{extensionUuid}/respond', 'ordersExtensionsRespond', 'orders.write', 200, 'approve or reject'],
    ['GET', '/orders/{uuid}/timeline', 'ordersTimeline', 'orders.read', 200],
    ['GET', '/orders/{uuid}/deliveries', 'ordersDeliveries', 'orders.read', 200],
    ['GET', '/orders/{uuid}/revisions', 'ordersRevisions', 'orders.read', 200],
    ['GET', '/orders/{uuid}/files', 'ordersFiles', 'orders.read', 200],
    ['GET', '/reorders', 'reordersIndex', 'orders.read', 200],
    ['POST', '/orders/{uuid}/reorder', 'ordersReorder', 'orders.write', 201, 'adds a completed order to the cart'],
  ],
  'Buyer requests and proposals': [
    ['GET', '/requests', 'requestsIndex', 'orders.read', 200],
    ['POST', '/requests', 'requestsStore', 'orders.write', 201],
    ['GET', '/requests/board', 'requestBoard', null, 200, 'public'],
    ['POST', '/requests/{uuid}/proposals', 'requestPropose', 'gigs.write', 201],
    ['GET', '/proposals', 'proposalsIndex', 'gigs.read', 200],
    ['POST', '/proposals/{uuid}/shortlist', 'proposalsShortlist', 'orders.write', 200],
    ['POST', '/proposals/{uuid}/counter', 'proposalsCounter', 'orders.write', 200],
    ['POST', '/proposals/{uuid}/reject', 'proposalsReject', 'orders.write', 200],
    ['POST', '/proposals/{uuid}/withdraw', 'proposalsWithdraw', 'gigs.write', 200],
    ['POST', '/proposals/{uuid}/accept-counter', 'proposalsAcceptCounter', 'gigs.write', 200, 'seller accepts a buyer counter'],
    ['POST', '/proposals/{uuid}/accept', 'proposalsAccept', 'orders.write', 200, 'accepted into an offer'],
  ],
  'Custom offers': [
    ['GET', '/offers', 'offersIndex', 'offers.read', 200],
    ['POST', '/offers', 'offersStore', 'offers.write', 201],
    ['GET', '/offers/{uuid}', 'offersShow', 'offers.read', 200],
    ['POST', '/offers/{uuid}/counter', 'offersCounter', 'offers.write', 201],
    ['POST', '/offers/{uuid}/accept', 'offersAccept', 'offers.write', 200],
    ['POST', '/offers/{uuid}/decline', 'offersDecline', 'offers.write', 200],
    ['POST', '/offers/{uuid}/cancel', 'offersCancel', 'offers.write', 200],
    ['POST', '/offers/{uuid}/attachments', 'offersAttach', 'offers.write', 201],
    ['DELETE', '/offers/{uuid}/attachments/{media}', 'offersRemoveAttachment', 'offers.write', 200],
  ],
  'Messaging, notifications, wallet': [
    ['GET', '/conversations', 'conversationsIndex', 'messages.read', 200],
    ['POST', '/conversations/{uuid}/typing', 'conversationsTyping', 'messages.write', 200, 'typing indicator'],
    ['GET', '/conversations/{uuid}/presence', 'conversationsPresence', 'messages.read', 200],
    ['POST', '/messages/{uuid}/reactions', 'messagesReact', 'messages.write', 200],
    ['GET', '/notifications', 'notificationsIndex', 'notifications.read', 200],
    ['GET', '/wallet', 'walletShow', 'payments.read', 200],
  ],
  'AI helpers': [
    ['GET', '/ai/summary', 'aiSummary', 'ai.read', 200, 'credits and features'],
    ['POST', '/ai/generate', 'aiGenerate', 'ai.write', 201, 'draft'],
    ['GET', '/ai/requests/{uuid}', 'aiRequest', 'ai.read', 200, 'status'],
    ['POST', '/ai/requests/{uuid}/cancel', 'aiCancel', 'ai.write', 200],
    ['GET', '/ai/recommendations', 'aiRecommendations', 'ai.read', 200],
    ['POST', '/ai/search', 'aiSearch', 'ai.read', 200, 'interpret a marketplace query'],
    ['POST', '/ai/requests/{uuid}/feedback', 'aiFeedback', 'ai.write', 200, 'rate a draft'],
    ['POST', '/ai/messages/draft', 'aiMessageDraft', 'ai.write', 200],
  ],
  Advertising: [
    ['GET', '/promotion-products', 'promotionProducts', null, 200],
    ['GET', '/sponsored', 'sponsoredPlacements', null, 200],
    ['GET', '/seller/advertising', 'sellerAdvertisingIndex', 'advertising.read', 200],
    ['POST', '/seller/advertising', 'sellerAdvertisingStore', 'advertising.write', 201],
    ['GET', '/seller/advertising/{uuid}', 'sellerAdvertisingShow', 'advertising.read', 200, 'campaign analytics'],
    ['GET', '/seller/advertising/wallet', 'sellerAdvertisingWallet', 'advertising.read', 200],
    ['POST', '/seller/advertising/wallet', 'sellerAdvertisingDeposit', 'advertising.write', 201],
  ],
  'CRM and following': [
    ['GET', '/seller/crm', 'sellerCrmIndex', 'crm.read', 200],
    ['GET', '/seller/crm/stats', 'sellerCrmStats', 'crm.read', 200],
    ['GET', '/seller/crm/{uuid}', 'sellerCrmShow', 'crm.read', 200],
    ['POST', '/seller/crm/{uuid}/notes', 'sellerCrmNote', 'crm.write', 201, 'private note'],
    ['GET', '/seller/crm/campaigns', 'sellerCrmCampaigns', 'crm.read', 200],
    ['POST', '/seller/crm/campaigns', 'sellerCrmCampaignStore', 'crm.write', 201],
    ['GET', '/following', 'sellerFollowIndex', 'crm.read', 200],
    ['POST', '/sellers/{username}/follow', 'sellerFollow', 'crm.write', 200],
    ['DELETE', '/sellers/{username}/follow', 'sellerUnfollow', 'crm.write', 200],
  ],
  Media: [
    ['GET', '/media', 'mediaIndex', 'media.read', 200],
    ['POST', '/media', 'mediaStore', 'media.write', 201],
    ['GET', '/media/{uuid}', 'mediaShow', 'media.read', 200],
    ['PATCH', '/media/{uuid}', 'mediaUpdate', 'media.write', 200, 'metadata'],
    ['DELETE', '/media/{uuid}', 'mediaDestroy', 'media.write', 200],
  ],
} as const satisfies Record<string, readonly RouteRow[]>;

/**
 * "The endpoint reference lists the scope sellers.read for GET /sellers and
 * the scope gigs.read for GET /gigs, while the machine-readable description
 * declares no security for those two." The sandbox follows the description
 * (no token needed) and publishes the reference scope as `x-reference-scope`.
 */
export const REFERENCE_SCOPES = { sellersIndex: 'sellers.read', gigsIndex: 'gigs.read' } as const;

type AnyRow = (typeof MARKETPLACE_ROUTE_GROUPS)[keyof typeof MARKETPLACE_ROUTE_GROUPS][number];
export type MarketplaceRouteId = AnyRow[2];
/** The scope of one operation: `null` for the operations that need no token. */
export type ScopeOf<Id extends MarketplaceRouteId> = Extract<AnyRow, readonly [HttpMethod, string, Id, ...unknown[]]>[3];

export interface MarketplaceRoute {
  id: MarketplaceRouteId;
  group: string;
  method: HttpMethod;
  /** Below the API root, with `{param}` placeholders. */
  path: string;
  scope: string | null;
  referenceScope?: string;
  success: number;
  note?: string;
}

export const MARKETPLACE_ROUTES: ReadonlyMap<MarketplaceRouteId, MarketplaceRoute> = new Map(
  Object.entries(MARKETPLACE_ROUTE_GROUPS).flatMap(([group, rows]) =>
    (rows as readonly RouteRow[]).map(([method, path, operationId, scope, success, note]): [MarketplaceRouteId, MarketplaceRoute] => {
      const id = operationId as MarketplaceRouteId;
      const referenceScope: string | undefined = (REFERENCE_SCOPES as Partial<Record<string, string>>)[id];
      return [id, { id, group, method, path, scope, success, ...(referenceScope ? { referenceScope } : {}), ...(note ? { note } : {}) }];
    }),
  ),
);
