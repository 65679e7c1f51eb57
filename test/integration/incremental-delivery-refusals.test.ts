/**
 * What incremental delivery refuses, always before any upstream call: @defer
 * or @stream asked by a caller that accepts only JSON (406, however the
 * directive is spelled) unless switched off by `if: false`, such an operation
 * inside a batch (an error entry, never `{}`), and a negative
 * `@stream(initialCount:)` (BAD_USER_INPUT over HTTP and graphql-ws).
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { postIncremental, type Part } from '../helpers/incremental.js';
import { connectWs } from '../helpers/ws.js';
import { SELLER_WITH_DEFERRED_GIGS } from './incremental-fixtures.js';

const gw = useTestGateway();

describe('@defer', () => {
  it('a caller that accepts only JSON is refused with 406 and BAD_REQUEST, and no upstream is called', async () => {
    const res = await gw.query(SELLER_WITH_DEFERRED_GIGS);
    expect(res.status).toBe(406);
    expect(res.errors?.[0]).toMatchObject({
      message: expect.stringContaining('Accept: multipart/mixed'),
      extensions: { code: 'BAD_REQUEST' },
    });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('an operation of a batched request is refused with BAD_REQUEST, without an upstream call; the others run', async () => {
    const response = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed' },
      body: JSON.stringify([{ query: SELLER_WITH_DEFERRED_GIGS }, { query: '{ __typename }' }]),
    });
    const text = await response.text();
    const [refused, other] = JSON.parse(text.slice(text.indexOf('['), text.lastIndexOf(']') + 1)) as Array<Part['body']>;
    expect(refused!.errors).toEqual([
      expect.objectContaining({ message: expect.stringContaining('batched'), extensions: { code: 'BAD_REQUEST' } }),
    ]);
    expect(other!.data).toEqual({ __typename: 'Query' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  // Legal spellings a text search for "@defer" misses: the parser reads each as the directive.
  it.each([
    ['@ defer', '{ seller(username: "pixelcraft") { name ... @ defer { gigs(first: 1) { totalCount } } } }'],
    ['@,defer', '{ seller(username: "pixelcraft") { name ... @,defer { gigs(first: 1) { totalCount } } } }'],
    ['@⏎defer', '{ seller(username: "pixelcraft") { name ... @\ndefer { gigs(first: 1) { totalCount } } } }'],
    ['@#comment⏎defer', '{ seller(username: "pixelcraft") { name ... @#x\ndefer { gigs(first: 1) { totalCount } } } }'],
    ['@ stream', '{ gigs(first: 2) { nodes @ stream(initialCount: 1) { slug } } }'],
  ])('%s asked as plain JSON is refused with 406 before any upstream call', async (_, query) => {
    const res = await gw.query(query);
    expect(res.status).toBe(406);
    expect(res.errors?.[0]?.extensions?.code).toBe('BAD_REQUEST');
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it('in a batch, every entry has data or errors: `@ defer` is refused as @defer is, never an empty `{}`', async () => {
    const response = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify([
        { query: '{ seller(username: "pixelcraft") { name ... @ defer { gigs(first: 1) { totalCount } } } }' },
        { query: '{ __typename }' },
      ]),
    });
    const entries = (await response.json()) as Array<Part['body']>;
    expect(entries).toHaveLength(2);
    for (const entry of entries) expect('data' in entry || 'errors' in entry).toBe(true);
    expect(entries[0]!.errors?.[0]?.extensions).toEqual({ code: 'BAD_REQUEST' });
    expect(gw.calls('marketplace')).toHaveLength(0);
  });

  it("@defer(if: $d) with $d's default false answers a JSON-only caller in one piece, as the executor reads it", async () => {
    const res = await gw.query(
      'query($d: Boolean = false) { seller(username: "pixelcraft") { name ... @defer(if: $d) { gigs(first: 1) { totalCount } } } }',
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ seller: { name: expect.any(String), gigs: { totalCount: expect.any(Number) } } });
  });

  it('@defer(if: false) answers a JSON-only caller in one piece', async () => {
    const res = await gw.query(
      'query($d: Boolean!) { seller(username: "pixelcraft") { name ... @defer(if: $d) { gigs(first: 1) { totalCount } } } }',
      {
        variables: { d: false },
      },
    );
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ seller: { name: expect.any(String), gigs: { totalCount: expect.any(Number) } } });
  });
});

describe('@stream', () => {
  it.each([
    ['a literal', '{ gigs(first: 2) { nodes @stream(initialCount: -1) { slug } } }', undefined],
    ['a variable', 'query($n: Int!) { gigs(first: 2) { nodes @stream(initialCount: $n) { slug } } }', { n: -2 }],
  ])(
    'a negative initialCount (%s) is a BAD_USER_INPUT error before any upstream call, not an unexpected one',
    async (_, query, variables) => {
      gw.logs.length = 0;
      const { parts } = await postIncremental(gw.url, query, { accept: 'multipart/mixed', variables });
      expect(parts.map((p) => p.body.errors?.map((e) => e.extensions?.code))).toEqual([['BAD_USER_INPUT']]);
      expect(parts[0]!.body.errors![0]!.message).toMatch(/initialCount/);
      expect(gw.calls('marketplace')).toHaveLength(0);
      expect(gw.logs.filter((line) => line.includes('unexpected error'))).toEqual([]);
    },
  );

  it('a negative initialCount over graphql-ws is BAD_USER_INPUT too', async () => {
    gw.logs.length = 0;
    const ws = await connectWs(gw.url);
    try {
      const result = await ws.run('{ gigs(first: 2) { nodes @stream(initialCount: -1) { slug } } }');
      expect([...(result.error ?? []), ...result.next.flatMap((n) => n.errors ?? [])].map((e) => e.extensions?.code)).toEqual([
        'BAD_USER_INPUT',
      ]);
    } finally {
      ws.close();
    }
    expect(gw.calls('marketplace')).toHaveLength(0);
    expect(gw.logs.filter((line) => line.includes('unexpected error'))).toEqual([]);
  });
});
