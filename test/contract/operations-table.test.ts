/**
 * Two tables describe each upstream and both must match its document in
 * docs/upstreams/ (copied verbatim from the upstream's own documents): the
 * gateway's operation table (src/upstreams/<name>/operations.ts), which the
 * clients build requests from, and the sandbox's own routes and scopes
 * (src/sandbox/<name>/), which the integration tests run against. They are
 * written separately on purpose: a mistake in one of them fails here instead
 * of being served back by a simulation built from the same table.
 */
import { describe, expect, it } from 'vitest';
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';
import { seoOperations } from '../../src/upstreams/seo/operations.js';
import { itemsOperations } from '../../src/upstreams/items/operations.js';
import { createMarketplaceRouter, SCOPES } from '../../src/sandbox/marketplace/index.js';
import { MARKETPLACE_ROUTES } from '../../src/sandbox/marketplace/route-table.js';
import { createSeoRouter } from '../../src/sandbox/seo/index.js';
import { createItemsRouter } from '../../src/sandbox/items/index.js';
import {
  documentedScopes,
  itemsEndpoints,
  marketplaceDocument,
  marketplaceEndpointLines,
  seoEndpoints,
  type DocumentedOperation,
} from '../helpers/upstream-documents.js';

const project = (op: {
  method: string;
  path: string;
  scope: string | null;
  referenceScope?: string;
  success: number;
}): DocumentedOperation => ({
  method: op.method,
  path: op.path,
  scope: op.scope,
  referenceScope: op.referenceScope,
  success: op.success,
});

describe('the gateway operation tables match the documents', () => {
  it('marketplace: every documented operation, with the same method, path, scope and status', () => {
    // Every endpoint row of the document parsed (a row the pattern missed would vanish from both sides).
    expect(Object.keys(marketplaceDocument())).toHaveLength(marketplaceEndpointLines());
    const ours = Object.fromEntries(Object.entries(marketplaceOperations).map(([id, op]) => [id, project(op)]));
    expect(ours).toEqual(marketplaceDocument());
  });

  it('website analysis: the endpoints of section 4 (PUT stands for "PUT or PATCH")', () => {
    const documented = seoEndpoints().filter((line) => !line.startsWith('PATCH '));
    expect(
      Object.values(seoOperations)
        .map((op) => `${op.method} ${op.path}`)
        .sort(),
    ).toEqual(documented);
  });

  it('items: the endpoints of section 4', () => {
    expect(
      Object.values(itemsOperations)
        .map((op) => `${op.method} ${op.path}`)
        .sort(),
    ).toEqual(itemsEndpoints());
  });
});

describe('the sandbox routes and scopes match the documents', () => {
  it('marketplace: the route table has every documented operation, with the same method, path, scope and status', () => {
    const ours = Object.fromEntries([...MARKETPLACE_ROUTES].map(([id, route]) => [id, project(route)]));
    expect(ours).toEqual(marketplaceDocument());
  });

  it('marketplace: the router serves exactly the documented method and path of each operation', () => {
    const served = createMarketplaceRouter({ seed: 1 }).routes().sort();
    expect(served).toEqual(
      Object.values(marketplaceDocument())
        .map((op) => `${op.method} ${op.path}`)
        .sort(),
    );
  });

  it('marketplace: the published scopes are those of section 5 with their restricted flag, and every route scope is one of them', () => {
    const published = Object.fromEntries(SCOPES.map((s) => [s.slug, s.restricted]));
    expect(published).toEqual(documentedScopes());
    expect(SCOPES).toHaveLength(Object.keys(documentedScopes()).length);
    for (const route of MARKETPLACE_ROUTES.values()) {
      if (route.scope) expect([route.id, route.scope in published]).toEqual([route.id, true]);
    }
  });

  it('website analysis: the router serves the endpoints of section 4, PUT and PATCH both', () => {
    expect(createSeoRouter({ seed: 1 }).routes().sort()).toEqual(seoEndpoints());
  });

  it('items: the router serves the endpoints of section 4', () => {
    expect(createItemsRouter({ seed: 1 }).routes().sort()).toEqual(itemsEndpoints());
  });
});
