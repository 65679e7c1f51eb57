/**
 * The federation subgraph endpoint (docs/federation.md), asked as a router
 * asks it: `_service { sdl }` is the checked schema/subgraph.graphql, and
 * `_entities` resolves each entity by its key through the same loaders and
 * with the same caller credentials as the entity's own root field, items
 * batched into one call, each representation failing on its own. The public
 * endpoint does not grow a federation field.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { startOtlpReceiver } from '../helpers/otlp-receiver.js';
import { loadConfig } from '../../src/config.js';
import { ALL_CREDENTIALS, ITEMS_KEY, SEO_KEY, TOKENS, startTestGateway, useTestGateway, type GraphQLResponse } from '../helpers/gateway.js';

const gw = useTestGateway();

const ENTITIES = `query($representations: [_Any!]!) {
  _entities(representations: $representations) {
    __typename
    ... on Seller { username name }
    ... on Gig { slug title }
    ... on User { username }
    ... on Order { id status }
    ... on Item { id itemName: name }
    ... on SeoReport { id url }
  }
}`;

async function subgraph<T = Record<string, unknown>>(
  url: string,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${url}/subgraph`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query, variables }),
  });
  return { status: response.status, ...((await response.json()) as object) } as GraphQLResponse<T> & {
    extensions?: { cost?: { estimated: number; actual: number } };
  };
}

type Entities = { _entities: Array<Record<string, unknown> | null> };

describe('federation subgraph endpoint', () => {
  it('answers _service { sdl } with the checked schema/subgraph.graphql', async () => {
    const res = await subgraph<{ _service: { sdl: string } }>(gw.url, '{ _service { sdl } }');
    expect(res.errors).toBeUndefined();
    expect(`${res.data!._service.sdl}\n`).toBe(readFileSync(new URL('../../schema/subgraph.graphql', import.meta.url), 'utf8'));
    expect(res.data!._service.sdl).toMatch(/type Seller implements Node\s+@key\(fields: "username"\)/);
  });

  it('resolves each entity by its key with the caller credentials, through the same upstream calls', async () => {
    const orders = await gw.query<{ orders: { nodes: Array<{ id: string }> } }>('{ orders(first: 1) { nodes { id } } }', {
      headers: ALL_CREDENTIALS,
    });
    const orderId = orders.data!.orders.nodes[0]!.id;
    gw.resetCalls();
    const representations = [
      { __typename: 'Seller', username: 'pixelcraft' },
      { __typename: 'Order', id: orderId },
      { __typename: 'SeoReport', id: '270' },
      { __typename: 'Item', id: '1' },
    ];
    const res = await subgraph<Entities>(gw.url, ENTITIES, { representations }, ALL_CREDENTIALS);
    expect(res.errors).toBeUndefined();
    expect(res.data!._entities).toEqual([
      expect.objectContaining({ __typename: 'Seller', username: 'pixelcraft' }),
      expect.objectContaining({ __typename: 'Order', id: orderId }),
      expect.objectContaining({ __typename: 'SeoReport', id: '270' }),
      expect.objectContaining({ __typename: 'Item', id: '1' }),
    ]);
    const marketplace = gw.calls('marketplace');
    expect(marketplace.map((c) => c.path).sort()).toEqual([`/api/v1/orders/${orderId}`, '/api/v1/sellers/pixelcraft']);
    // The order needs the caller's token; the seller is a public read, sent without it as `seller(username)` does.
    expect(marketplace.find((c) => c.path.includes('/orders/'))!.headers.authorization).toBe(`Bearer ${TOKENS.buyer}`);
    expect(gw.calls('seo').map((c) => c.headers.authorization)).toEqual([`Bearer ${SEO_KEY}`]);
    // The item store takes its key as the api_key parameter.
    expect(gw.calls('items').map((c) => c.query.api_key)).toEqual([ITEMS_KEY]);
    // Admitted at one call per entity, as `node(id)` is, and made no more.
    expect(res.extensions?.cost).toEqual({ estimated: 4, actual: 4 });
  });

  it('loads many items with one GET /items/all, as many item(id) fields would', async () => {
    const representations = ['1', '2', '3', '4', '5'].map((id) => ({ __typename: 'Item', id }));
    const res = await subgraph<Entities>(gw.url, ENTITIES, { representations }, { 'x-items-api-key': ITEMS_KEY });
    expect(res.errors).toBeUndefined();
    expect(res.data!._entities.map((e) => e?.id)).toEqual(['1', '2', '3', '4', '5']);
    expect(gw.calls('items').map((c) => c.path)).toEqual(['/api/items/all']);
  });

  it('fails one entity with its own field’s error and still answers the others', async () => {
    const representations = [
      { __typename: 'Gig', slug: '..' },
      { __typename: 'Order', id: 'be8eb17a-4c81-47cf-8d2b-59beeaadaa90' },
      { __typename: 'Item', id: 'not-a-number' },
      { __typename: 'User', username: 'pixelcraft' },
    ];
    // No bearer token: the order is refused the way `order(id)` refuses it.
    const res = await subgraph<Entities>(gw.url, ENTITIES, { representations });
    expect(res.data!._entities[3]).toEqual({ __typename: 'User', username: 'pixelcraft' });
    const codeAt = (index: number) => res.errors?.find((e) => e.path?.join('.') === `_entities.${index}`)?.extensions?.code;
    expect(codeAt(0)).toBe('BAD_USER_INPUT');
    expect(codeAt(1)).toBe('UNAUTHENTICATED');
    expect(codeAt(2)).toBe('BAD_USER_INPUT');
    expect(gw.calls('marketplace').map((c) => c.path)).toEqual(['/api/v1/users/pixelcraft']);
  });

  it('refuses an _entities over the cost limit before any upstream call, as the public endpoint would', async () => {
    const representations = Array.from({ length: 1001 }, (_, i) => ({ __typename: 'Seller', username: `seller-${i}` }));
    const res = await subgraph<Entities>(gw.url, ENTITIES, { representations });
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions).toMatchObject({ code: 'QUERY_TOO_COMPLEX', limit: 'cost', cost: 1001, maxCost: 1000 });
    expect(gw.calls('marketplace')).toEqual([]);
  });

  it('leaves the public endpoint without federation fields', async () => {
    const res = await gw.query('{ _service { sdl } }');
    expect(res.status).toBe(400);
    expect(res.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
  });

  it('serves no subgraph with SUBGRAPH_PATH=off', async () => {
    const off = await startTestGateway({ SUBGRAPH_PATH: 'off' }, ['marketplace']);
    try {
      const response = await fetch(`${off.url}/subgraph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query":"{ _service { sdl } }"}',
      });
      expect(response.status).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('SUBGRAPH_PATH', () => {
  const production = {
    NODE_ENV: 'production',
    MARKETPLACE_URL: 'http://127.0.0.1:9',
    SEO_URL: 'http://127.0.0.1:9',
    ITEMS_URL: 'http://127.0.0.1:9',
  };

  it('serves /subgraph outside production and nothing in production unless set', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).subgraphPath).toBe('/subgraph');
    expect(loadConfig(production).subgraphPath).toBeUndefined();
    expect(loadConfig({ ...production, SUBGRAPH_PATH: '/graphql/subgraph' }).subgraphPath).toBe('/graphql/subgraph');
    expect(loadConfig({ NODE_ENV: 'development', SUBGRAPH_PATH: 'off' }).subgraphPath).toBeUndefined();
  });

  it('refuses a value that is not a path, or a path the gateway already serves', () => {
    expect(() => loadConfig({ SUBGRAPH_PATH: 'subgraph' })).toThrow(/SUBGRAPH_PATH: must be a path such as \/subgraph, or off/);
    expect(() => loadConfig({ SUBGRAPH_PATH: '/graphql' })).toThrow(/SUBGRAPH_PATH: must not be a path the gateway already serves/);
  });
});

describe('subgraph tracing', () => {
  it('traces a subgraph request as one SERVER span continuing the router trace, the GraphQL phases and upstream calls below it', async () => {
    const receiver = await startOtlpReceiver();
    const traced = await startTestGateway({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_BSP_SCHEDULE_DELAY: '20' }, ['marketplace']);
    try {
      const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
      const res = await subgraph<Entities>(
        traced.url,
        ENTITIES,
        { representations: [{ __typename: 'Seller', username: 'pixelcraft' }] },
        { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
      );
      expect(res.errors).toBeUndefined();
      await vi.waitFor(() => expect(receiver.spans().some((s) => s.kind === 3)).toBe(true), { timeout: 10_000, interval: 50 });
      const spans = receiver.spans();
      const servers = spans.filter((s) => s.kind === 2);
      expect(servers.map((s) => [s.name, s.traceId])).toEqual([['POST /subgraph', traceId]]);
      const execute = spans.find((s) => s.name === 'graphql.execute');
      expect(execute?.parentSpanId).toBe(servers[0]!.spanId);
      expect(spans.filter((s) => s.kind === 3).every((s) => s.traceId === traceId)).toBe(true);
    } finally {
      await traced.close();
      await receiver.close();
    }
  });
});
