/**
 * The response cache with trusted documents only (PERSISTED_DOCUMENTS_ONLY):
 * a document named by `documentId`, over POST or GET, is answered whole with
 * the public HTTP headers; the same text sent as a query is still refused,
 * although its answer is in the cache (the look-up runs only where the
 * operation would run).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestGateway, type TestGateway } from '../helpers/gateway.js';

const GIG = 'query Gig($slug: String!) { gig(slug: $slug) { slug title seller { username } } }';
const ID = `sha256:${createHash('sha256').update(GIG).digest('hex')}`;
const dir = mkdtempSync(join(tmpdir(), 'response-cache-trusted-'));
let gw: TestGateway;
let slug: string;

beforeAll(async () => {
  const file = join(dir, 'persisted-documents.json');
  writeFileSync(file, JSON.stringify({ [ID]: GIG }));
  gw = await startTestGateway(
    {
      PERSISTED_DOCUMENTS: file,
      PERSISTED_DOCUMENTS_ONLY: 'true',
      PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024),
      RESPONSE_CACHE_MAX_ENTRIES: '100',
    },
    ['marketplace'],
  );
  const res = await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?per_page=1`);
  slug = ((await res.json()) as { data: Array<{ slug: string }> }).data[0]!.slug;
});
afterAll(async () => {
  await gw?.close();
  rmSync(dir, { recursive: true, force: true });
});

const post = (body: unknown) =>
  fetch(`${gw.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('trusted documents only, with the response cache', () => {
  it('a documentId request is answered whole, public over POST and GET, 304 on a matching If-None-Match', async () => {
    const cold = await post({ documentId: ID, variables: { slug } });
    expect(cold.status).toBe(200);
    expect(cold.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    gw.resetCalls();
    const url = `${gw.url}/graphql?${new URLSearchParams({ documentId: ID, variables: JSON.stringify({ slug }) })}`;
    const warm = await fetch(url, { headers: { accept: 'application/json' } });
    expect(warm.status).toBe(200);
    expect(gw.calls('marketplace')).toHaveLength(0);
    const etag = warm.headers.get('etag')!;
    // Every hit is the same body, under the same tag (the answer that filled the entry says its own cost: its own tag).
    expect((await fetch(url, { headers: { accept: 'application/json' } })).headers.get('etag')).toBe(etag);
    expect(cold.headers.get('etag')).not.toBe(etag);
    expect((await fetch(url, { headers: { accept: 'application/json', 'if-none-match': etag } })).status).toBe(304);
  });

  it('the same text sent as a query is refused, though its answer is cached', async () => {
    await post({ documentId: ID, variables: { slug } });
    const text = await post({ query: GIG, variables: { slug } });
    expect(text.status).toBe(400);
    expect(((await text.json()) as { errors: Array<{ extensions: { code: string } }> }).errors[0]!.extensions.code).toBe(
      'PERSISTED_QUERY_ONLY',
    );
  });
});
