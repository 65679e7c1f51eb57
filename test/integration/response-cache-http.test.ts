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
import { freshGig, get, GIG_AND_SELLER, gw, SELLER_GIGS_REVIEWS } from './response-cache-fixtures.js';

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
    // The answer that filled the entry says its own cost (EXPOSE_COST), so its tag is its own; every hit shares one.
    const hitTag = warm.headers.get('etag')!;
    expect(hitTag).toMatch(/^"[\w-]+"$/);
    expect((await get(GIG_AND_SELLER, { slug })).headers.get('etag')).toBe(hitTag);
    expect(((await warm.json()) as { data: unknown }).data).toEqual(body.data);
    const notModified = await get(GIG_AND_SELLER, { slug }, { 'if-none-match': `W/${hitTag}` });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');
    expect(notModified.headers.get('etag')).toBe(hitTag);
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

  it("a caller whose token goes with a list never gets the anonymous answer's 304 or validator, whatever If-None-Match it sends", async () => {
    const { seller_username: seller } = await freshGig();
    const anonymous = await get(SELLER_GIGS_REVIEWS, { seller });
    const etag = anonymous.headers.get('etag')!;
    expect(etag).toMatch(/^"/);
    for (const ifNoneMatch of [etag, `W/${etag}`, '*']) {
      const signedIn = await get(SELLER_GIGS_REVIEWS, { seller }, { ...bearer(TOKENS.buyer), 'if-none-match': ifNoneMatch });
      expect(signedIn.status).toBe(200);
      expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
      expect(signedIn.headers.get('etag')).toBeNull();
    }
  });

  it('a partial answer (one upstream field failed) is neither shared nor kept: private, no-store, and asked again', async () => {
    const { slug } = await freshGig();
    const query = 'query($slug: String!) { gig(slug: $slug) { title reviews(first: 2) { totalCount } } }';
    gw.sandbox.services.marketplace!.control.setFaults([
      { kind: 'status', status: 500, method: 'GET', pathIncludes: `/gigs/${slug}/reviews` },
    ]);
    try {
      for (let i = 0; i < 2; i++) {
        const partial = await get(query, { slug });
        const body = (await partial.json()) as { data: { gig: { title: string; reviews: null } }; errors?: unknown[] };
        expect(body.data.gig.title).toBeTruthy();
        expect(body.errors).toHaveLength(1);
        expect(partial.headers.get('cache-control')).toBe('private, no-store');
        expect(partial.headers.get('etag')).toBeNull();
      }
      expect(gw.calls('marketplace').filter((c) => c.path === `/api/v1/gigs/${slug}/reviews`).length).toBeGreaterThanOrEqual(2);
    } finally {
      gw.sandbox.services.marketplace!.control.setFaults([]);
    }
  });

  it('a batch is never public and carries no validator, even when every operation in it is a shared answer', async () => {
    const { slug } = await freshGig();
    await get(GIG_AND_SELLER, { slug });
    const batch = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'if-none-match': '*' },
      body: JSON.stringify([
        { query: GIG_AND_SELLER, variables: { slug } },
        { query: GIG_AND_SELLER, variables: { slug } },
      ]),
    });
    expect(batch.status).toBe(200);
    expect(((await batch.json()) as unknown[]).length).toBe(2);
    expect(batch.headers.get('cache-control')).toBe('private, no-store');
    expect(batch.headers.get('etag')).toBeNull();
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
