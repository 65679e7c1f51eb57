/**
 * Apollo Client with its persisted-query link and urql with its persisted
 * exchange, each on its documented defaults, pointed at a gateway, with every
 * HTTP request they make recorded (method, whether it carried query text, the
 * hash it named), so a test can assert the APQ round trips themselves.
 */
import { createHash } from 'node:crypto';
import type { DocumentNode } from 'graphql';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { Client, cacheExchange, fetchExchange } from '@urql/core';
import { persistedExchange } from '@urql/exchange-persisted';

export interface SentRequest {
  method: string;
  /** Whether the request carried query text (a registration, or a plain query). */
  withQuery: boolean;
  hash: string | undefined;
}

export interface ClientRun {
  data: unknown;
  /** The first error's code (or message when it has none), undefined on success. */
  error: string | undefined;
}

export interface PersistedQueryClient {
  run(document: DocumentNode, variables?: Record<string, unknown>): Promise<ClientRun>;
  sent: SentRequest[];
}

function recordingFetch(sent: SentRequest[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    const method = init?.method ?? 'GET';
    const fields = method === 'GET' ? Object.fromEntries(url.searchParams) : (JSON.parse(String(init?.body)) as Record<string, unknown>);
    const extensions = typeof fields.extensions === 'string' ? JSON.parse(fields.extensions) : fields.extensions;
    sent.push({ method, withQuery: typeof fields.query === 'string' && fields.query !== '', hash: extensions?.persistedQuery?.sha256Hash });
    return fetch(input, init);
  };
}

const codeOf = (errors: readonly { message: string; extensions?: Record<string, unknown> }[] | undefined) =>
  errors?.[0] ? String(errors[0].extensions?.code ?? errors[0].message) : undefined;

/** Apollo Client 4: `new PersistedQueryLink({ sha256 })` before an HttpLink, as its docs show. */
export function apolloClient(gatewayUrl: string): PersistedQueryClient {
  const sent: SentRequest[] = [];
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
  const client = new ApolloClient({
    cache: new InMemoryCache(),
    link: new PersistedQueryLink({ sha256 }).concat(new HttpLink({ uri: `${gatewayUrl}/graphql`, fetch: recordingFetch(sent) })),
  });
  return {
    sent,
    async run(query, variables) {
      const result = await client.query({ query, variables, fetchPolicy: 'network-only', errorPolicy: 'all' });
      const error = result.error as { errors?: { message: string; extensions?: Record<string, unknown> }[]; message: string } | undefined;
      return { data: result.data, error: error ? (codeOf(error.errors) ?? error.message) : undefined };
    },
  };
}

/** urql: `persistedExchange()` between the cache and fetch exchanges, as its docs show. */
export function urqlClient(gatewayUrl: string, options: Parameters<typeof persistedExchange>[0] = {}): PersistedQueryClient {
  const sent: SentRequest[] = [];
  const client = new Client({
    url: `${gatewayUrl}/graphql`,
    exchanges: [cacheExchange, persistedExchange(options), fetchExchange],
    fetch: recordingFetch(sent),
  });
  return {
    sent,
    async run(query, variables = {}) {
      const result = await client.query(query, variables, { requestPolicy: 'network-only' }).toPromise();
      const error = result.error ? (codeOf(result.error.graphQLErrors) ?? result.error.message) : undefined;
      return { data: result.data, error };
    },
  };
}
