/**
 * The gateway's only way into the simulated upstreams (src/sandbox/index.ts),
 * used when an upstream URL is unset outside production.
 *
 * The module is named by a variable, not a literal, on purpose: TypeScript
 * does not follow such an import, so `npm run build` (tsconfig.build.json
 * leaves src/sandbox out) compiles neither the simulation nor its seed data
 * and the production image carries none of it. Run from source (`npm start`,
 * `npm run dev`, the tests) the import finds src/sandbox/index.ts; in a build
 * it finds nothing and says which variables to set.
 * test/contract/sandbox-boundary.test.ts checks both directions.
 */
import type { UpstreamName } from './errors.js';

/** What the gateway uses of src/sandbox/index.ts (a test asserts that module satisfies it). */
export interface SandboxModule {
  startSandbox(options: { services: readonly UpstreamName[]; webhook?: { url: string; secret: string } }): Promise<{
    urls: Partial<Record<UpstreamName, string>>;
    close(): Promise<void>;
  }>;
  /** The demo credentials the start-up lines list for a sandboxed upstream. */
  demoCredentials(name: UpstreamName): string;
}
/**
 * The build has no sandbox and an upstream URL is unset: a configuration error (src/app.ts reports it as
 * one). Declared here, not imported, so this module compiles and runs alone (the boundary test does so).
 */
export class NoSandboxError extends Error {
  override name = 'NoSandboxError';
}

const SANDBOX_MODULE = './sandbox/index.js';

let loaded: Promise<SandboxModule> | undefined;

export function loadSandbox(missing: readonly UpstreamName[]): Promise<SandboxModule> {
  loaded ??= (import(/* @vite-ignore */ SANDBOX_MODULE) as Promise<SandboxModule>).catch((error: unknown) => {
    loaded = undefined;
    if ((error as { code?: string }).code !== 'ERR_MODULE_NOT_FOUND' || !String(error).includes('sandbox')) throw error;
    const lines = missing.map(
      (name) =>
        `  ${name.toUpperCase()}_URL: required by this build, which has no embedded sandbox (npm run build leaves it out); set it, or run from source (npm start)`,
    );
    throw new NoSandboxError(`Invalid configuration:\n${lines.join('\n')}`, { cause: error });
  });
  return loaded;
}
