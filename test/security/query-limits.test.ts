/**
 * Query abuse limits, applied before execution so a rejected request makes
 * zero upstream calls: depth, aliases, directives, tokens and the upstream
 * call cost (a list's `first` multiplies its children), batch and body
 * size; plus introspection switched off and the CORS allow-list (CSRF:
 * csrf.test.ts). The README and benchmark operations stay within the defaults.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { parse, getOperationAST } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { estimateUpstreamCalls } from '../../src/plugins/upstream-cost.js';
import { schema } from '../../schema/index.js';
import { ALL_CREDENTIALS, startTestGateway, useTestGateway, type GraphQLResponse, type TestGateway } from '../helpers/gateway.js';
import { connectWs } from '../helpers/ws.js';

const gw = useTestGateway();

const upstreamCalls = (g: TestGateway) => g.calls('marketplace').length + g.calls('seo').length + g.calls('items').length;
const expectRejected = (res: GraphQLResponse, limit: string) => {
  expect(res.data ?? null).toBeNull();
  expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit });
  expect(upstreamCalls(gw)).toBe(0);
};
const costOf = (document: string, variables: Record<string, unknown> = {}) => {
  const doc = parse(document);
  return estimateUpstreamCalls({ schema, document: doc, operation: getOperationAST(doc)!, variables });
};

describe('limits before execution', () => {
  it('rejects a depth bomb with zero upstream calls', async () => {
    let selection = 'slug';
    for (let i = 0; i < 8; i++) selection = `seller { gigs(first: 1) { nodes { ${selection} } } }`;
    expectRejected(await gw.query(`{ gig(slug: "x") { ${selection} } }`, { headers: ALL_CREDENTIALS }), 'depth');
  });

  it('rejects an alias flood with zero upstream calls', async () => {
    const fields = Array.from({ length: 40 }, (_, i) => `a${i}: seller(username: "pixelcraft") { name }`).join(' ');
    expectRejected(await gw.query(`{ ${fields} }`), 'aliases');
  });

  it('rejects a cost bomb (nested firsts multiply) with zero upstream calls', async () => {
    const res = await gw.query(
      '{ sellers(first: 100) { nodes { gigs(first: 100) { nodes { reviews(first: 100) { nodes { rating } } } } } } }',
    );
    expectRejected(res, 'cost');
    expect(res.errors?.[0]?.extensions?.cost).toBe(1 + 100 + 100 * 100);
  });

  it('counts variables in the cost, so a bomb cannot hide behind $first', async () => {
    const res = await gw.query(
      'query($n: Int) { sellers(first: $n) { nodes { gigs(first: $n) { nodes { reviews(first: $n) { totalCount } } } } } }',
      {
        variables: { n: 100 },
      },
    );
    expectRejected(res, 'cost');
  });

  it('rejects a token flood and a directive flood with zero upstream calls', async () => {
    expectRejected(await gw.query(`{ ${'categories { slug } '.repeat(800)} }`), 'tokens');
    expectRejected(await gw.query(`{ categories ${'@include(if: true) '.repeat(60)} { slug } }`), 'directives');
  });

  it('costs upstream calls: one per upstream field, times the first of each list above it', () => {
    expect(costOf('{ seller(username: "a") { gigs(first: 50) { nodes { reviews(first: 50) { nodes { rating } } } } } }')).toBe(1 + 1 + 50);
    expect(costOf('{ seller(username: "a") { name username } }')).toBe(1);
    expect(costOf('query($f: Int) { gigs(first: $f) { nodes { seller { name } } } }', { f: 20 })).toBe(1 + 20);
    // Fragments count like inline selections, wherever they are spread.
    expect(costOf('{ sellers(first: 10) { nodes { ...G } } } fragment G on Seller { gigs(first: 5) { nodes { seller { name } } } }')).toBe(
      1 + 10 * (1 + 5),
    );
  });

  it('lets every README and benchmark operation through the default limits', async () => {
    const dir = new URL('../operations/', import.meta.url);
    const defaults = loadConfig({ NODE_ENV: 'test' }).limits;
    const files = readdirSync(dir).filter((f) => f.endsWith('.graphql'));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), 'utf8');
      // Worst case: every list at its maximum page size.
      const worst = costOf(text.replace(/\$(first|gigs|reviews)\b(?=[^:])/g, '100'));
      expect(worst, file).toBeLessThanOrEqual(defaults.cost);
    }
    const res = await gw.query(readFileSync(new URL('SellerWithGigs.graphql', dir), 'utf8'), { variables: { username: 'pixelcraft' } });
    expect(res.errors).toBeUndefined();
  });
});

describe('forged cursors', () => {
  // Every root connection: the cursor is refused from its text, before the page planner or any upstream call.
  const connections = Object.values(schema.getQueryType()!.getFields()).filter((f) => f.args.some((a) => a.name === 'after'));
  const forged = (text: string) => Buffer.from(text).toString('base64url');

  it('refuses an out-of-range or forged cursor on every connection with BAD_USER_INPUT and zero upstream calls', async () => {
    expect(connections.length).toBeGreaterThan(20);
    for (const cursor of [forged('offset:9007199254740991'), forged('offset:1000000'), forged('offset:-1'), 'not-a-cursor']) {
      for (const field of connections) {
        const res = await gw.query(`query($c: String) { ${field.name}(first: 1, after: $c) { totalCount } }`, {
          variables: { c: cursor },
          headers: ALL_CREDENTIALS,
        });
        expect(
          res.errors?.map((e) => e.extensions?.code),
          `${field.name} after ${cursor}`,
        ).toEqual(['BAD_USER_INPUT']);
      }
    }
    expect(upstreamCalls(gw)).toBe(0);
  });
});

describe('request size', () => {
  it('limits batched requests', async () => {
    const body = JSON.stringify(Array.from({ length: 11 }, () => ({ query: '{ categories { slug } }' })));
    const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    expect(res.status).toBe(413);
    expect(((await res.json()) as GraphQLResponse).errors?.[0]?.extensions).toMatchObject({
      code: 'QUERY_TOO_COMPLEX',
      limit: 'batch',
      maxBatch: 10,
    });
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('runs a batch within the limit', async () => {
    const body = JSON.stringify([{ query: '{ categories { slug } }' }, { query: '{ seller(username: "pixelcraft") { name } }' }]);
    const res = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const results = (await res.json()) as GraphQLResponse[];
    expect(results).toHaveLength(2);
    expect(results.every((r) => r.errors === undefined)).toBe(true);
  });

  it('refuses a body over MAX_BODY_BYTES, declared or chunked', async () => {
    const huge = JSON.stringify({ query: '{ categories { slug } }', variables: { padding: 'x'.repeat(1_100_000) } });
    const declared = await fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: huge });
    expect(declared.status).toBe(413);
    expect(((await declared.json()) as GraphQLResponse).errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');

    const bytes = new TextEncoder().encode(huge);
    const chunked = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 64 * 1024) controller.enqueue(bytes.subarray(i, i + 64 * 1024));
        controller.close();
      },
    });
    const streamed = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: chunked,
      duplex: 'half',
    } as RequestInit);
    expect(streamed.status).toBe(413);
    expect(((await streamed.json()) as GraphQLResponse).errors?.[0]?.extensions?.code).toBe('QUERY_TOO_COMPLEX');
    expect(upstreamCalls(gw)).toBe(0);
  });

  it('still reads a chunked body under the limit', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ query: '{ seller(username: "pixelcraft") { name } }' }));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes.subarray(0, 10));
        controller.enqueue(bytes.subarray(10));
        controller.close();
      },
    });
    const res = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    const answer = (await res.json()) as GraphQLResponse;
    expect(answer.errors).toBeUndefined();
    expect(answer.data).toMatchObject({ seller: { name: expect.any(String) } });
  });
});

describe('production switches', () => {
  let locked: TestGateway;
  beforeAll(async () => {
    locked = await startTestGateway({ INTROSPECTION: 'false', CORS_ORIGINS: 'https://app.example.com' }, ['marketplace']);
  });
  afterAll(() => locked.close());

  it('refuses introspection and hides field suggestions when introspection is off', async () => {
    const res = await locked.query('{ __schema { types { name } } }');
    expect(res.data ?? null).toBeNull();
    expect(res.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(res.errors?.[0]?.message).toMatch(/introspection has been disabled/);
    const typo = await locked.query('{ seler(username: "pixelcraft") { name } }');
    expect(typo.errors?.[0]?.message).not.toMatch(/Did you mean/);
  });

  it('refuses introspection over graphql-ws too, where no HTTP request is parsed', async () => {
    const ws = await connectWs(locked.url);
    try {
      const result = await ws.run('{ __schema { types { name } } }');
      const errors = result.error ?? result.next[0]?.errors;
      expect(result.next.some((payload) => payload.data?.__schema)).toBe(false);
      expect(errors?.[0]?.message).toMatch(/introspection has been disabled/);
    } finally {
      ws.close();
    }
  });

  it('defaults introspection to off in production and on elsewhere', () => {
    const urls = { MARKETPLACE_URL: 'http://m.example', SEO_URL: 'http://s.example', ITEMS_URL: 'http://i.example' };
    expect(loadConfig({ NODE_ENV: 'production', ...urls }).introspection).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', ...urls, INTROSPECTION: 'true' }).introspection).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).introspection).toBe(true);
  });

  it('answers CORS preflights only for allow-listed origins', async () => {
    const preflight = (origin: string) =>
      fetch(`${locked.url}/graphql`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type,authorization' },
      });
    const allowed = await preflight('https://app.example.com');
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const other = await preflight('https://evil.example.com');
    // Yoga answers with the allowed origin (or none), which a browser at evil.example.com refuses.
    expect([null, 'https://app.example.com']).toContain(other.headers.get('access-control-allow-origin'));
  });
});
