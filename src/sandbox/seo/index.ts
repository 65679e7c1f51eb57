/**
 * The simulated website-analysis service (`seo-reports-api.md`, contract
 * section 4) rooted at `/api/v1`: bearer keys per owner, Laravel envelopes,
 * strict request checks, state in memory per router, seeded data.
 */
import { Router } from '../router.js';
import { seedSeoStore } from './demo-data.js';
import { mountProjectRoutes } from './projects-routes.js';
import { mountReportRoutes } from './reports-routes.js';
import { SeoStore } from './store.js';

export { SEO_DEMO_KEYS } from './keys.js';
export { SEO_DEMO_PROJECTS, SEO_OTHER_PROJECTS, itemHasNoDemoReport } from './demo-data.js';
export { resultOf } from './records.js';

export function createSeoRouter({ seed }: { seed: number }): Router {
  const store = new SeoStore(seed);
  seedSeoStore(store, seed);
  const router = new Router('/api/v1');
  mountReportRoutes(router, store);
  mountProjectRoutes(router, store);
  return router;
}
