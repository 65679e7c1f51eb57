/**
 * PUBLIC_CACHE_MAX_BYTES bounds the public cache: with room for a few gigs,
 * reading many keeps the most recent ones and drops the oldest, and a read of
 * a dropped one goes upstream again. A shared upstream call outlives the
 * deadline of the request that started it. Also: the sandbox's public reads
 * carry the caching headers `npm start` relies on.
 */
import { describe, expect, it } from 'vitest';
import { TOKENS, useTestGateway } from '../helpers/gateway.js';
import { expectOk } from '../helpers/operations.js';
import { until } from '../helpers/events.js';

// A gig answer is about 500 bytes (plus the cache's per-entry overhead): room for a handful.
const MAX_BYTES = 3 * 1024;
const gw = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(MAX_BYTES) }, ['marketplace']);

const readGig = (slug: string) =>
  gw.query<{ gig: { slug: string } }>('query($slug: String!) { gig(slug: $slug) { slug } }', { variables: { slug } });
const gigCalls = (slug: string) => gw.calls('marketplace').filter((c) => c.path === `/api/v1/gigs/${slug}`);

describe('PUBLIC_CACHE_MAX_BYTES', () => {
  it('keeps the most recently read gigs within the bound and reads an evicted one again', async () => {
    const list = await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?per_page=20`);
    const slugs = ((await list.json()) as { data: Array<{ slug: string }> }).data.map((g) => g.slug);
    const sizes = await Promise.all(
      slugs.map(async (slug) => Number((await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs/${slug}`)).headers.get('content-length'))),
    );
    // The bound really is smaller than what was read.
    expect(sizes.reduce((a, b) => a + b, 0)).toBeGreaterThan(3 * MAX_BYTES);
    for (const slug of slugs) expectOk(await readGig(slug));
    gw.resetCalls();
    expectOk(await readGig(slugs.at(-1)!));
    expect(gigCalls(slugs.at(-1)!)).toHaveLength(0);
    expectOk(await readGig(slugs[0]!));
    expect(gigCalls(slugs[0]!)).toHaveLength(1);
  });
});

describe('the sandbox as a cacheable upstream', () => {
  it('sends Cache-Control: public, max-age=30 and a strong ETag on a public read, and 304 with no body to a matching If-None-Match', async () => {
    const url = `${gw.sandbox.urls.marketplace}/api/v1/categories`;
    const first = await fetch(url);
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await fetch(url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect((await fetch(url, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
  });

  it('marks an answer to a request with a credential private, and never answers it 304', async () => {
    const url = `${gw.sandbox.urls.marketplace}/api/v1/categories`;
    const etag = (await fetch(url)).headers.get('etag')!;
    const signedIn = await fetch(url, { headers: { authorization: `Bearer ${TOKENS.buyer}`, 'if-none-match': etag } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.get('cache-control')).toBe('private');
    expect(signedIn.headers.get('etag')).toBeNull();
  });
});

describe('a shared call has its own deadline', () => {
  const short = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(MAX_BYTES), REQUEST_DEADLINE_MS: '300' }, ['marketplace']);

  /** gigsShow calls the gateway received a 2xx answer to (gateway_upstream_requests_total). */
  const answeredCalls = async () => {
    const text = await (await fetch(`${short.url}/metrics`)).text();
    const line = text
      .split('\n')
      .find((l) => l.startsWith('gateway_upstream_requests_total{upstream="marketplace",operation="gigsShow",status="2xx"}'));
    return line ? Number(line.split(' ').pop()) : 0;
  };

  it('a request past its deadline gets UPSTREAM_TIMEOUT, while the call it started completes and serves the next reader', async () => {
    const list = await fetch(`${short.sandbox.urls.marketplace}/api/v1/gigs?per_page=1`);
    const [{ slug }] = ((await list.json()) as { data: Array<{ slug: string }> }).data as [{ slug: string }];
    const control = short.sandbox.services.marketplace!.control;
    control.latencyMs = 900;
    const answeredBefore = await answeredCalls();
    try {
      const late = await short.query('query($slug: String!) { gig(slug: $slug) { slug } }', { variables: { slug } });
      expect(late.errors?.[0]?.extensions).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      // The call was not aborted with the request: the gateway receives its answer (and keeps it, in the same turn).
      let answered = false;
      const poll = setInterval(() => void answeredCalls().then((n) => (answered = n > answeredBefore)), 25);
      try {
        await until(() => answered, 5000);
      } finally {
        clearInterval(poll);
      }
    } finally {
      control.latencyMs = 0;
    }
    short.resetCalls();
    expect(
      expectOk(await short.query<{ gig: { slug: string } }>('query($slug: String!) { gig(slug: $slug) { slug } }', { variables: { slug } }))
        .gig.slug,
    ).toBe(slug);
    expect(short.calls('marketplace')).toHaveLength(0);
  });
});
