/**
 * Attack (issue 20, response cache): the shared answer's max-age is longer than the upstream's freshness, because
 * the gateway reads only the Cache-Control lifetime (cache-control.ts `freshnessOf`) and then tells every cache in
 * front, browsers included, `public, max-age=<that lifetime left>`:
 *
 * - `Age`: an answer that has already spent 28 of its 30 s in a cache on the way (a CDN in front of the
 *   marketplace) has 2 s left (RFC 9111 4.2.3); the gateway keeps it 30 s and says `max-age=29`.
 * - `s-maxage` over `max-age`: the gateway, a shared cache, rightly keeps it for s-maxage, but then gives a
 *   browser (which reads only max-age) the shared lifetime the upstream withheld from it.
 * - `Expires` alone: it is the freshness lifetime where no max-age is given (RFC 9111 4.2.1); the gateway uses
 *   PUBLIC_CACHE_TTL_MS instead, meant for answers that say nothing.
 *
 * Issue 20, section 2: "Its lifetime is the shortest freshness among the upstream answers it was built from";
 * docs/caching.md, "HTTP": `max-age=<seconds left>`, "at most the shortest upstream lifetime left".
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { testClock } from '../helpers/clock.js';

const clock = testClock();
const gw = useTestGateway({ PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024), RESPONSE_CACHE_MAX_ENTRIES: '100' }, ['marketplace'], {
  now: clock.now,
});

const QUERY = 'query($slug: String!) { gig(slug: $slug) { slug title } }';
const get = (slug: string) =>
  fetch(`${gw.url}/graphql?${new URLSearchParams({ query: QUERY, variables: JSON.stringify({ slug }) })}`, {
    headers: { accept: 'application/json' },
  });

describe('an upstream answer that arrives with an Age', () => {
  it('is fresh only for what its max-age leaves after that Age: the shared answer says no more, and is not served past it', async () => {
    const { data } = (await (await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?per_page=5`)).json()) as {
      data: Array<{ slug: string }>;
    };
    const slug = data[0]!.slug;
    const real = (await (await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs/${slug}`)).json()) as { data: { title: string } };
    const control = gw.sandbox.services.marketplace!.control;
    // 30 s of freshness, 28 of them already spent upstream: 2 s left.
    const headers = { 'cache-control': 'public, max-age=30', age: '28' };
    control.setFaults([{ kind: 'status', status: 200, method: 'GET', pathIncludes: `/gigs/${slug}`, body: real, headers, times: 1 }]);
    const first = await get(slug);
    expect(first.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(first.headers.get('cache-control') ?? '')?.[1] ?? 0);
    // Soft: the stale answer 5 s later below is the same fault, seen from the gateway's own cache.
    expect.soft(maxAge).toBeLessThanOrEqual(2);

    // 5 s later the upstream's answer is stale: the gateway asks again and shows what the upstream says now.
    const renamed = { ...real, data: { ...real.data, title: 'I will show the title of now' } };
    control.setFaults([
      {
        kind: 'status',
        status: 200,
        method: 'GET',
        pathIncludes: `/gigs/${slug}`,
        body: renamed,
        headers: { 'cache-control': 'public, max-age=30' },
      },
    ]);
    clock.advance(5_000);
    gw.resetCalls();
    const later = (await (await get(slug)).json()) as { data: { gig: { title: string } } };
    expect(later.data.gig.title).toBe('I will show the title of now');
    expect(gw.calls('marketplace').map((call) => call.path)).toEqual([`/api/v1/gigs/${slug}`]);
    control.setFaults([]);
  });
});

describe('an upstream answer with s-maxage longer than its max-age', () => {
  it('goes out to browsers with no longer a max-age than the upstream gave them', async () => {
    const { data } = (await (await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs?per_page=5`)).json()) as {
      data: Array<{ slug: string }>;
    };
    const slug = data[1]!.slug;
    const real = await (await fetch(`${gw.sandbox.urls.marketplace}/api/v1/gigs/${slug}`)).json();
    const control = gw.sandbox.services.marketplace!.control;
    // Shared caches (the gateway, a CDN) may keep it 60 s; a browser 5 s.
    const headers = { 'cache-control': 'public, max-age=5, s-maxage=60' };
    control.setFaults([{ kind: 'status', status: 200, method: 'GET', pathIncludes: `/gigs/${slug}`, body: real, headers }]);
    const answer = await get(slug);
    expect(answer.status).toBe(200);
    const cacheControl = answer.headers.get('cache-control') ?? '';
    // A browser reads max-age (a CDN s-maxage, where given): the upstream gave a browser 5 s.
    expect(Number(/(?:^|[ ,])max-age=(\d+)/.exec(cacheControl)?.[1] ?? 0)).toBeLessThanOrEqual(5);
    control.setFaults([]);
  });
});

describe('an upstream answer whose lifetime is given by Expires alone (PUBLIC_CACHE_TTL_MS 60 s)', () => {
  const withDefault = useTestGateway(
    { PUBLIC_CACHE_MAX_BYTES: String(4 * 1024 * 1024), RESPONSE_CACHE_MAX_ENTRIES: '100', PUBLIC_CACHE_TTL_MS: '60000' },
    ['marketplace'],
  );

  it('is fresh until that Expires (RFC 9111 4.2.1), not for the default lifetime meant for answers that give none', async () => {
    const base = withDefault.sandbox.urls.marketplace;
    const { data } = (await (await fetch(`${base}/api/v1/gigs?per_page=5`)).json()) as { data: Array<{ slug: string }> };
    const slug = data[2]!.slug;
    const real = await (await fetch(`${base}/api/v1/gigs/${slug}`)).json();
    const headers = { expires: new Date(Date.now() + 3_000).toUTCString() };
    withDefault.sandbox.services.marketplace!.control.setFaults([
      { kind: 'status', status: 200, method: 'GET', pathIncludes: `/gigs/${slug}`, body: real, headers },
    ]);
    const answer = await fetch(`${withDefault.url}/graphql?${new URLSearchParams({ query: QUERY, variables: JSON.stringify({ slug }) })}`, {
      headers: { accept: 'application/json' },
    });
    expect(answer.status).toBe(200);
    const maxAge = Number(/max-age=(\d+)/.exec(answer.headers.get('cache-control') ?? '')?.[1] ?? 0);
    expect(maxAge).toBeLessThanOrEqual(3);
    withDefault.sandbox.services.marketplace!.control.setFaults([]);
  });
});
