/**
 * Every upstream operation has exactly one canonical GraphQL field (its
 * `@upstream(canonical: true)` directive and `Upstream:` description line),
 * and every field that reuses one says `Via:`. `health` may instead serve
 * /readyz. This is the checklist of "nothing missing, nothing half-mapped".
 */
import { readFileSync } from 'node:fs';
import { isObjectType, type GraphQLField } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';
import { seoOperations } from '../../src/upstreams/seo/operations.js';
import { itemsOperations } from '../../src/upstreams/items/operations.js';
import type { UpstreamDirectiveArgs } from '../../schema/builder.js';
import { documentedOperationCount } from '../helpers/upstream-documents.js';

/** Operations served by a gateway route instead of a field. */
const SERVED_ELSEWHERE = new Set(['marketplace:health']);

function upstreamFields() {
  const found: Array<{ coordinate: string; args: UpstreamDirectiveArgs; description: string }> = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields()) as Array<GraphQLField<unknown, unknown>>) {
      // graphql-tools' unordered form: one instance is an object, several an array.
      const value = (field.extensions as { directives?: { upstream?: UpstreamDirectiveArgs | UpstreamDirectiveArgs[] } }).directives
        ?.upstream;
      for (const args of Array.isArray(value) ? value : value ? [value] : []) {
        found.push({ coordinate: `${type.name}.${field.name}`, args, description: field.description ?? '' });
      }
    }
  }
  return found;
}

const allOperations = [
  ...Object.entries(marketplaceOperations).map(([id, op]) => ({ key: `marketplace:${id}`, op })),
  ...Object.entries(seoOperations).map(([id, op]) => ({ key: `seo:${id}`, op })),
  ...Object.entries(itemsOperations).map(([id, op]) => ({ key: `items:${id}`, op })),
];

describe('operation coverage', () => {
  const fields = upstreamFields();
  const canonical = new Map<string, string[]>();
  for (const f of fields.filter((f) => f.args.canonical)) {
    const key = `${f.args.service}:${f.args.operation}`;
    canonical.set(key, [...(canonical.get(key) ?? []), f.coordinate]);
  }

  it('has a row for every operation the three documents describe, and the README says how many', () => {
    expect(allOperations).toHaveLength(documentedOperationCount());
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    expect(readme).toContain(`Every one of the ${documentedOperationCount()} upstream operations has exactly one canonical field`);
  });

  it('gives every operation exactly one canonical field', () => {
    const missing = allOperations.filter(({ key }) => !SERVED_ELSEWHERE.has(key) && !canonical.has(key)).map(({ key }) => key);
    const doubled = [...canonical].filter(([, coords]) => coords.length > 1).map(([key, coords]) => `${key}: ${coords.join(', ')}`);
    expect({ missing, doubled }).toEqual({ missing: [], doubled: [] });
  });

  it('names only operations that exist, and describes each field by its role', () => {
    const known = new Set(allOperations.map(({ key }) => key));
    for (const f of fields) {
      expect(known.has(`${f.args.service}:${f.args.operation}`), f.coordinate).toBe(true);
      expect(f.description.startsWith(f.args.canonical ? 'Upstream: ' : 'Via: '), f.coordinate).toBe(true);
    }
  });

  it('puts reads on Query and writes on Mutation (quote, aiSearch and purchase validation are reads)', () => {
    const reads = new Set(['marketplace:gigsQuote', 'marketplace:aiSearch', 'items:validatePurchase']);
    for (const f of fields.filter((f) => f.args.canonical && (f.coordinate.startsWith('Query.') || f.coordinate.startsWith('Mutation.')))) {
      const isRead = f.args.method === 'GET' || reads.has(`${f.args.service}:${f.args.operation}`);
      expect(f.coordinate.startsWith(isRead ? 'Query.' : 'Mutation.'), f.coordinate).toBe(true);
    }
  });
});
