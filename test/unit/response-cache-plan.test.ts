/**
 * Which operations the response cache may share, decided from the document
 * alone (src/plugins/response-cache/operation-plan.ts): one test per rule,
 * against the real schema and its `@upstream` rows; and the per-request record
 * of upstream answers that confirms it (public-cache/public-reads.ts).
 */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { planOf } from '../../src/plugins/response-cache/operation-plan.js';
import { PublicReads } from '../../src/upstreams/public-cache/public-reads.js';

const plan = (text: string, operationName?: string) => planOf(schema, parse(text), operationName);

describe('the plan of an operation', () => {
  it('shares a query whose every row is public, for any caller', () => {
    expect(plan('{ gig(slug: "a") { title seller { username } reviews(first: 2) { nodes { rating reviewer { username } } } } }')).toEqual({
      shareable: true,
      anonymousOnly: false,
      readsReference: false,
    });
  });

  it('shares a row that carries a token when there is one (public-when-anonymous) only between callers with none', () => {
    expect(plan('{ seller(username: "a") { gigs(first: 2) { nodes { slug } } } }')).toMatchObject({ shareable: true, anonymousOnly: true });
    expect(plan('{ gigs(first: 2) { nodes { slug } } }')).toMatchObject({ shareable: true, anonymousOnly: true });
  });

  it('never shares a private field anywhere: at the root, nested, or inside a fragment', () => {
    expect(plan('{ gig(slug: "a") { title } me { username } }').shareable).toBe(false);
    expect(plan('{ gig(slug: "a") { title } ...Mine } fragment Mine on Query { wallet { balance } }').shareable).toBe(false);
    expect(plan('{ gig(slug: "a") { ... on Gig { title } } item(id: "1") { id } }').shareable).toBe(false);
  });

  it('judges a field by its name, whatever its alias, and whether or not @include/@skip would run it', () => {
    expect(plan('{ gig: me { username } }').shareable).toBe(false);
    expect(plan('{ gig(slug: "a") { title } me @include(if: false) { username } }').shareable).toBe(false);
    expect(plan('query($mine: Boolean!) { gig(slug: "a") { title } me @skip(if: $mine) { username } }').shareable).toBe(false);
    expect(plan('{ gig(slug: "a") { title typename: __typename } kind: __type(name: "Gig") { name } }').shareable).toBe(false);
  });

  it('never shares a root field with no upstream row: node could read anything', () => {
    expect(plan('{ node(id: "x") { id } }')).toMatchObject({ shareable: false, reason: 'Query.node names no upstream row' });
  });

  it('never shares a mutation or a subscription', () => {
    expect(plan('mutation { markNotificationsRead { count } }').shareable).toBe(false);
    expect(plan('subscription { marketplaceEvents { id } }').shareable).toBe(false);
  });

  it('never shares introspection or an answer in parts (@defer, @stream)', () => {
    expect(plan('{ __schema { types { name } } }').shareable).toBe(false);
    expect(plan('{ gig(slug: "a") { title ... @defer { seller { username } } } }').shareable).toBe(false);
  });

  it('plans the operation that runs: a private operation beside it in the document does not count', () => {
    const document = 'query Public { gig(slug: "a") { title } } query Private { me { username } }';
    expect(plan(document, 'Public').shareable).toBe(true);
    expect(plan(document, 'Private').shareable).toBe(false);
  });

  it('never shares an operation that reads no upstream row: nothing says how long it holds', () => {
    expect(plan('{ __typename }')).toMatchObject({ shareable: false, reason: 'reads no upstream row' });
  });

  it('notes reference data, which lives apart from the request', () => {
    expect(plan('{ gig(slug: "a") { category { name } } }')).toMatchObject({ shareable: true, readsReference: true });
  });

  it('is computed once per document', () => {
    const document = parse('{ gig(slug: "a") { title } }');
    expect(planOf(schema, document, undefined)).toBe(planOf(schema, document, undefined));
  });
});

describe("the request's record of the upstream answers it used", () => {
  it('lives as long as its shortest-lived answer, and carries every tag', () => {
    const reads = new PublicReads();
    reads.kept(10_000, ['marketplace:gig:a']);
    reads.kept(4_000, ['marketplace:seller:b']);
    expect(reads.lifetimeAt(1_000)).toBe(3_000);
    expect(reads.tags).toEqual(['marketplace:gig:a', 'marketplace:seller:b']);
  });

  it('is not shared at all once one answer was not a kept public one, or when nothing was read', () => {
    const reads = new PublicReads();
    expect(reads.lifetimeAt(0)).toBe(0);
    reads.kept(10_000, []);
    reads.unkept();
    expect(reads.lifetimeAt(0)).toBe(0);
  });
});
