/**
 * Automatic persisted queries with the real clients on their defaults: Apollo
 * Client's persisted-query link and urql's persisted exchange, against the
 * gateway without trusted documents, with the file codegen.trusted.ts writes,
 * and with PERSISTED_DOCUMENTS_ONLY. The clients' own requests are recorded:
 * a first request names the hash only, a miss is followed by the query with
 * its hash (registration), and the next run is one hash-only request.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { parse, type DocumentNode } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { trustedDocumentsConfig } from '../../codegen.trusted.js';
import { apolloClient, urqlClient, type PersistedQueryClient } from '../helpers/apq-clients.js';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

const out = mkdtempSync(join(tmpdir(), 'apq-clients-'));
let sellerWithGigs: DocumentNode;
let plain: TestGateway;
let mixed: TestGateway;
let only: TestGateway;
let off: TestGateway;

const variables = { username: 'pixelcraft', gigs: 2 };
const upstreamCalls = (g: TestGateway) => g.calls('marketplace').length + g.calls('seo').length + g.calls('items').length;
const hashOnly = { withQuery: false, hash: expect.stringMatching(/^[0-9a-f]{64}$/) };
const registration = { withQuery: true, hash: expect.stringMatching(/^[0-9a-f]{64}$/) };
const clients = { apollo: apolloClient, urql: (url: string) => urqlClient(url) } as const;
/** A query no trusted file holds, new to each test so no earlier registration can serve it. */
let fresh = 0;
const untrusted = () => parse(`query Untrusted${++fresh} { categories { slug name } }`);

beforeAll(async () => {
  await generate(trustedDocumentsConfig('test/operations/*.graphql', out), true);
  const file = join(out, 'persisted-documents.json');
  sellerWithGigs = ((await import(join(out, 'graphql.ts'))) as { SellerWithGigsDocument: DocumentNode }).SellerWithGigsDocument;
  [plain, mixed, only, off] = await Promise.all([
    startTestGateway({ APQ_MAX_DOCUMENT_BYTES: '4096' }),
    startTestGateway({ PERSISTED_DOCUMENTS: file }),
    startTestGateway({ PERSISTED_DOCUMENTS: file, PERSISTED_DOCUMENTS_ONLY: 'true' }),
    startTestGateway({ APQ_MAX_BYTES: '0' }),
  ]);
  expect(Object.keys(JSON.parse(readFileSync(file, 'utf8')) as object).length).toBeGreaterThan(5);
}, 90_000);
afterAll(async () => {
  await Promise.all([plain?.close(), mixed?.close(), only?.close(), off?.close()]);
  rmSync(out, { recursive: true, force: true });
});
beforeEach(() => {
  for (const gateway of [plain, mixed, only]) gateway?.resetCalls();
});

const expectSeller = (run: { data: unknown; error: string | undefined }) => {
  expect(run.error).toBeUndefined();
  expect((run.data as { seller: { gigs: { nodes: unknown[] } } }).seller.gigs.nodes).toHaveLength(2);
};
const expectCategories = (run: { data: unknown; error: string | undefined }) => {
  expect(run.error).toBeUndefined();
  expect((run.data as { categories: unknown[] }).categories.length).toBeGreaterThan(0);
};

describe.each(Object.entries(clients))('%s on its defaults', (_name, open) => {
  let client: PersistedQueryClient;

  it('without trusted documents: hash only, the query on "not found", then one hash-only request', async () => {
    client = open(plain.url);
    const query = untrusted();
    expectCategories(await client.run(query));
    expect(client.sent).toEqual([expect.objectContaining(hashOnly), expect.objectContaining(registration)]);
    expect(client.sent[1]!.hash).toBe(client.sent[0]!.hash);
    client.sent.length = 0;
    expectCategories(await client.run(query));
    expect(client.sent).toEqual([expect.objectContaining(hashOnly)]);
  });

  it('with the trusted file: a trusted operation runs from its first, hash-only request; others register as above', async () => {
    client = open(mixed.url);
    expectSeller(await client.run(sellerWithGigs, variables));
    expect(client.sent).toEqual([expect.objectContaining(hashOnly)]);
    client.sent.length = 0;
    const other = untrusted();
    expectCategories(await client.run(other));
    expectCategories(await client.run(other));
    expect(client.sent).toEqual([
      expect.objectContaining(hashOnly),
      expect.objectContaining(registration),
      expect.objectContaining(hashOnly),
    ]);
  });

  it('with PERSISTED_DOCUMENTS_ONLY: a trusted operation runs in one request; an unknown one is refused and calls nothing', async () => {
    client = open(only.url);
    expectSeller(await client.run(sellerWithGigs, variables));
    expect(client.sent).toEqual([expect.objectContaining(hashOnly)]);
    only.resetCalls();
    const refused = await client.run(untrusted());
    expect(refused.data ?? null).toBeNull();
    expect(refused.error).toMatch(/^PERSISTED_QUERY_(NOT_SUPPORTED|ONLY)$/);
    expect(upstreamCalls(only)).toBe(0);
  });
});

