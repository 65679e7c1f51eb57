// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'dist-sandbox/', 'coverage/', 'test/generated/', 'sdk/src/generated/', 'sdk/dist/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // The sandbox is written from docs/upstreams/ alone (test/contract/sandbox-boundary.test.ts checks every import).
    files: ['src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/upstreams/**', '**/schema/**', '**/resolvers/**', '**/loaders/**'],
              message:
                "The sandbox never reads the gateway's operation tables, schema, resolvers or loaders: write it from docs/upstreams/.",
            },
          ],
        },
      ],
    },
  },
  {
    // The production build leaves src/sandbox out; the gateway loads it by a computed name.
    files: ['src/**/*.ts', 'schema/**/*.ts', 'resolvers/**/*.ts', 'loaders/**/*.ts'],
    ignores: ['src/sandbox/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/sandbox/**'],
              message: 'Load the sandbox with loadSandbox() of src/embedded-sandbox.ts, so the build leaves it out.',
            },
          ],
        },
      ],
    },
  },
);
