import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const require = createRequire(import.meta.url);

export default defineConfig({
  resolve: {
    // graphql 16 ships CJS (main) and ESM (module); Node (and so graphql-yoga) loads the CJS one.
    // Vite would pick the ESM one for our files, and two GraphQLError classes break instanceof.
    alias: [
      { find: /^graphql$/, replacement: require.resolve('graphql') },
      // The examples import the SDK by its package name (tsconfig.json paths), as another package would.
      { find: /^@unigraph\/sdk$/, replacement: fileURLToPath(new URL('./sdk/src/index.ts', import.meta.url)) },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default is one worker per core but one: on two cores, one file at a time. Most files wait far
    // more than they compute (sockets, child processes, timeouts), so two run side by side; each file still
    // runs in a fresh process of its own (isolation: module state such as the metrics registry stays per file).
    maxWorkers: 2,
    // The gateway transpiled once for the suites that start it as a process (test/helpers/gateway-process.ts).
    globalSetup: ['test/setup/gateway-build.ts'],
  },
});
