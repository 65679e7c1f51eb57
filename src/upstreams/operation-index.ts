/**
 * Every upstream's operation table, and the row behind a schema field (its
 * `@upstream(service, operation)` directive, schema/upstream-docs.ts), with the
 * calls a field declares beyond one (`@cost(weight:)`). The
 * cost estimate and the look-ahead read a field's row here, so what a field
 * costs, whether it is paged and whether it may be called speculatively come
 * from the same descriptor the client sends.
 */
import { Kind, type GraphQLField } from 'graphql';
import { marketplaceOperations } from './marketplace/operations.js';
import { seoOperations } from './seo/operations.js';
import { itemsOperations } from './items/operations.js';
import type { AnyOperation } from './operations.js';

const tables: Record<string, Readonly<Record<string, AnyOperation>>> = {
  marketplace: marketplaceOperations,
  seo: seoOperations,
  items: itemsOperations,
};

const byField = new WeakMap<object, AnyOperation | null>();

/** The row a field's `@upstream` directive names (Pothos extensions, or the SDL of a printed schema); undefined when none. */
export function operationOfField(field: GraphQLField<unknown, unknown>): AnyOperation | undefined {
  let found = byField.get(field);
  if (found === undefined) {
    found = lookUp(field) ?? null;
    byField.set(field, found);
  }
  return found ?? undefined;
}

const costs = new WeakMap<object, number | null>();

/** The upstream calls a field's `@cost(weight:)` declares for one instance (schema/upstream-docs.ts); undefined when none. */
export function declaredCostOf(field: GraphQLField<unknown, unknown>): number | undefined {
  let found = costs.get(field);
  if (found === undefined) {
    const weight = directiveArgs(field, 'cost').weight;
    found = typeof weight === 'number' ? weight : null;
    costs.set(field, found);
  }
  return found ?? undefined;
}

function lookUp(field: GraphQLField<unknown, unknown>): AnyOperation | undefined {
  const { service, operation } = directiveArgs(field, 'upstream');
  return typeof service === 'string' && typeof operation === 'string' ? tables[service]?.[operation] : undefined;
}

/** A directive's arguments on a field: from Pothos extensions, or the SDL of a printed schema. */
function directiveArgs(field: GraphQLField<unknown, unknown>, name: string): Record<string, unknown> {
  const declared = (field.extensions?.directives as Record<string, unknown> | undefined)?.[name];
  const args = (Array.isArray(declared) ? declared[0] : declared) as Record<string, unknown> | undefined;
  if (args) return args;
  const node = field.astNode?.directives?.find((d) => d.name.value === name);
  const out: Record<string, unknown> = {};
  for (const arg of node?.arguments ?? []) {
    if (arg.value.kind === Kind.STRING) out[arg.name.value] = arg.value.value;
    else if (arg.value.kind === Kind.INT) out[arg.name.value] = Number(arg.value.value);
  }
  return out;
}
