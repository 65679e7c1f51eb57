/**
 * The cost estimate's rules, one by one, on the real schema: variables are
 * coerced with their defaults, an argument the executor would refuse counts
 * as the maximum, a window after a cursor may take two pages, a list without
 * `first` counts UNPAGED_LIST_MAX per element, the fields declared to make
 * several calls per instance exist and call an upstream, and `node`/`nodes`
 * cost what resolving their ids may, as `_entities` costs what resolving its
 * representations may.
 */
import { getOperationAST, parse, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { UNPAGED_LIST_MAX, estimateUpstreamCalls } from '../../src/plugins/upstream-cost.js';
import { declaredCostOf } from '../../src/upstreams/operation-index.js';
import { MAX_SCAN_PAGES, MAX_WINDOW_PAGES, encodeCursor } from '../../src/upstreams/paging.js';
import { encodeGlobalId, MAX_NODE_IDS } from '../../src/global-id.js';
import { schema } from '../../schema/index.js';
import { subgraphSchema } from '../../schema/subgraph.js';

const costOf = (document: string, variables?: Record<string, unknown>) => {
  const doc = parse(document);
  return estimateUpstreamCalls({ schema, document: doc, operation: getOperationAST(doc)!, variables });
};
const NESTED = 'sellers(first: $n) { nodes { gigs(first: $n) { nodes { reviews(first: $n) { totalCount } } } } }';

describe('upstream cost estimate', () => {
  it('uses variable defaults, and the value sent over the default', () => {
    expect(costOf(`query($n: Int = 100) { ${NESTED} }`)).toBe(1 + 100 + 100 * 100);
    expect(costOf(`query($n: Int = 100) { ${NESTED} }`, { n: 2 })).toBe(1 + 2 + 2 * 2);
  });

  it('counts an absent first as the resolvers default (10), and one the executor would refuse as 100', () => {
    expect(costOf('{ sellers { nodes { gigs { totalCount } } } }')).toBe(1 + 10);
    expect(costOf(`query($n: Int) { ${NESTED} }`, { n: null })).toBe(1 + 10 + 10 * 10);
    // Variables that do not coerce: every first counts 100 and every window two pages.
    expect(costOf(`query($n: Int) { ${NESTED} }`, { n: 'many' })).toBe(2 + 100 * (2 + 100 * 2));
    expect(costOf('{ sellers(first: 5000) { nodes { gigs(first: 1) { totalCount } } } }')).toBe(1 + 100);
  });

  it('counts a window after a cursor as up to two pages', () => {
    expect(costOf(`{ gigs(first: 100, after: "${encodeCursor(0)}") { totalCount } }`)).toBe(MAX_WINDOW_PAGES);
    expect(costOf('{ gigs(first: 100, after: null) { totalCount } }')).toBe(1);
  });

  it('counts a list without first at its declared size, and aliases each on their own', () => {
    expect(costOf('{ items { id demoReports(first: 1) { id } } }')).toBe(1 + UNPAGED_LIST_MAX * MAX_SCAN_PAGES);
    expect(costOf('{ a: items { id } b: items { id } }')).toBe(2);
    expect(costOf('{ gigCollections(first: 2) { nodes { gigs { slug } } } }')).toBe(1 + 2 * UNPAGED_LIST_MAX);
  });

  it('counts node(id) by its type: one call, a bounded scan for listed types, nothing for a forged id', () => {
    const seller = encodeGlobalId('Seller', ['pixelcraft']);
    expect(costOf(`{ node(id: "${seller}") { nodeId } }`)).toBe(1);
    expect(costOf(`{ node(id: "${seller}") { ... on Seller { gigs(first: 5) { totalCount } } } }`)).toBe(2);
    expect(costOf(`{ node(id: "${encodeGlobalId('Review', ['some-gig', '1'])}") { nodeId } }`)).toBe(MAX_SCAN_PAGES);
    expect(costOf(`{ node(id: "${encodeGlobalId('BuyerRequest', ['r1'])}") { nodeId } }`)).toBe(2 * MAX_SCAN_PAGES);
    expect(costOf('{ node(id: "1") { nodeId } }')).toBe(0);
    // Unknown until the variables coerce: the costliest type.
    expect(costOf('query($id: ID!) { node(id: $id) { nodeId } }', { id: seller })).toBe(1);
    expect(costOf('query($id: ID!) { node(id: $id) { nodeId } }', { id: { no: 1 } })).toBe(2 * MAX_SCAN_PAGES);
  });

  it('counts nodes(ids) as the sum over its ids, children once per id, and an unknown list as the cap', () => {
    const ids = [encodeGlobalId('Seller', ['a']), encodeGlobalId('Seller', ['b']), encodeGlobalId('SeoProject', ['p'])];
    expect(costOf(`{ nodes(ids: ${JSON.stringify(ids)}) { nodeId } }`)).toBe(2 + MAX_SCAN_PAGES);
    expect(costOf(`{ nodes(ids: ${JSON.stringify(ids)}) { ... on Seller { gigs(first: 5) { totalCount } } } }`)).toBe(
      2 + MAX_SCAN_PAGES + 3,
    );
    expect(costOf('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', { ids })).toBe(2 + MAX_SCAN_PAGES);
    expect(costOf('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', { ids: 'x' })).toBe(0);
    expect(costOf('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', { ids: null })).toBe(MAX_NODE_IDS * 2 * MAX_SCAN_PAGES);
  });

  it('declares several calls (@cost) only on fields that call an upstream, exactly where a resolver scans or loads per element', () => {
    const declared: Record<string, number> = {};
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const weight = declaredCostOf(field);
        if (weight === undefined) continue;
        declared[`${type.name}.${field.name}`] = weight;
        expect((field.extensions?.directives as Record<string, unknown> | undefined)?.upstream, field.name).toBeDefined();
      }
    }
    expect(declared).toEqual({
      'Item.demoReports': MAX_SCAN_PAGES,
      'GigCollection.gigs': UNPAGED_LIST_MAX,
      'Offer.attachments': UNPAGED_LIST_MAX,
    });
  });
});

