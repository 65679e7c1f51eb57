/**
 * Trusted documents as a frontend team ships them: graphql-codegen's client
 * preset (`persistedDocuments: true`, codegen.trusted.ts) writes
 * persisted-documents.json from the README's operations, the gateway loads it
 * (PERSISTED_DOCUMENTS) and answers a document named by id in every accepted
 * form; with PERSISTED_DOCUMENTS_ONLY query text is refused. A refusal or an
 * unknown id calls no upstream, over HTTP and over graphql-ws alike.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trustedDocumentsConfig } from '../../codegen.trusted.js';
import { startTestGateway, type GraphQLResponse, type TestGateway } from '../helpers/gateway.js';

const out = mkdtempSync(join(tmpdir(), 'trusted-documents-'));
let file: string;
/** The generated id of the README's SellerWithGigs query, as codegen writes it ("sha256:<hex>"). */
let sellerId: string;
let mutationId: string;
let mixed: TestGateway;
let only: TestGateway;

const UNKNOWN = `sha256:${'0'.repeat(64)}`;
const variables = { username: 'pixelcraft', gigs: 2 };
const upstreamCalls = (g: TestGateway) => g.calls('marketplace').length + g.calls('seo').length + g.calls('items').length;
const idOf = (documents: Record<string, string>, start: string) => Object.keys(documents).find((id) => documents[id]!.startsWith(start))!;

beforeAll(async () => {
  await generate(trustedDocumentsConfig('test/operations/*.graphql', out), true);
  file = join(out, 'persisted-documents.json');
  const documents = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  sellerId = idOf(documents, 'query SellerWithGigs');
  mutationId = idOf(documents, 'mutation CreateSeoReport');
  [mixed, only] = await Promise.all([
    startTestGateway({ PERSISTED_DOCUMENTS: file }),
    startTestGateway({ PERSISTED_DOCUMENTS: file, PERSISTED_DOCUMENTS_ONLY: 'true' }),
  ]);
}, 60_000);
afterAll(async () => {
  await Promise.all([mixed?.close(), only?.close()]);
  rmSync(out, { recursive: true, force: true });
});
beforeEach(() => {
  mixed?.resetCalls();
  only?.resetCalls();
});

