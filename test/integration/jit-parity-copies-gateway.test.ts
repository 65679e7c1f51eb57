/**
 * Documents in the shape clients write (fragments, `__typename` after them) run compiled through their copy with
 * the fragments written out (src/plugins/inline-fragments.ts), inside the real gateway's plugins:
 * - with the response cache on, which hands the executor its own copy of the document (`__typename` added under an
 *   alias) where the compiled query is the one of the document Yoga parsed: over POST, GET, a persisted document's
 *   id (POST and GET), in a batch, and again with the ETag each answer carried. Every answer (status, body,
 *   Cache-Control, ETag) and the upstream calls behind it are those of a gateway that never compiles;
 * - through look-ahead (Seller.gigs, Gig.reviews, Item.purchase, an order's children) on fragments on Node, inline
 *   fragments without a type, fragments spread twice, copies distributed per type under `node`/`nodes`, with the
 *   sandbox making a parent 404 or a child fail: the compiled run (the third) makes the calls the first (Yoga's
 *   executor) made, no more, and answers alike (`extensions.cost` included).
 * Nothing here differed when it was written; it keeps these paths covered.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { compiledRuns } from './jit-counting.js';
import { ALL_CREDENTIALS, startTestGateway, useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { DEMO_PURCHASE_CODES } from '../../src/sandbox/items/index.js';

vi.mock('graphql-jit', async (original) => (await import('./jit-counting.js')).countingJit(await original()));

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';
const globalId = (key: string) => Buffer.from(key).toString('base64url');

const CACHED = [
  `query GigPage($slug: String!) { gig(slug: $slug) { ...GigCard seller { ...SellerCard __typename } __typename } }
   fragment GigCard on Gig { slug title priceFrom __typename ... on Node { nodeId } }
   fragment SellerCard on Seller { username name __typename gigs(first: 2) { nodes { ...Reviewed __typename } } }
   fragment Reviewed on Gig { slug reviews(first: 1) { totalCount nodes { rating __typename } } }`,
  `query NodePage($id: ID!) { node(id: $id) { ... on Node { ...Card __typename } __typename nodeId } }
   fragment Card on Gig { slug title ... { seller { username } } }`,
  `query Twice($slug: String!) { gig(slug: $slug) { __typename } ...Root ...Root }
   fragment Root on Query { gig(slug: $slug) { ...Short __typename } } fragment Short on Gig { slug title __typename }`,
];
const idOf = (document: string) => `sha256:${createHash('sha256').update(document).digest('hex')}`;

describe('with the response cache and persisted documents, compiled copies answer as a gateway that never compiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'jit-parity-copies-'));
  const file = join(dir, 'persisted-documents.json');
  writeFileSync(file, JSON.stringify(Object.fromEntries(CACHED.map((document) => [idOf(document), document]))));
  const env = {
    PERSISTED_DOCUMENTS: file,
    PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024),
    RESPONSE_CACHE_MAX_ENTRIES: '100',
    EXPOSE_COST: 'true',
  };
  // One clock for both, so that their answers' max-age and ETags can be the same.
  let now = Date.now();
  let compiled: TestGateway;
  let plain: TestGateway;
  beforeAll(async () => {
    compiled = await startTestGateway({ ...env, COMPILE_AFTER_EXECUTIONS: '2' }, ['marketplace'], { now: () => now });
    plain = await startTestGateway({ ...env, COMPILE_AFTER_EXECUTIONS: '0' }, ['marketplace'], { now: () => now });
  });
  afterAll(async () => {
    await compiled?.close();
    await plain?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  type Way = 'POST' | 'GET' | 'POST documentId' | 'GET documentId' | 'batch';
  async function send(gw: TestGateway, way: Way, document: string, variables: object, etag?: string) {
    const headers: Record<string, string> = { accept: 'application/graphql-response+json, application/json' };
    if (etag) headers['if-none-match'] = etag;
    const post = (body: unknown) =>
      fetch(`${gw.url}/graphql`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    const get = (params: Record<string, string>) =>
      fetch(`${gw.url}/graphql?${new URLSearchParams({ ...params, variables: JSON.stringify(variables) })}`, { headers });
    const response =
      way === 'GET'
        ? await get({ query: document })
        : way === 'GET documentId'
          ? await get({ documentId: idOf(document) })
          : way === 'POST documentId'
            ? await post({ documentId: idOf(document), variables })
            : way === 'batch'
              ? await post([
                  { query: document, variables },
                  { query: document, variables },
                ])
              : await post({ query: document, variables });
    return {
      status: response.status,
      body: await response.text(),
      cacheControl: response.headers.get('cache-control'),
      etag: response.headers.get('etag'),
      calls: gw.calls('marketplace').length,
    };
  }

  it('every answer, its headers and its upstream calls, on misses and hits, with and without If-None-Match', async () => {
    compiledRuns.count = 0;
    const listed = await fetch(`${compiled.sandbox.urls.marketplace}/api/v1/gigs?per_page=8`);
    const slugs = ((await listed.json()) as { data: Array<{ slug: string }> }).data.map((gig) => gig.slug);
    let sent = 0;
    for (const document of CACHED)
      for (const way of ['POST', 'GET', 'POST documentId', 'GET documentId', 'batch', 'POST', 'GET'] as const)
        for (let repeat = 0; repeat < 3; repeat++) {
          // Eight gigs in turn: some requests miss (and run, compiled from the third on), some hit.
          const slug = slugs[sent++ % slugs.length]!;
          const variables = { slug, id: globalId(`Gig:${slug}`) };
          compiled.resetCalls();
          plain.resetCalls();
          const answer = await send(compiled, way, document, variables);
          expect({ way, ...answer }, document).toEqual({ way, ...(await send(plain, way, document, variables)) });
          if (answer.etag)
            expect(await send(compiled, way, document, variables, answer.etag)).toEqual(
              await send(plain, way, document, variables, answer.etag),
            );
          now += 1;
        }
    expect(compiledRuns.count).toBeGreaterThan(20);
  });
});

const LOOKING_AHEAD: Array<[string, string, Record<string, unknown>?]> = [
  [
    'a fragment on Node narrowing to Gig',
    `query A { gig(slug: "${GIG}") { ...N __typename } } fragment N on Node { nodeId ... on Gig { reviews(first: 1) { totalCount } } }`,
  ],
  [
    'a fragment spread twice beside the field it selects',
    `query B { seller(username: "pixelcraft") { ...S ...S gigs(first: 2) { nodes { slug } } } }
     fragment S on Seller { gigs(first: 2) { nodes { reviews(first: 1) { totalCount } } } }`,
  ],
  [
    'node: a fragment on Node around a fragment on Gig',
    `query C($id: ID!) { node(id: $id) { ... on Node { ...G } __typename } } fragment G on Gig { slug reviews(first: 1) { totalCount } }`,
    { id: globalId(`Gig:${GIG}`) },
  ],
  [
    'node: a seller, its gigs through fragments',
    `query D($id: ID!) { node(id: $id) { __typename ...SS ... on Node { nodeId } } }
     fragment SS on Seller { username gigs(first: 2) { nodes { ...R __typename } } }
     fragment R on Gig { slug reviews(first: 1) { nodes { rating } } }`,
    { id: globalId('Seller:pixelcraft') },
  ],
  [
    'nodes: per-type copies, an inline fragment without a type',
    `query E($ids: [ID!]!) { nodes(ids: $ids) { __typename ... on Seller { gigs(first: 1) { nodes { ... { reviews(first: 1) { totalCount } } slug } } } ...G } }
     fragment G on Gig { slug reviews(first: 2) { totalCount } }`,
    { ids: [globalId(`Gig:${GIG}`), globalId('Seller:pixelcraft')] },
  ],
  [
    'Item.purchase through a fragment and an inline fragment',
    `query F($code: String!) { one: item(id: "1") { ...P __typename } two: item(id: "2") { ... { purchase(code: $code) { valid } } __typename } }
     fragment P on Item { purchase(code: $code) { valid reason } }`,
    { code: DEMO_PURCHASE_CODES.item1 },
  ],
  [
    "an order's children through a fragment",
    `query G { orders(first: 2) { nodes { ...O __typename } } }
     fragment O on Order { id ... on Node { nodeId } gig { slug } seller { username } deliveries { id } revisions { id } }`,
  ],
  [
    'connection edges under fragments on Node',
    `query H { seller(username: "pixelcraft") { ...E __typename } }
     fragment E on Seller { gigs(first: 2) { edges { node { ... on Node { ... on Gig { reviews(first: 1) { totalCount } } } __typename } } } }`,
  ],
];

/** An answer with its errors sorted: an error answer is Yoga's executor's either way, its errors listed as the upstreams answered. */
const comparable = (body: string) => {
  const answer = JSON.parse(body) as { errors?: unknown[] };
  if (answer.errors) answer.errors = answer.errors.map((error) => JSON.stringify(error)).sort();
  return answer;
};

