/**
 * `extensions.http` (a status, headers such as a cached answer's ETag and Expires) is a hint from a plugin
 * to the HTTP response that carries the result; Yoga drops it from what an HTTP caller reads. A streaming
 * caller (graphql-ws, graphql-sse's single-connection mode) has no such response: it reads no `http`
 * on any result, one with data included, nor on any of its errors.
 */
import { GraphQLError } from 'graphql';
import { createClient } from 'graphql-sse';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MarketplaceClient } from '../../src/upstreams/marketplace/client.js';
import { useTestGateway } from '../helpers/gateway.js';
import { connectWs } from '../helpers/ws.js';

// Public and shareable: the response cache keeps it, and writes its HTTP headers on the result.
const CACHED = '{ seller(username: "pixelcraft") { username name } }';

const FIELD_REFUSED = '{ seller(username: "pixelcraft") { name } }';

type Result = { data?: unknown; errors?: Array<{ extensions?: object }>; extensions?: object };

describe('a result with data, read as a stream', () => {
  const gw = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024), RESPONSE_CACHE_MAX_ENTRIES: '100' }, ['marketplace']);
  afterEach(() => {
    vi.restoreAllMocks();
  });

  /** A field refused with a coded error that carries a hint for the HTTP response (a status and a header). */
  function refuseFieldsWithHttpHints(): void {
    vi.spyOn(MarketplaceClient.prototype, 'call').mockImplementation(() => {
      throw new GraphQLError('Slow down', { extensions: { code: 'RATE_LIMITED', http: { status: 429, headers: { 'retry-after': '1' } } } });
    });
  }

  async function overSse(query: string): Promise<Result[]> {
    const client = createClient({ url: `${gw.url}/graphql`, singleConnection: true, retryAttempts: 0 });
    try {
      const results: Result[] = [];
      for await (const result of client.iterate({ query })) results.push(result as Result);
      return results;
    } finally {
      client.dispose();
    }
  }

  it('over graphql-sse (single connection): its errors are the ones an HTTP caller reads, without http', async () => {
    refuseFieldsWithHttpHints();
    const overHttp = await gw.query(FIELD_REFUSED);
    expect(overHttp.errors?.[0]?.extensions).toMatchObject({ code: 'RATE_LIMITED' });
    const [result] = await overSse(FIELD_REFUSED);
    expect(result).toHaveProperty('data');
    expect(result?.errors).toEqual(overHttp.errors);
    expect(result?.errors?.[0]?.extensions).not.toHaveProperty('http');
  });

  it('over graphql-ws: likewise', async () => {
    refuseFieldsWithHttpHints();
    const overHttp = await gw.query(FIELD_REFUSED);
    const ws = await connectWs(gw.url, {});
    try {
      const [result] = (await ws.run(FIELD_REFUSED)).next as Result[];
      expect(result?.errors).toEqual(overHttp.errors);
    } finally {
      ws.close();
    }
  });

  it('over HTTP carries its hints as headers only', async () => {
    const response = await fetch(`${gw.url}/graphql?query=${encodeURIComponent(CACHED)}`);
    expect(response.headers.get('etag')).toBeTruthy();
    expect(((await response.json()) as Result).extensions ?? {}).not.toHaveProperty('http');
  });

  it('over graphql-sse (single connection) carries no http extension, stored or served from the cache', async () => {
    for (let run = 0; run < 2; run++) {
      const results = await overSse(CACHED);
      expect(results).toHaveLength(1);
      expect(results[0]?.data).toMatchObject({ seller: { username: 'pixelcraft' } });
      expect(results[0]?.extensions ?? {}).not.toHaveProperty('http');
    }
  });

  it('over graphql-ws carries no http extension, stored or served from the cache', async () => {
    const ws = await connectWs(gw.url, {});
    try {
      for (let run = 0; run < 2; run++) {
        const [result] = (await ws.run(CACHED)).next as Result[];
        expect(result?.data).toMatchObject({ seller: { username: 'pixelcraft' } });
        expect(result?.extensions ?? {}).not.toHaveProperty('http');
      }
    } finally {
      ws.close();
    }
  });
});
