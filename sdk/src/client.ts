/**
 * A small GraphQL client for server-to-server callers of the gateway: typed
 * documents in, typed data out, over undici (keep-alive pooling by default).
 * Credentials become exactly the headers the gateway reads; they are never
 * put into an error message.
 */
import { print, type DocumentNode, type GraphQLFormattedError, type OperationDefinitionNode } from 'graphql';
import { request, type Dispatcher } from 'undici';
import type { TypedDocumentNode } from '@graphql-typed-document-node/core';
import { UnigraphError } from './errors.js';

/** What the caller holds; each one unlocks one upstream service. */
export interface Credentials {
  /** Marketplace bearer token → `Authorization: Bearer <token>`. */
  token?: string;
  /** Website-analysis key → `X-Seo-Api-Key`. */
  seoApiKey?: string;
  /** Item-store key → `X-Items-Api-Key`. */
  itemsApiKey?: string;
}

export interface ClientOptions {
  /** The gateway's GraphQL endpoint, e.g. `http://localhost:4000/graphql`. */
  url: string;
  credentials?: Credentials;
  /** Extra headers on every request (e.g. `x-request-id`). */
  headers?: Record<string, string>;
  /** Per-request time limit; default 30 s. */
  timeoutMs?: number;
  /** An undici Agent/Pool of your own (connection limits, TLS); default: undici's global one. */
  dispatcher?: Dispatcher;
}

export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface UnigraphClient {
  /** Runs one operation; resolves to its data, or throws UnigraphError when the answer carries any error. */
  request<TData, TVariables extends Record<string, unknown> = Record<string, never>>(
    document: TypedDocumentNode<TData, TVariables>,
    variables?: TVariables,
    options?: RequestOptions,
  ): Promise<TData>;
}

/** The headers the gateway reads for each credential it was given. */
export function credentialHeaders(credentials: Credentials = {}): Record<string, string> {
  const headers: Record<string, string> = {};
  if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
  if (credentials.seoApiKey) headers['x-seo-api-key'] = credentials.seoApiKey;
  if (credentials.itemsApiKey) headers['x-items-api-key'] = credentials.itemsApiKey;
  return headers;
}

// A document is printed once, however often it is sent.
const printed = new WeakMap<DocumentNode, { query: string; operationName: string | undefined }>();
function serialize(document: DocumentNode) {
  let entry = printed.get(document);
  if (!entry) {
    const operation = document.definitions.find((d): d is OperationDefinitionNode => d.kind === 'OperationDefinition');
    entry = { query: print(document), operationName: operation?.name?.value };
    printed.set(document, entry);
  }
  return entry;
}

interface GraphQLBody {
  data?: unknown;
  errors?: GraphQLFormattedError[];
}

export function createClient(options: ClientOptions): UnigraphClient {
  const endpoint = new URL(options.url);
  const baseHeaders = {
    'content-type': 'application/json',
    accept: 'application/graphql-response+json, application/json',
    ...options.headers,
    ...credentialHeaders(options.credentials),
  };
  const timeoutMs = options.timeoutMs ?? 30_000;

  return {
    async request(document, variables, requestOptions = {}) {
      const { query, operationName } = serialize(document);
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = requestOptions.signal ? AbortSignal.any([requestOptions.signal, timeout]) : timeout;
      let response: Dispatcher.ResponseData;
      try {
        response = await request(endpoint, {
          method: 'POST',
          headers: { ...baseHeaders, ...requestOptions.headers },
          body: JSON.stringify({ query, operationName, variables: variables ?? {} }),
          signal,
          ...(options.dispatcher ? { dispatcher: options.dispatcher } : {}),
        });
      } catch (cause) {
        if (timeout.aborted)
          throw new UnigraphError(`No answer from ${endpoint.origin} within ${timeoutMs} ms`, { code: 'TIMEOUT', cause });
        const reason = cause instanceof Error ? cause.message : String(cause);
        throw new UnigraphError(`Could not reach the gateway at ${endpoint.origin}: ${reason}`, { code: 'NETWORK_ERROR', cause });
      }
      const status = response.statusCode;
      const text = await response.body.text();
      let body: GraphQLBody;
      try {
        body = JSON.parse(text) as GraphQLBody;
      } catch (cause) {
        throw new UnigraphError(`The gateway answered HTTP ${status} without a GraphQL body`, { code: 'BAD_RESPONSE', status, cause });
      }
      if (Array.isArray(body.errors) && body.errors.length > 0) throw UnigraphError.fromGraphQL(body.errors, body.data, status);
      if (body.data === undefined || body.data === null) {
        throw new UnigraphError(`The gateway answered HTTP ${status} with neither data nor errors`, { code: 'BAD_RESPONSE', status });
      }
      return body.data as never;
    },
  };
}
