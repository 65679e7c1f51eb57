/**
 * Attack (issue 20, response cache): one strong ETag for two different answers. The ETag is a hash of the data
 * alone (store.ts `etagOf`), but what goes out differs: the same entry is sent as `application/json` or as
 * `application/graphql-response+json` (two representations: `Vary: accept`), and with EXPOSE_COST the answer that
 * filled the entry says what it cost while every hit says `{ estimated: 0, actual: 0 }`. A strong validator is
 * "unique across all versions of all representations associated with a particular resource" and changes whenever
 * the representation data changes (RFC 9110 8.8.1); a cache in front that revalidates its `application/json` copy
 * with that tag (RFC 9111 4.3.1 lets it send every stored tag) gets a 304 for a graphql-response+json request and
 * serves the JSON copy. Brief: "an ETag that matches two different answers"; docs/caching.md "HTTP": "a strong ETag".
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';

const gw = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024), RESPONSE_CACHE_MAX_ENTRIES: '100', EXPOSE_COST: 'true' }, [
  'marketplace',
]);

const get = (query: string, accept: string, headers: Record<string, string> = {}) =>
  fetch(`${gw.url}/graphql?${new URLSearchParams({ query })}`, { headers: { accept, ...headers } });

describe('the strong ETag of a shared answer', () => {
  it('is not the same for two bodies: the answer that filled the entry (its cost) and a hit (cost 0)', async () => {
    const query = '{ gigs(first: 2) { totalCount } }';
    const filled = await get(query, 'application/json');
    const hit = await get(query, 'application/json');
    const [filledBody, hitBody] = [await filled.text(), await hit.text()];
    // Either the same bytes go out each time, or each body has its own tag (today: the cost differs, the tag does not).
    const sameTag = hit.headers.get('etag') === filled.headers.get('etag');
    expect({ sameTag, sameBody: filledBody === hitBody, filledBody, hitBody }).toMatchObject(sameTag ? { sameBody: true } : {});
  });

  it('differs between the two media types it goes out as, so a 304 never stands for the other one', async () => {
    const query = '{ gigs(first: 3) { totalCount } }';
    const json = await get(query, 'application/json');
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const etag = json.headers.get('etag')!;
    const graphqlJson = await get(query, 'application/graphql-response+json', { 'if-none-match': etag });
    // A cache in front revalidating its application/json copy for this request must not be told it is current.
    expect(graphqlJson.status).toBe(200);
    expect(graphqlJson.headers.get('content-type')).toMatch(/^application\/graphql-response\+json/);
    expect(graphqlJson.headers.get('etag')).not.toBe(etag);
  });
});