describe.each([
  ['no fault', undefined],
  ['a seller 404', { kind: 'status', status: 404, method: 'GET', pathIncludes: '/sellers/pixelcraft' }],
  ['every review list 404', { kind: 'status', status: 404, method: 'GET', pathIncludes: '/reviews' }],
] as const)('look-ahead through copies, %s: the compiled run makes the calls Yoga executor made', (_name, fault) => {
  const gw = useTestGateway({ COMPILE_AFTER_EXECUTIONS: '2', EXPOSE_COST: 'true' });
  beforeEach(() => void (compiledRuns.count = 0));

  it.each(LOOKING_AHEAD)('%s', async (_case, query, variables) => {
    if (fault) gw.sandbox.services.marketplace!.control.setFaults([fault]);
    const runs = [];
    for (let run = 0; run < 3; run++) {
      gw.resetCalls();
      const response = await fetch(`${gw.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...ALL_CREDENTIALS },
        body: JSON.stringify({ query, variables }),
      });
      const calls = (['marketplace', 'items'] as const).flatMap((name) =>
        gw.calls(name).map((call) => `${name} ${call.method} ${call.path}`),
      );
      runs.push({ answer: comparable(await response.text()), calls: calls.sort() });
    }
    expect(runs[0]!.calls.length).toBeGreaterThan(0);
    expect(runs[2]).toEqual(runs[0]);
    expect(compiledRuns.count).toBe(2);
  });
});
