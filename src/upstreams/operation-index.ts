/**
 * Every upstream's operation table, and the row behind a schema field (its
 * `@upstream(service, operation)` directive, schema/upstream-docs.ts). The
 * cost estimate and the look-ahead read a field's row here, so what a field
 * costs, whether it is paged and whether it may be called speculatively come
 * from the same descriptor the client sends.
 */
import type { GraphQLField } from 'graphql';
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

function lookUp(field: GraphQLField<unknown, unknown>): AnyOperation | undefined {
  const directives = field.extensions?.directives as Record<string, unknown> | undefined;
  const declared = directives?.upstream;
  const args = (Array.isArray(declared) ? declared[0] : declared) as { service?: string; operation?: string } | undefined;
  if (args?.service && args.operation) return tables[args.service]?.[args.operation];
  const node = field.astNode?.directives?.find((d) => d.name.value === 'upstream');
  const text = (name: string) => {
    const value = node?.arguments?.find((a) => a.name.value === name)?.value;
    return value?.kind === 'StringValue' ? value.value : undefined;
  };
  const service = text('service');
  const operation = text('operation');
  return service && operation ? tables[service]?.[operation] : undefined;
}
