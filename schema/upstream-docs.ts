/**
 * Options for a field backed by an upstream operation (README, "The whole graph"):
 * its description starts with `Upstream:` on the canonical field, `Via:` on
 * any other field reusing the operation, and an `@upstream` directive carries
 * the same facts for tools. Spread the result into the field's options:
 * `t.field({ ...upstream.marketplace('ordersShow'), type: Order, ... })`.
 */
import { GraphQLBoolean, GraphQLDirective, GraphQLInt, GraphQLNonNull, GraphQLString, DirectiveLocation } from 'graphql';
import { marketplaceOperations, type MarketplaceOperationId } from '../src/upstreams/marketplace/operations.js';
import { seoOperations, type SeoOperationId } from '../src/upstreams/seo/operations.js';
import { itemsOperations, type ItemsOperationId } from '../src/upstreams/items/operations.js';
import type { AnyOperation, OperationSpec } from '../src/upstreams/operations.js';
import type { UpstreamDirectiveArgs } from './builder.js';

export const upstreamDirective = new GraphQLDirective({
  name: 'upstream',
  description: 'The upstream operation behind a field. canonical: false marks a field that reuses it (Via).',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: {
    service: { type: new GraphQLNonNull(GraphQLString) },
    operation: { type: new GraphQLNonNull(GraphQLString) },
    method: { type: new GraphQLNonNull(GraphQLString) },
    path: { type: new GraphQLNonNull(GraphQLString) },
    scope: { type: GraphQLString, description: 'Scope the marketplace token needs; absent when none is required.' },
    canonical: { type: new GraphQLNonNull(GraphQLBoolean) },
  },
});

/**
 * Demand control's `@cost(weight:)`, as Apollo, Hive Gateway and Cosmo read it: here the weight is the
 * upstream calls one instance of the field may make. Declared only where a field makes more than the
 * one call its `@upstream` row costs (it scans pages, or loads each element of a list); the cost
 * estimate (src/plugins/upstream-cost.ts) and so the run-time call budget read it from the schema.
 */
export const costDirective = new GraphQLDirective({
  name: 'cost',
  description: 'Upstream calls one instance of this field may make, when more than the one call of its @upstream operation.',
  locations: [DirectiveLocation.FIELD_DEFINITION],
  args: { weight: { type: new GraphQLNonNull(GraphQLInt) } },
});

type Lead = 'Upstream' | 'Via';

export interface UpstreamFieldOptions {
  description: string;
  directives: { upstream: UpstreamDirectiveArgs; cost?: { weight: number } };
}

/** The same field options, declaring that one instance may make up to `weight` upstream calls (`@cost`). */
export const costing = (options: UpstreamFieldOptions, weight: number): UpstreamFieldOptions => ({
  ...options,
  directives: { ...options.directives, cost: { weight } },
});

function scopeText(op: OperationSpec): string {
  if (op.scope) return op.scope;
  if (op.referenceScope) return `none (a token is forwarded when sent, never required; the endpoint reference lists ${op.referenceScope})`;
  return 'none';
}

function options(service: string, id: string, op: OperationSpec, lead: Lead, line: string, text?: string): UpstreamFieldOptions {
  return {
    description: text ? `${line}\n\n${text}` : line,
    directives: {
      upstream: {
        service,
        operation: id,
        method: op.method,
        path: op.path,
        ...(op.scope ? { scope: op.scope } : {}),
        canonical: lead === 'Upstream',
      },
    },
  };
}

const marketplace = (lead: Lead) => (id: MarketplaceOperationId, text?: string) => {
  const op: OperationSpec = marketplaceOperations[id];
  return options('marketplace', id, op, lead, `${lead}: ${id} · ${op.method} ${op.path} · scope ${scopeText(op)}`, text);
};
const seo = (lead: Lead) => (id: SeoOperationId, text?: string) => {
  const op: OperationSpec = seoOperations[id];
  return options('seo', id, op, lead, `${lead}: ${op.method} ${op.path} · website analysis`, text);
};
const items = (lead: Lead) => (id: ItemsOperationId, text?: string) => {
  const op: OperationSpec = itemsOperations[id];
  return options('items', id, op, lead, `${lead}: ${op.method} ${op.path} · items`, text);
};

/** The canonical field of an operation. */
export const upstream = { marketplace: marketplace('Upstream'), seo: seo('Upstream'), items: items('Upstream') };
/** Another field that reuses an operation. */
export const via = { marketplace: marketplace('Via'), seo: seo('Via'), items: items('Via') };

/** The options of a field backed by `row`: its canonical field (`Upstream:`), or another reusing it (`Via:`). */
export const documentRow = (row: AnyOperation, canonical: boolean, text?: string): UpstreamFieldOptions =>
  (canonical ? upstream : via)[row.service](row.id as never, text);
