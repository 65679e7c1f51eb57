/**
 * Trusted documents for a client: graphql-codegen's client preset with
 * `persistedDocuments: true` types the operations and writes
 * `persisted-documents.json` (sha256 id → document), the file the gateway's
 * PERSISTED_DOCUMENTS loads. By default it takes the README's operations
 * (test/operations/*.graphql) and writes trusted-documents/; TRUSTED_OPERATIONS
 * (a glob) and TRUSTED_OUT choose others:
 *
 *   npx graphql-codegen --config codegen.trusted.ts
 */
import type { CodegenConfig } from '@graphql-codegen/cli';

/** The client preset's config for `operations` (a glob) written to the folder `out`. */
export function trustedDocumentsConfig(operations: string, out: string): CodegenConfig {
  return {
    schema: 'schema/schema.graphql',
    documents: operations,
    generates: {
      [`${out.replace(/\/+$/, '')}/`]: {
        preset: 'client',
        presetConfig: { persistedDocuments: true, fragmentMasking: false },
        config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string', JSON: 'unknown' } },
      },
    },
    silent: true,
  };
}

export default trustedDocumentsConfig(process.env.TRUSTED_OPERATIONS ?? 'test/operations/*.graphql', process.env.TRUSTED_OUT ?? 'trusted-documents');
