/**
 * The simulated marketplace upstream (`marketplace-api.md` with the
 * conventions of the gateway contract): a router under `/api/v1` (and the same
 * routes under the `/api/v2` preview) answering
 * every operation of the operation table from a seeded, stateful, in-memory
 * marketplace. Each call of `createMarketplaceRouter` is a fresh marketplace.
 */
import { Router } from '../router.js';
import { createRandom } from '../seed.js';
import { MarketplaceApi } from './api.js';
import { seedMarketplace } from './data.js';
import { registerAdvertisingRoutes } from './routes/advertising.js';
import { registerAiRoutes } from './routes/ai.js';
import { registerCrmRoutes } from './routes/crm.js';
import { registerGigRoutes } from './routes/gigs.js';
import { registerMediaRoutes } from './routes/media.js';
import { registerMessagingRoutes } from './routes/messaging.js';
import { registerMobileRoutes } from './routes/mobile.js';
import { registerOfferRoutes } from './routes/offers.js';
import { registerOrderRoutes } from './routes/orders.js';
import { registerPlatformRoutes } from './routes/platform.js';
import { registerRequestRoutes } from './routes/requests.js';
import { registerUserRoutes } from './routes/users.js';
import { MarketplaceState } from './state.js';
import { createWebhookSender, type WebhookTarget } from './webhooks.js';

export { DEMO_BUYER_USERNAME, DEMO_PASSWORD, FIRST_SELLER_USERNAME, SECOND_BUYER_USERNAME } from './demo-users.js';
export { DEMO_TOKENS, sandboxToken, type DemoToken } from './tokens.js';
export { SCOPES, ALL_SCOPE_SLUGS, UNRESTRICTED_SCOPE_SLUGS, type ScopeRecord } from './scopes.js';
export { WEBHOOK_EVENT_TYPES, type WebhookEventName } from './events.js';
export { signWebhook, type WebhookPayload, type WebhookTarget } from './webhooks.js';

export const MARKETPLACE_ROOT = '/api/v1';
/** The version 2 preview root (MARKETPLACE_API_ROOT=/api/v2). Its differences are not shown, so it serves the same routes. */
export const MARKETPLACE_PREVIEW_ROOT = '/api/v2';

export interface MarketplaceSandboxOptions {
  seed: number;
  /** Where signed webhook events go; no events are sent without it. */
  webhook?: WebhookTarget;
}

export function createMarketplaceRouter(options: MarketplaceSandboxOptions): Router {
  const router = new Router(MARKETPLACE_ROOT, [MARKETPLACE_PREVIEW_ROOT]);
  const state = new MarketplaceState(createRandom(options.seed), createWebhookSender(options.webhook));
  seedMarketplace(state);
  const api = new MarketplaceApi(router, state);
  for (const register of [
    registerPlatformRoutes,
    registerMobileRoutes,
    registerUserRoutes,
    registerGigRoutes,
    registerOrderRoutes,
    registerRequestRoutes,
    registerOfferRoutes,
    registerMessagingRoutes,
    registerAiRoutes,
    registerAdvertisingRoutes,
    registerCrmRoutes,
    registerMediaRoutes,
  ]) {
    register(api);
  }
  const missing = api.missing();
  if (missing.length) throw new Error(`marketplace sandbox: no handler for ${missing.join(', ')}`);
  return router;
}
