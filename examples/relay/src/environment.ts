/**
 * A relay-runtime Environment for the gateway with the one runtime setting
 * Relay needs here: records are keyed by `nodeId` (the global id, the field the
 * compiler's `nodeInterfaceIdField` names), falling back to `id` for types
 * that are no Node. relay-runtime's default keys them by `id`, which on this
 * graph is the upstream's identifier: `Item` "1" and `SeoReport` "1" would be
 * one record, and a refetch by `node(id:)` would write a second copy.
 */
import { Environment, Network, RecordSource, Store, type GraphQLResponse, type RequestParameters, type Variables } from 'relay-runtime';

export const getDataID = (fields: { nodeId?: unknown; id?: unknown }) => fields.nodeId ?? fields.id;

export function createEnvironment(
  url: string,
  headers: Record<string, string> = {},
  options: { defaultDataID?: boolean } = {},
): Environment {
  const fetchQuery = async (operation: RequestParameters, variables: Variables): Promise<GraphQLResponse> => {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json', ...headers },
      body: JSON.stringify({ query: operation.text, operationName: operation.name, variables }),
    });
    return (await response.json()) as GraphQLResponse;
  };
  return new Environment({
    network: Network.create(fetchQuery),
    store: new Store(new RecordSource()),
    // `defaultDataID` shows what goes wrong without the setting (test/integration/relay.test.ts).
    ...(options.defaultDataID ? {} : { getDataID }),
  });
}
