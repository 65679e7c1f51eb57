/**
 * Typed documents for the test suite's operations, generated from the printed
 * schema (`npm run codegen`; `schema:print` runs it too).
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: 'test/operations/*.graphql',
  generates: {
    'test/generated/graphql.ts': {
      plugins: ['typescript-operations', 'typed-document-node'],
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        avoidOptionals: false,
        scalars: { DateTime: 'string', JSON: 'unknown' },
      },
    },
  },
  silent: true,
};

export default config;
