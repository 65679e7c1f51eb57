/**
 * The operation rows every upstream call is made from: the facts derived from
 * the document (public, idempotent, paged) hold for every row, each field of
 * the schema that cites an operation finds its row, and a row turns typed
 * arguments into the request (encoded path, subject, page parameters).
 */
import { isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { requestParts, subjectOf } from '../../src/upstreams/call.js';
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';
import { seoOperations } from '../../src/upstreams/seo/operations.js';
import { itemsOperations } from '../../src/upstreams/items/operations.js';
import { operationOfField } from '../../src/upstreams/operation-index.js';
import type { AnyOperation } from '../../src/upstreams/operations.js';

const rows: AnyOperation[] = [...Object.values(marketplaceOperations), ...Object.values(seoOperations), ...Object.values(itemsOperations)];

describe('operation rows', () => {
  it('are idempotent exactly when they are GETs', () => {
    for (const row of rows) expect(row.idempotent, row.id).toBe(row.method === 'GET');
  });

  it('each carry one sharing value, shared only for marketplace GETs that need no credential and answer everyone alike', () => {
    for (const row of rows) {
      const anyone = row.service === 'marketplace' && row.method === 'GET' && row.scope === null && !row.personalised;
      const expected = !anyone ? 'private' : row.referenceScope === undefined ? 'public' : 'public-when-anonymous';
      expect([row.service, row.id, row.sharing]).toEqual([row.service, row.id, expected]);
    }
    expect(marketplaceOperations.gigsShow.sharing).toBe('public');
    expect(marketplaceOperations.me.sharing).toBe('private'); // needs users.read
    expect(marketplaceOperations.gigsQuote.sharing).toBe('private'); // a POST
    expect(marketplaceOperations.gigsIndex.sharing).toBe('public-when-anonymous'); // its reference lists gigs.read
    // Neither the website-analysis nor the item-store service answers without the caller's key.
    expect([...Object.values(seoOperations), ...Object.values(itemsOperations)].filter((row) => row.sharing !== 'private')).toEqual([]);
  });

  it('are paged exactly when they read a page envelope, with the sizes the service accepts', () => {
    for (const row of rows) expect(row.paginated !== null, row.id).toBe(row.envelope === 'page');
    expect(marketplaceOperations.gigsIndex.paginated).toEqual({ max: 100 });
    expect(seoOperations.listReports.paginated).toEqual([10, 25, 50, 100]);
  });

  it('back every schema field that cites an operation', () => {
    let cited = 0;
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        if (!(field.extensions?.directives as Record<string, unknown> | undefined)?.upstream) continue;
        cited++;
        expect(operationOfField(field), `${type.name}.${field.name}`).toBeDefined();
      }
    }
    expect(cited).toBeGreaterThan(100);
  });
});

describe('requestParts', () => {
  it('encodes each path parameter as one segment and names the subject', () => {
    const args = { username: 'a/b', project: 'x y' };
    expect(requestParts(marketplaceOperations.sellersPortfolioShow, args)).toEqual({
      path: '/sellers/a%2Fb/portfolio/x%20y',
      query: undefined,
    });
    expect(subjectOf(marketplaceOperations.sellersPortfolioShow, args)).toBe("portfolio project 'x y' of seller 'a/b'");
  });

  it("adds the page of a paged row and maps the query through the row's encoder", () => {
    const args = { query: { search: 'https://a.example/', sortBy: 'score' }, page: 2, perPage: 25 };
    const parts = requestParts(seoOperations.listReports, args);
    expect(parts.query).toEqual({
      search: 'https://a.example/',
      search_by: 'url',
      project: undefined,
      result: undefined,
      sort_by: 'score',
      sort: undefined,
      page: 2,
      per_page: 25,
    });
    expect(subjectOf(seoOperations.listReports, args)).toBe('listReports');
  });

  it('refuses an identifier that would add a path segment', () => {
    expect(() => requestParts(marketplaceOperations.gigsShow, { slug: '..' })).toThrow(/not a valid identifier/);
  });
});
