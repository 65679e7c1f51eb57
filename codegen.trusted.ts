/**
 * Trusted documents for a client: graphql-codegen's client preset with
 * `persistedDocuments: true` types the operations and writes
 * `persisted-documents.json` (sha256 id → document), the file the gateway's
 * PERSISTED_DOCUMENTS loads. By default it takes the README's operations
 * (test/operations/*.graphql) and writes trusted-documents/; TRUSTED_OPERATIONS
 * (a glob) and TRUSTED_OUT choose others:
 *
 *   npx graphql-codegen --config codegen.trusted.ts
 *
 * Besides the preset's own entry for each operation (the id its generated
 * documents carry, sent as `documentId`), the file gets each operation as
 * Apollo Client's persisted-query link and urql's persisted exchange send it on
 * their defaults: both add `__typename` to every selection set and hash their
 * own printing of the result, so their hashes differ from the preset's. The
 * entries are made with the clients' own transforms, so they match what the
 * clients send byte for byte (test/integration/apq-clients.test.ts runs both).
 */
import { createHash } from 'node:crypto';
import type { CodegenConfig } from '@graphql-codegen/cli';
import type { DocumentNode } from 'graphql';
import { addTypenameToDocument, print as apolloPrint } from '@apollo/client/utilities';
import { formatDocument, stringifyDocument } from '@urql/core';

/** The text each client sends for `document`: Apollo's cache adds __typename, urql's document formatting does the same. */
export function clientTexts(document: DocumentNode): { apollo: string; urql: string } {
  // urql keys (and so mutates) the document it formats: it gets a copy of its own.
  const copy = structuredClone(document);
  return { apollo: apolloPrint(addTypenameToDocument(document)), urql: stringifyDocument(formatDocument(copy)) };
}

const sha256Id = (text: string) => `sha256:${createHash('sha256').update(text).digest('hex')}`;

/** The client preset's config for `operations` (a glob) written to the folder `out`. */
export function trustedDocumentsConfig(operations: string, out: string): CodegenConfig {
  const folder = `${out.replace(/\/+$/, '')}/`;
  const sentByClients = new Map<string, string>();
  return {
    schema: 'schema/schema.graphql',
    documents: operations,
    generates: {
      [folder]: {
        preset: 'client',
        presetConfig: {
          persistedDocuments: true,
          fragmentMasking: false,
          // Each operation with its fragments, as the generated documents hold it (and so as a client gets it).
          onExecutableDocumentNode(document: DocumentNode) {
            for (const text of Object.values(clientTexts(document))) sentByClients.set(sha256Id(text), text);
            return undefined;
          },
        },
        config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTime: 'string', JSON: 'unknown' } },
      },
    },
    hooks: {
      beforeOneFileWrite(path: string, content: string) {
        if (!path.endsWith('/persisted-documents.json')) return content;
        return JSON.stringify({ ...(JSON.parse(content) as Record<string, string>), ...Object.fromEntries(sentByClients) }, null, 2);
      },
    },
    silent: true,
  };
}

export default trustedDocumentsConfig(
  process.env.TRUSTED_OPERATIONS ?? 'test/operations/*.graphql',
  process.env.TRUSTED_OUT ?? 'trusted-documents',
);