const post = async (gw: TestGateway, body: Record<string, unknown>) => {
  const res = await fetch(`${gw.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, ...((await res.json()) as Omit<GraphQLResponse, 'status'>) } as GraphQLResponse<{
    seller: { name: string; gigs: { nodes: unknown[] } };
  }>;
};
const get = async (gw: TestGateway, params: Record<string, string>) => {
  const res = await fetch(`${gw.url}/graphql?${new URLSearchParams(params)}`);
  return { status: res.status, ...((await res.json()) as Omit<GraphQLResponse, 'status'>) } as GraphQLResponse<{
    seller: { name: string; gigs: { nodes: unknown[] } };
  }>;
};
const expectSeller = (res: GraphQLResponse<{ seller: { name: string; gigs: { nodes: unknown[] } } }>) => {
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  expect(res.status).toBe(200);
  expect(res.data?.seller.name).toEqual(expect.any(String));
  expect(res.data?.seller.gigs.nodes).toHaveLength(2);
};

describe('codegen output', () => {
  it('is the id the generated client sends', () => {
    expect(sellerId).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(readFileSync(join(out, 'graphql.ts'), 'utf8')).toContain(sellerId);
  });
});

describe('a document named by id (PERSISTED_DOCUMENTS_ONLY)', () => {
  it('runs documentId "sha256:<hex>" in a POST body', async () => {
    expectSeller(await post(only, { documentId: sellerId, variables }));
    expect(only.calls('marketplace').length).toBeGreaterThan(0);
  });

  it('runs a bare "<hex>" documentId', async () => {
    expectSeller(await post(only, { documentId: sellerId.slice('sha256:'.length), variables }));
  });

  it('runs the APQ form, extensions.persistedQuery.sha256Hash', async () => {
    expectSeller(await post(only, { extensions: { persistedQuery: { version: 1, sha256Hash: sellerId.slice(7) } }, variables }));
  });

  it('runs documentId and the APQ extension as GET parameters, with no header', async () => {
    expectSeller(await get(only, { documentId: sellerId, variables: JSON.stringify(variables) }));
    const extensions = JSON.stringify({ persistedQuery: { version: 1, sha256Hash: sellerId.slice(7) } });
    expectSeller(await get(only, { extensions, variables: JSON.stringify(variables) }));
  });

  it('refuses a trusted mutation over GET (POST only), calling nothing', async () => {
    const res = await get(only, { documentId: mutationId, variables: JSON.stringify({ input: { url: 'https://example.org/' } }) });
    expect(res.status).toBe(405);
    expect(res.errors?.[0]?.message).toMatch(/POST/);
    expect(upstreamCalls(only)).toBe(0);
  });

  it('answers an unknown id with PERSISTED_QUERY_NOT_FOUND and calls nothing', async () => {
    for (const res of [
      await post(only, { documentId: UNKNOWN, variables }),
      await get(only, { documentId: UNKNOWN }),
      await post(mixed, { documentId: UNKNOWN }),
    ]) {
      expect(res.data ?? null).toBeNull();
      expect(res.status).toBe(404);
      expect(res.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    }
    expect(upstreamCalls(only) + upstreamCalls(mixed)).toBe(0);
  });

  it('refuses any request carrying query text with PERSISTED_QUERY_ONLY and calls nothing', async () => {
    const text = readFileSync('test/operations/SellerWithGigs.graphql', 'utf8');
    const refusals = [
      await post(only, { query: text, variables }),
      // The trusted text itself, and text next to a valid id, are refused as well: only ids run.
      await post(only, { query: JSON.parse(readFileSync(file, 'utf8'))[sellerId], variables }),
      await post(only, { query: text, documentId: sellerId, variables }),
      await get(only, { query: '{ categories { slug } }' }),
    ];
    for (const res of refusals) {
      expect(res.data ?? null).toBeNull();
      expect(res.status).toBe(400);
      expect(res.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
      expect(res.errors?.[0]?.message).toContain('documentId');
    }
    expect(upstreamCalls(only)).toBe(0);
  });
});

describe('without PERSISTED_DOCUMENTS_ONLY', () => {
  it('runs query text as before, and ids as well', async () => {
    const res = await mixed.query('{ seller(username: "pixelcraft") { name } }');
    expect(res.errors).toBeUndefined();
    expectSeller(await post(mixed, { documentId: sellerId, variables }));
  });
});

describe('over graphql-ws', () => {
  const run = (gw: TestGateway, payload: Record<string, unknown>) =>
    new Promise<GraphQLResponse>((resolve, reject) => {
      const client = createClient({ url: gw.url.replace('http', 'ws') + '/graphql', webSocketImpl: WebSocket, retryAttempts: 0 });
      let result: GraphQLResponse | undefined;
      client.subscribe(payload as never, {
        next: (value) => (result = value as GraphQLResponse),
        error: (error) => (void client.dispose(), Array.isArray(error) ? resolve({ status: 0, errors: error }) : reject(error)),
        complete: () => (void client.dispose(), resolve(result!)),
      });
    });

  it('runs a document by id, refuses query text and unknown ids the same way, calling nothing for them', async () => {
    const byId = await run(only, { query: '', documentId: sellerId, variables });
    expect(byId.errors).toBeUndefined();
    expect((byId.data as { seller: { name: string } }).seller.name).toEqual(expect.any(String));
    const apq = await run(only, { query: '', extensions: { persistedQuery: { version: 1, sha256Hash: sellerId } }, variables });
    expect(apq.errors).toBeUndefined();
    only.resetCalls();
    const text = await run(only, { query: '{ categories { slug } }' });
    expect(text.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_ONLY');
    const unknown = await run(only, { query: '', documentId: UNKNOWN });
    expect(unknown.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(upstreamCalls(only)).toBe(0);
  });
});
