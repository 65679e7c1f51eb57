/**
 * The cost estimate (src/plugins/upstream-cost.ts) by property, through its
 * public function on the real schema: nested connections multiply, root
 * fields add up, a fragment costs what its fields cost written inline, and
 * what calls no upstream costs nothing.
 */
import fc from 'fast-check';
import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { estimateUpstreamCalls } from '../../src/plugins/upstream-cost.js';
import { schema } from '../../schema/index.js';

const costOf = (document: string, variables?: Record<string, unknown>) => {
  const doc = parse(document);
  return estimateUpstreamCalls({ schema, document: doc, operation: getOperationAST(doc)!, variables });
};
const first = fc.integer({ min: 1, max: 100 });

describe('upstream cost estimate, by property', () => {
  it('a connection inside a connection costs one call per parent item, for any first', () => {
    fc.assert(
      fc.property(first, first, first, (a, b, c) => {
        const nested = `{ sellers(first: ${a}) { nodes { gigs(first: ${b}) { nodes { reviews(first: ${c}) { totalCount } } } } } }`;
        return costOf(nested) === 1 + a + a * b;
      }),
    );
  });

  it('root fields add up, each alias on its own', () => {
    fc.assert(
      fc.property(first, first, (a, b) => {
        const left = `sellers(first: ${a}) { nodes { gigs(first: 1) { totalCount } } }`;
        const right = `gigs(first: ${b}) { nodes { seller { name } } }`;
        return costOf(`{ x: ${left} y: ${right} }`) === costOf(`{ ${left} }`) + costOf(`{ ${right} }`);
      }),
    );
  });

  it('a named fragment or an inline fragment costs what the same fields written inline cost', () => {
    fc.assert(
      fc.property(first, (a) => {
        const inline = costOf(`{ sellers(first: ${a}) { nodes { gigs(first: 2) { totalCount } } } }`);
        const named = costOf(`query { sellers(first: ${a}) { nodes { ...S } } } fragment S on Seller { gigs(first: 2) { totalCount } }`);
        const spread = costOf(`{ sellers(first: ${a}) { nodes { ... on Seller { gigs(first: 2) { totalCount } } } } }`);
        return named === inline && spread === inline;
      }),
    );
  });

  it('fields that call no upstream cost nothing', () => {
    expect(costOf('{ __typename }')).toBe(0);
    expect(costOf('{ __schema { queryType { name } } }')).toBe(0);
  });
});
