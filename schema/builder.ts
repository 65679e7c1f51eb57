/**
 * The one SchemaBuilder. Fields are nullable by default (Pothos 4): almost
 * every field needs an upstream call, and a failing upstream must null only
 * its own fields (README, "Errors"). Non-null is opted into where a value is
 * already in hand (identifiers, enum values of a fetched record).
 *
 * The directives plugin puts `@upstream(...)` on every field backed by an
 * upstream operation, so tools reading the printed SDL see the operation,
 * method, path and required scope without parsing descriptions. The
 * federation plugin acts only when the subgraph schema is built
 * (schema/subgraph-plugin.ts, schema/subgraph.ts).
 */
import SchemaBuilder from '@pothos/core';
import DirectivesPlugin from '@pothos/plugin-directives';
import type { GatewayContext } from '../src/context.js';
import { subgraphFederationPlugin } from './subgraph-plugin.js';

export type UpstreamDirectiveArgs = {
  service: string;
  operation: string;
  method: string;
  path: string;
  scope?: string | null;
  canonical: boolean;
};

export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  DefaultFieldNullability: true;
  Scalars: {
    // graphql-js always coerces an ID argument to a string; typing it so spares a String() at each use.
    ID: { Input: string; Output: string | number };
    DateTime: { Input: string; Output: string };
    JSON: { Input: unknown; Output: unknown };
    File: { Input: File; Output: File };
  };
  Directives: {
    upstream: { locations: 'FIELD_DEFINITION'; args: UpstreamDirectiveArgs };
    cost: { locations: 'FIELD_DEFINITION'; args: { weight: number } };
  };
}>({
  // Federation first: it lists a field's directives before the directives plugin groups them by
  // name; the other way round it would turn each `@upstream`'s arguments into an array.
  plugins: [subgraphFederationPlugin, DirectivesPlugin],
  directives: { useGraphQLToolsUnorderedDirectives: true },
});

export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

builder.queryType({});
builder.mutationType({});
