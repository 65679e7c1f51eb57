/**
 * The estimate kept per operation (src/plugins/upstream-cost-cache.ts) is the
 * estimate: for one parsed document asked again and again with other
 * variables, each answer equals a fresh estimate, whether the variables that
 * change are ones the estimate reads (`first`, a cursor, an id), ones it does
 * not (a slug), or ones that do not coerce at all.
 */
import { getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { costVariables, estimateUpstreamCallsOnce } from '../../src/plugins/upstream-cost-cache.js';
import { estimateUpstreamCalls } from '../../src/plugins/upstream-cost.js';
import { encodeCursor } from '../../src/upstreams/paging.js';
import { encodeGlobalId } from '../../src/global-id.js';
import { schema } from '../../schema/index.js';

const seller = encodeGlobalId('Seller', ['pixelcraft']);
const review = encodeGlobalId('Review', ['some-gig', '1']);

const CASES: Array<{ document: string; variables: Array<Record<string, unknown> | undefined> }> = [
  {
    document:
      'query($n: Int = 100, $slug: String!) { sellers(first: $n) { nodes { gigs(first: $n) { totalCount } } } gig(slug: $slug) { slug } }',
    variables: [
      { slug: 'a' },
      { n: 2, slug: 'a' },
      { n: 2, slug: 'b' },
      { n: null, slug: 'b' },
      { n: 'many', slug: 'a' },
      { n: 3 },
      { n: 2, slug: 'a' },
      undefined,
    ],
  },
  {
    document: 'query($after: String, $first: Int) { gigs(first: $first, after: $after) { totalCount } }',
    variables: [{}, { after: encodeCursor(0) }, { after: null, first: 5 }, { after: encodeCursor(3), first: 5 }, {}],
  },
  {
    document: 'query($id: ID!) { node(id: $id) { nodeId ... on Seller { gigs(first: 5) { totalCount } } } }',
    variables: [{ id: seller }, { id: review }, { id: '1' }, { id: { no: 1 } }, { id: seller }],
  },
  {
    document: 'query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }',
    variables: [{ ids: [seller] }, { ids: [seller, review] }, { ids: null }, { ids: 'x' }, { ids: [seller] }],
  },
  {
    document: 'fragment G on Seller { gigs(first: $n) { totalCount } } query($n: Int) { seller(username: "pixelcraft") { ...G } }',
    variables: [{ n: 1 }, { n: 7 }, { n: 1 }],
  },
];

describe('the estimate kept per operation', () => {
  it('equals a fresh estimate for every variable set, asked again on the same parsed document', () => {
    for (const { document, variables } of CASES) {
      const doc = parse(document);
      const operation = getOperationAST(doc)!;
      for (let round = 0; round < 2; round++) {
        for (const vars of variables) {
          const input = { schema, document: doc, operation, variables: vars };
          expect(estimateUpstreamCallsOnce(input), `${document} ${JSON.stringify(vars)}`).toBe(estimateUpstreamCalls(input));
        }
      }
    }
  });

  it('keys on the variables of fields whose arguments the estimate reads, and on no other', () => {
    expect(costVariables(parse(CASES[0]!.document))).toEqual(['n']);
    expect(
      costVariables(parse('query($s: String, $n: Int) { gigs(seller: $s, first: $n) { totalCount } gig(slug: $s) { slug } }')),
    ).toEqual(['n', 's']);
    expect(costVariables(parse('query($slug: String!) { gig(slug: $slug) { slug seller { name } } }'))).toEqual([]);
  });
});
