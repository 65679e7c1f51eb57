/**
 * The HTTP side of the response cache (docs/caching.md, "The response
 * cache"): a shared answer goes out with Cache-Control public and its
 * remaining lifetime, a strong ETag and Vary on the credentials (a matching
 * If-None-Match is a 304), on GET and persisted documents; anything else is
 * private, no-store.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TOKENS } from '../helpers/gateway.js';
import { bearer } from '../helpers/operations.js';
import { freshGig, get, GIG_AND_SELLER, gw } from './response-cache-fixtures.js';

describe('HTTP caching of shared answers', () => {
  it('GET: Cache-Control public with the remaining lifetime, a strong ETag, Vary on the credentials; a matching If-None-Match is a 304', async () => {
    const { slug } = await freshGig();
    const cold = await get(GIG_AND_SELLER, { slug });
    // The sandbox's answers are fresh 30 s; the seller's may have been kept by an earlier test.
    const maxAge = Number(/^public, max-age=(\d+)$/.exec(cold.headers.get('cache-control') ?? '')?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(30);
    const etag = cold.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(cold.headers.get('vary')).toContain('authorization');
    expect(Date.parse(cold.headers.get('expires')!)).toBeGreaterThan(Date.now());
    expect(cold.headers.get('last-modified')).not.toBeNull();
    const body = (await cold.json()) as { data: unknown };
    const warm = await get(GIG_AND_SELLER, { slug });
    expect(warm.headers.get('etag')).toBe(etag);
    expect(((await warm.json()) as { data: unknown }).data).toEqual(body.data);
    const notModified = await get(GIG_AND_SELLER, { slug }, { 'if-none-match': `W/${etag}` });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect(notModified.headers.get('etag')).toBe(etag);
    expect(notModified.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    const changed = await get(GIG_AND_SELLER, { slug }, { 'if-none-match': '"something-else"' });
    expect(changed.status).toBe(200);
  });

  it("with CORS, the shared answer varies by Origin and by the credential headers (CORS's Vary does not replace ours)", async () => {
    const { slug } = await freshGig();
    const answer = await get(GIG_AND_SELLER, { slug }, { origin: 'https://app.example' });
    expect(answer.headers.get('access-control-allow-origin')).toBe('https://app.example');
    const vary = (answer.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);
    expect(vary).toEqual(expect.arrayContaining(['origin', 'authorization', 'x-seo-api-key', 'x-items-api-key']));
  });

  it('a persisted document (APQ hash) gets the same headers over POST; a POST of query text says private, no-store', async () => {
    const { slug } = await freshGig();
    const hash = createHash('sha256').update(GIG_AND_SELLER).digest('hex');
    const post = (body: unknown) =>
      fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const extensions = { persistedQuery: { version: 1, sha256Hash: hash } };
    const text = await post({ query: GIG_AND_SELLER, variables: { slug }, extensions: undefined });
    expect(text.headers.get('cache-control')).toBe('private, no-store');
    expect(text.headers.get('etag')).toBeNull();
    await post({ query: GIG_AND_SELLER, variables: { slug }, extensions });
    const persisted = await post({ variables: { slug }, extensions });
    expect(persisted.status).toBe(200);
    expect(persisted.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(persisted.headers.get('etag')).toMatch(/^"/);
  });

  it('only a JSON answer is shared over HTTP, and it varies by Accept: an event stream (no-cache, as Yoga says) or multipart answer (private, no-store) is not', async () => {
    const { slug } = await freshGig();
    const json = await get(GIG_AND_SELLER, { slug });
    const etag = json.headers.get('etag')!;
    expect(json.headers.get('cache-control')).toMatch(/^public, /);
    expect((json.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/)).toContain('accept');
    for (const accept of ['text/event-stream', 'multipart/mixed']) {
      // A cache in front must never hand this body to a caller that asked for JSON (nor a 304 for it).
      const other = await get(GIG_AND_SELLER, { slug }, { accept, 'if-none-match': etag });
      expect(other.status).toBe(200);
      expect(other.headers.get('content-type')).toContain(accept);
      expect(other.headers.get('cache-control')).toBe(accept === 'text/event-stream' ? 'no-cache' : 'private, no-store');
      expect(other.headers.get('etag')).toBeNull();
      expect(await other.text()).toContain(slug);
    }
  });

  it('an answer that is not shared says private, no-store and carries no validator', async () => {
    const { slug } = await freshGig();
    const query = 'query($slug: String!) { gig(slug: $slug) { title } me { username } }';
    const answer = await get(query, { slug }, bearer(TOKENS.buyer));
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    expect(answer.headers.get('etag')).toBeNull();
    expect(answer.headers.get('expires')).toBeNull();
  });
});