describe('PERSISTED_DOCUMENTS_ONLY: registration is "not supported", so clients stop trying', () => {
  it('Apollo: an unknown operation costs two requests and fails; trusted ones keep running by hash', async () => {
    const client = apolloClient(only.url);
    expect((await client.run(untrusted())).error).toBe('PERSISTED_QUERY_NOT_SUPPORTED');
    expect(client.sent).toEqual([expect.objectContaining(hashOnly), expect.objectContaining(registration)]);
    client.sent.length = 0;
    expectSeller(await client.run(sellerWithGigs, variables));
    expect(client.sent).toEqual([expect.objectContaining(hashOnly)]);
  });

  it('urql on defaults turns persisted queries off for the client (its query text is then refused); with enforcePersistedQueries it keeps to hashes', async () => {
    const defaults = urqlClient(only.url);
    expect((await defaults.run(untrusted())).error).toBe('PERSISTED_QUERY_ONLY');
    expect(defaults.sent.map((r) => [r.withQuery, r.hash !== undefined])).toEqual([
      [false, true],
      [true, true],
      [true, false],
    ]);

    const enforced = urqlClient(only.url, { enforcePersistedQueries: true });
    expect((await enforced.run(untrusted())).error).toBe('PERSISTED_QUERY_NOT_FOUND');
    expectSeller(await enforced.run(sellerWithGigs, variables));
    expect(enforced.sent).toEqual([expect.objectContaining(hashOnly), expect.objectContaining(hashOnly)]);
  });
});

describe('APQ_MAX_BYTES=0 (registration off, query text allowed)', () => {
  it.each(Object.entries(clients))('%s is told "not supported" once, then sends query text only', async (_name, open) => {
    const client = open(off.url);
    expectCategories(await client.run(untrusted()));
    expectCategories(await client.run(untrusted()));
    expect(client.sent.map((r) => [r.withQuery, r.hash !== undefined])).toEqual([
      [false, true],
      [true, false],
      [true, false],
    ]);
  });
});

describe('registration limits', () => {
  const post = async (gateway: TestGateway, body: Record<string, unknown>) => {
    const res = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, ...((await res.json()) as { errors?: { message: string; extensions?: { code?: string } }[] }) };
  };
  const sha256 = async (text: string) => Buffer.from(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text))).toString('hex');
  const apq = (hash: string) => ({ persistedQuery: { version: 1, sha256Hash: hash } });

  it('refuses a query over APQ_MAX_DOCUMENT_BYTES without keeping or running it', async () => {
    const query = `{ categories { slug } }\n# ${'x'.repeat(5000)}`;
    const hash = await sha256(query);
    const refused = await post(plain, { query, extensions: apq(hash) });
    expect(refused.status).toBe(413);
    expect(refused.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_TOO_LARGE');
    const after = await post(plain, { extensions: apq(hash) });
    expect(after.errors?.[0]?.message).toBe('PersistedQueryNotFound');
    expect(upstreamCalls(plain)).toBe(0);
  });

  it('refuses a hash that is not the sha256 of the query', async () => {
    const refused = await post(plain, { query: '{ categories { slug } }', extensions: apq('0'.repeat(64)) });
    expect(refused.status).toBe(400);
    expect(refused.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_MISMATCH');
    expect((await post(plain, { extensions: apq('0'.repeat(64)) })).errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
    expect(upstreamCalls(plain)).toBe(0);
  });

  it('answers a "hash" that is no sha256 as not found, without looking it up', async () => {
    const res = await post(plain, { extensions: apq('x'.repeat(100_000)) });
    expect(res.status).toBe(404);
    expect(res.errors?.[0]?.message).toBe('PersistedQueryNotFound');
  });
});
