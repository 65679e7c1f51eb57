/**
 * The federation v2 subgraph (docs/federation.md): the public schema's types
 * and fields, plus `@key` on the entities other subgraphs extend or
 * reference, `_entities`, `_service { sdl }` and `@shareable` where another
 * subgraph may resolve the same value type. Built by the same builder as the
 * public schema (schema/subgraph-plugin.ts keeps the public one unchanged).
 *
 * Each entity is resolved by `entity()` (resolvers/node.ts): the same key
 * checks and per-request loader as its own root field and `node(id)`, so the
 * caller's credentials, the call budget and item batching apply alike.
 */
import type { ObjectRef } from '@pothos/core';
import { PothosFederationPlugin } from '@pothos/plugin-federation';
import type { GraphQLSchema } from 'graphql';
import { entity } from '../resolvers/node.js';
import type { NodeTypeName } from '../src/global-id.js';
import { builder, type BuilderTypes } from './builder.js';
import { Gig } from './gigs.js';
import { Item } from './items.js';
import { Order } from './orders.js';
import { Seller } from './sellers.js';
import { SeoReport } from './seo.js';
import { User } from './users.js';
import { schemaDirectives } from './index.js';
import { provideFederationPlugin } from './subgraph-plugin.js';

provideFederationPlugin(PothosFederationPlugin);

/** Apollo Federation 2.6: understood by Apollo Router, Hive Gateway and Cosmo alike. */
export const FEDERATION_LINK = 'https://specs.apollo.dev/federation/v2.6';

/** Makes `ref` an entity keyed by one field, resolved by `entity()` as `node(id)` resolves `type`. */
function keyedBy<K extends string>(ref: ObjectRef<BuilderTypes, object>, type: NodeTypeName, field: K): void {
  builder.asEntity(ref, {
    // `field` is the selection; a generic K cannot be proven to fit the plugin's template type.
    key: builder.selection<Record<K, string>>(field as never),
    resolveReference: (key, ctx) => entity(type, key[field], ctx),
  });
}

keyedBy(Seller, 'Seller', 'username');
keyedBy(Gig, 'Gig', 'slug');
keyedBy(User, 'User', 'username');
keyedBy(Order, 'Order', 'id');
keyedBy(Item, 'Item', 'id');
keyedBy(SeoReport, 'SeoReport', 'id');

let built: GraphQLSchema | undefined;

/** Built on first use: a gateway that does not serve the subgraph never pays for it. */
export function subgraphSchema(): GraphQLSchema {
  return (built ??= builder.toSubGraphSchema({
    subgraph: true,
    linkUrl: FEDERATION_LINK,
    // Named, not left to the plugin: it would find them with a plain build, where it does not act.
    federationDirectives: ['@key', '@shareable'],
    directives: schemaDirectives,
  }));
}
