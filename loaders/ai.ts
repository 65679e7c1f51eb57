/**
 * AI requests by uuid. Reading one advances the upstream's simulated job a
 * step, so the per-request cache matters twice over: aliases of the same
 * request see one state, and the job moves at most once per GraphQL request.
 */
import type { Clients } from '../src/upstreams/index.js';
import { perKeyLoader } from './keyed.js';
import { marketplaceOperations as ops } from '../src/upstreams/marketplace/operations.js';

export const createAiLoaders = (clients: Clients) => ({
  aiRequestById: perKeyLoader((uuid: string) =>
    clients.marketplace.call(ops.aiRequest, { uuid }),
  ),
});
