/**
 * Typed documents generated from the printed schema (`npm run codegen`;
 * `schema:print` runs it too): the test suite's operations, and the SDK's
 * documented operations (sdk/operations) that server-to-server callers import.
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

const typedDocuments = {
  plugins: ['typescript-operations', 'typed-document-node'],
  config: {
    useTypeImports: true,
    enumsAsTypes: true,
    avoidOptionals: false,
    scalars: { DateTime: 'string', JSON: 'unknown' },
  },
};

const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  generates: {
    'test/generated/graphql.ts': { documents: 'test/operations/*.graphql', ...typedDocuments },
    'sdk/src/generated/graphql.ts': { documents: 'sdk/operations/*.graphql', ...typedDocuments },
  },
  silent: true,
};

export default config;
