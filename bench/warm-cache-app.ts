/**
 * The gateway app the warm-hit probes measure, in their own process: the sandbox at 0 ms, the shared cache and the
 * response cache on as in the benchmark's warm rows, no rate limit, and the newest gig's slug (an entry no other
 * probe run has filled). `env` adds to or overrides the variables (NODE_ENV=production, as the benchmark runs it).
 */
import { createApp, type App } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { startSandbox } from '../src/sandbox/index.js';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;

export async function startWarmCacheApp(
  env: Record<string, string> = {},
): Promise<{ app: App; sandbox: Sandbox; newestGigSlug: string; close(): Promise<void> }> {
  const sandbox = await startSandbox();
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '0',
    PUBLIC_CACHE_MAX_BYTES: String(64 * 1024 * 1024),
    PUBLIC_CACHE_TTL_MS: '60000',
    RESPONSE_CACHE_MAX_ENTRIES: '10000',
    MARKETPLACE_URL: sandbox.urls.marketplace,
    SEO_URL: sandbox.urls.seo,
    ITEMS_URL: sandbox.urls.items,
    ...env,
  });
  const app = await createApp(config, createLogger('silent'));
  const newest = (await (await fetch(`${sandbox.urls.marketplace}/api/v1/gigs?page=1&per_page=1`)).json()) as {
    data: Array<{ slug: string }>;
  };
  return {
    app,
    sandbox,
    newestGigSlug: newest.data[0]!.slug,
    close: async () => {
      await app.close();
      await sandbox.close();
    },
  };
}
