/**
 * `npm run sandbox`: the three simulated upstreams in their own process, for
 * benchmarks. Ports from SANDBOX_MARKETPLACE_PORT / SANDBOX_SEO_PORT /
 * SANDBOX_ITEMS_PORT (default 4101-4103), latency from SANDBOX_LATENCY_MS,
 * address from SANDBOX_HOST (default loopback; 0.0.0.0 in a container, where
 * the gateways reach it by service name: deploy/docker-compose.yml).
 */
import { startSandbox } from './index.js';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

const sandbox = await startSandbox({
  host: process.env.SANDBOX_HOST || '127.0.0.1',
  ports: {
    marketplace: port('SANDBOX_MARKETPLACE_PORT', 4101),
    seo: port('SANDBOX_SEO_PORT', 4102),
    items: port('SANDBOX_ITEMS_PORT', 4103),
  },
  latencyMs: Number(process.env.SANDBOX_LATENCY_MS ?? 0),
  webhook: process.env.SANDBOX_WEBHOOK_URL
    ? { url: process.env.SANDBOX_WEBHOOK_URL, secret: process.env.MARKETPLACE_WEBHOOK_SECRET ?? 'sandbox-webhook-secret' }
    : undefined,
});
// Before saying where it listens: whoever reads that may stop it at once (src/serve.ts says why).
const stop = () => {
  void sandbox.close().then(() => process.exit(0));
};
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
for (const [name, url] of Object.entries(sandbox.urls)) console.log(`sandbox ${name} listening on ${url}`);
console.log('export MARKETPLACE_URL=%s SEO_URL=%s ITEMS_URL=%s', sandbox.urls.marketplace, sandbox.urls.seo, sandbox.urls.items);
