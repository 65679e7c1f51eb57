/**
 * Starts the simulated upstreams on loopback. The gateway's one way in: it
 * loads this module through src/embedded-sandbox.ts for the upstreams whose
 * URL is unset (never in production, and never from a build, which leaves
 * src/sandbox out); tests and `npm run sandbox` call it directly.
 */
import { serve, type RunningService } from './http.js';
import { DEFAULT_SEED } from './seed.js';

export { demoCredentials } from './demo-credentials.js';

import { SANDBOX_NAMES, type SandboxName } from './names.js';

export { SANDBOX_NAMES, type SandboxName };

export interface SandboxOptions {
  services?: readonly SandboxName[];
  host?: string;
  ports?: Partial<Record<SandboxName, number>>;
  latencyMs?: number;
  seed?: number;
  /** Where the marketplace sandbox sends signed webhook events, if anywhere. */
  webhook?: { url: string; secret: string };
}

export interface Sandbox {
  services: Partial<Record<SandboxName, RunningService>>;
  urls: Partial<Record<SandboxName, string>>;
  close(): Promise<void>;
}

export async function startSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const seed = options.seed ?? DEFAULT_SEED;
  const wanted = options.services ?? SANDBOX_NAMES;
  const services: Partial<Record<SandboxName, RunningService>> = {};
  const itemsErrorBody = (_status: number, message: string) => ({ status: 'error', msg: message });
  for (const name of wanted) {
    const common = { port: options.ports?.[name] ?? 0, host: options.host ?? '127.0.0.1' };
    // Loaded on demand: a process that needs one simulated service loads only that one.
    let running: RunningService;
    if (name === 'marketplace') {
      const { createMarketplaceRouter } = await import('./marketplace/index.js');
      running = await serve(name, createMarketplaceRouter({ seed, webhook: options.webhook }), common);
    } else if (name === 'seo') {
      const { createSeoRouter } = await import('./seo/index.js');
      running = await serve(name, createSeoRouter({ seed }), common);
    } else {
      const { createItemsRouter } = await import('./items/index.js');
      running = await serve(name, createItemsRouter({ seed }), { ...common, errorBody: itemsErrorBody });
    }
    running.control.latencyMs = options.latencyMs ?? 0;
    services[name] = running;
  }
  const urls = Object.fromEntries(Object.entries(services).map(([k, s]) => [k, s.url])) as Partial<Record<SandboxName, string>>;
  return {
    services,
    urls,
    close: async () => {
      await Promise.all(Object.values(services).map((s) => s.close()));
    },
  };
}
