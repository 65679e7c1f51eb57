/**
 * AI requests by uuid. Reading one advances the upstream's simulated job a
 * step, so the per-request cache matters twice over: aliases of the same
 * request see one state, and the job moves at most once per GraphQL request.
 */
import type { Clients } from '../src/upstreams/index.js';
import { aiRequestSchema } from '../src/upstreams/marketplace/map.js';
import { perKeyLoader } from './keyed.js';

export const createAiLoaders = (clients: Clients) => ({
  aiRequestById: perKeyLoader((uuid: string) =>
    clients.marketplace.one('aiRequest', aiRequestSchema, 'AI request', { params: { uuid }, subject: `AI request '${uuid}'` }),
  ),
});
