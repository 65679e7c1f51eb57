/**
 * Automatic persisted queries (APQ) as Apollo's persisted-query link and
 * urql's persisted exchange speak them, beside trusted documents:
 *
 * - a hash alone (`extensions.persistedQuery.sha256Hash`) runs the trusted
 *   document or the registered query with that hash; unknown, it is answered
 *   with exactly `PersistedQueryNotFound` (code PERSISTED_QUERY_NOT_FOUND), the
 *   clients' cue to send the query with its hash;
 * - hash + query registers the query (Yoga's APQ plugin checks the hash is the
 *   sha256 of the text, else PERSISTED_QUERY_MISMATCH) in the bounded store
 *   (src/persisted-queries/apq-store.ts) and runs it;
 * - where nothing may be registered (PERSISTED_DOCUMENTS_ONLY, or APQ_MAX_BYTES=0)
 *   hash + query is `PersistedQueryNotSupported` (PERSISTED_QUERY_NOT_SUPPORTED),
 *   the clients' cue to stop registering; trusted hashes still run.
 *
 * `documentId` and PERSISTED_DOCUMENTS_ONLY's refusal of query text stay with
 * use-trusted-documents.ts, which runs after these.
 */
import { GraphQLError } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { useAPQ, type APQStore } from '@graphql-yoga/plugin-apq';
import type { ApqStore } from '../persisted-queries/apq-store.js';
import type { TrustedDocuments } from '../trusted-documents.js';
import { useTrustedDocuments } from './use-trusted-documents.js';

export interface PersistedQueriesOptions {
  trusted?: TrustedDocuments;
  /** Where registered queries are kept; undefined: APQ registration is off (APQ_MAX_BYTES=0). */
  apq?: ApqStore;
}

// The exact messages the clients look for (Apollo also accepts the codes; urql only the messages).
const notFoundError = () =>
  new GraphQLError('PersistedQueryNotFound', { extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 404 } } });
const notSupportedError = () =>
  new GraphQLError('PersistedQueryNotSupported', { extensions: { code: 'PERSISTED_QUERY_NOT_SUPPORTED', http: { status: 400 } } });

const SHA256_HEX = /^[0-9a-f]{64}$/;

/** The APQ hash of a request's extensions (version 1), else undefined. */
function apqHash(extensions: unknown): string | undefined {
  const persisted = (extensions as { persistedQuery?: { version?: unknown; sha256Hash?: unknown } } | null | undefined)?.persistedQuery;
  return persisted?.version === 1 && typeof persisted.sha256Hash === 'string' ? persisted.sha256Hash : undefined;
}

export function usePersistedQueries({ trusted, apq }: PersistedQueriesOptions): Plugin[] {
  const trustedPlugins = trusted ? [useTrustedDocuments(trusted)] : [];
  if (apq && !trusted?.only) return [useAPQ({ store: registeredOrTrusted(apq, trusted) }) as Plugin, ...trustedPlugins].map(onObjectParams);
  return [refuseRegistration(trusted), ...trustedPlugins].map(onObjectParams);
}

/**
 * Yoga hands each entry of a batch to onParams as it came, `null` and `1` included (Yoga refuses those
 * itself, with a code, once the plugins are done). The APQ plugin reads `params.extensions` unguarded,
 * so such an entry reaches these plugins only as an object (found by npm run soak: an uncoded TypeError).
 */
function onObjectParams(plugin: Plugin): Plugin {
  const { onParams } = plugin;
  if (!onParams) return plugin;
  return {
    ...plugin,
    onParams: (payload) => (payload.params !== null && typeof payload.params === 'object' ? onParams(payload) : undefined),
  };
}

/** The APQ plugin's store: a trusted document first (never copied into the store), then what clients registered. */
function registeredOrTrusted(apq: ApqStore, trusted: TrustedDocuments | undefined): APQStore {
  return {
    // Only a sha256 can have been registered: anything else is a miss without a look-up (no megabyte Redis keys).
    get: async (hash) => trusted?.lookup(hash) ?? (SHA256_HEX.test(hash) ? await apq.get(hash) : undefined) ?? null,
    set: async (hash, query) => {
      if (trusted?.lookup(hash) === undefined) await apq.set(hash, query);
    },
  };
}

/** Where nothing may be registered: a trusted hash runs (use-trusted-documents.ts), anything else is told so. */
function refuseRegistration(trusted: TrustedDocuments | undefined): Plugin {
  return {
    onParams({ params }) {
      const hash = apqHash(params.extensions);
      if (hash === undefined) return;
      if (typeof params.query === 'string' && params.query !== '') throw notSupportedError();
      if (trusted?.lookup(hash) !== undefined) return;
      // With trusted documents only, an unknown hash is "not found" (a client then tries registering and is
      // told it is not supported): answered "not supported" at once, Apollo's link would stop sending hashes
      // altogether, trusted ones included. With APQ off and query text allowed, the client should send text.
      throw trusted?.only ? notFoundError() : notSupportedError();
    },
  };
}
