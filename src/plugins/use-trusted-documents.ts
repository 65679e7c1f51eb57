/**
 * Runs trusted documents by id (src/trusted-documents.ts) through Yoga's
 * persisted-operations plugin. A request names its document by `documentId`
 * (GraphQL over HTTP; `sha256:<hex>` or `<hex>`) or by
 * `extensions.persistedQuery.sha256Hash` (Apollo's APQ form), in a POST body or
 * GET parameters. With `only`, query text is refused (PERSISTED_QUERY_ONLY); an
 * unknown id is PERSISTED_QUERY_NOT_FOUND. Both are refused while the request's
 * parameters are read, so neither reaches an upstream. Where clients may
 * register queries, the APQ form is answered before this plugin runs, by
 * use-persisted-queries.ts (which looks trusted documents up first).
 *
 * Yoga's onParams hook does not run for graphql-ws operations (they go through
 * getEnveloped directly), so src/websocket.ts asks `trustedQuery` the same questions.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { usePersistedOperations } from '@graphql-yoga/plugin-persisted-operations';
import type { TrustedDocuments } from '../trusted-documents.js';

interface OperationParams {
  query?: unknown;
  documentId?: unknown;
  extensions?: unknown;
}

/** The id a request names its document by, in any of the accepted places, else null. */
export function documentIdOf(params: OperationParams, request?: Request): string | null {
  if (typeof params.documentId === 'string') return params.documentId;
  // Yoga's GET parser keeps only query, operationName, variables and extensions. Read as it reads them: all that
  // follows the `?`, a `#` included (Node passes one through), where `new URL` would drop it and what follows.
  if (request?.method === 'GET') {
    const query = request.url.indexOf('?');
    const fromUrl = query < 0 ? null : new URLSearchParams(request.url.slice(query + 1)).get('documentId');
    if (fromUrl) return fromUrl;
  }
  const persisted = (params.extensions as { persistedQuery?: { sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  return typeof persisted?.sha256Hash === 'string' ? persisted.sha256Hash : null;
}

const ONLY_MESSAGE =
  'This gateway runs trusted documents only: send "documentId" (the id from persisted-documents.json) instead of query text.';
const NOT_FOUND_MESSAGE =
  'PersistedQueryNotFound: no trusted document has this id (regenerate persisted-documents.json and deploy it with the client).';
const NO_DOCUMENT_MESSAGE = 'Send query text, or "documentId" naming a trusted document.';

// Apollo Client's APQ link recognises a miss by the message "PersistedQueryNotFound" or this code.
const onlyError = () => new GraphQLError(ONLY_MESSAGE, { extensions: { code: 'PERSISTED_QUERY_ONLY', http: { status: 400 } } });
const notFoundError = () =>
  new GraphQLError(NOT_FOUND_MESSAGE, { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 404 } } });
const noDocumentError = () => new GraphQLError(NO_DOCUMENT_MESSAGE, { extensions: { code: 'BAD_REQUEST', http: { status: 400 } } });

export function useTrustedDocuments(documents: TrustedDocuments): Plugin {
  return usePersistedOperations({
    getPersistedOperation: (id) => documents.lookup(id) ?? null,
    allowArbitraryOperations: !documents.only,
    extractPersistedOperationId: (params, request) => documentIdOf(params as OperationParams, request),
    customErrors: { persistedQueryOnly: onlyError, notFound: notFoundError, keyNotFound: noDocumentError },
  }) as Plugin;
}

/** The query text a graphql-ws operation runs, by the same rules as over HTTP (graphql-ws requires `query`, so "" means none). */
export function trustedQuery(documents: TrustedDocuments | undefined, params: OperationParams): string {
  const text = typeof params.query === 'string' && params.query.trim() !== '' ? params.query : undefined;
  if (!documents) return text ?? '';
  if (text !== undefined) {
    if (documents.only) throw onlyError();
    return text;
  }
  const id = documentIdOf(params);
  if (id === null) throw noDocumentError();
  const trusted = documents.lookup(id);
  if (trusted === undefined) throw notFoundError();
  return trusted;
}