describe('upstream cost estimate of the federation subgraph', () => {
  const subgraph = subgraphSchema();
  const entitiesCost = (document: string, representations: unknown) => {
    const doc = parse(document);
    return estimateUpstreamCalls({ schema: subgraph, document: doc, operation: getOperationAST(doc)!, variables: { representations } });
  };
  const PLAN = `query($representations: [_Any!]!) { _entities(representations: $representations) {
    ... on Seller { name gigs(first: 5) { nodes { reviews(first: 2) { totalCount } } } }
    ... on Gig { title seller { name } }
    ...itemFields
  } }
  fragment itemFields on Item { name demoReports(first: 1) { id } }`;

  it('counts each representation as its lookup plus the selections of its own type only', () => {
    const seller = { __typename: 'Seller', username: 'pixelcraft' };
    const gig = { __typename: 'Gig', slug: 'logo' };
    const item = { __typename: 'Item', id: '1' };
    // Seller: lookup + gigs page + 5 review pages; Gig: lookup + its seller; Item: lookup + a scan of report pages.
    expect(entitiesCost(PLAN, [seller])).toBe(1 + 1 + 5);
    expect(entitiesCost(PLAN, [gig])).toBe(1 + 1);
    expect(entitiesCost(PLAN, [item])).toBe(1 + MAX_SCAN_PAGES);
    expect(entitiesCost(PLAN, [seller, gig, gig, item])).toBe(7 + 2 * 2 + 1 + MAX_SCAN_PAGES);
  });

  it('counts nothing for representations the resolver refuses before any call', () => {
    expect(entitiesCost(PLAN, [{ __typename: 'Nope', id: '1' }, { username: 'no typename' }])).toBe(0);
    expect(entitiesCost(PLAN, 'not a list')).toBe(0);
  });
});
