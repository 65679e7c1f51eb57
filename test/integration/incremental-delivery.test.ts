/**
 * @defer and @stream over multipart/mixed, SSE and graphql-ws: the initial
 * part does not wait for a slow deferred upstream, whose call still starts at
 * once (the look-ahead); parts arrive in order with `hasNext: false` last; the
 * cost figures ride on the final part; errors inside parts are coded; the
 * deadline and a caller who leaves end deferred calls. (What is refused:
 * incremental-delivery-refusals.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { ITEMS_KEY, SEO_KEY, TOKENS, useTestGateway } from '../helpers/gateway.js';
import { postIncremental, type Part } from '../helpers/incremental.js';
import { connectWs } from '../helpers/ws.js';
import { expectOrdered, SELLER_WITH_DEFERRED_GIGS, SLOW_MS } from './incremental-fixtures.js';

const gw = useTestGateway();
const marketplace = () => gw.sandbox.services.marketplace!.control;

describe('@defer', () => {
  for (const accept of ['multipart/mixed', 'text/event-stream'] as const) {
    it(`over ${accept}: the initial part arrives before a slow deferred upstream, whose call started at once`, async () => {
      marketplace().addFault({ kind: 'delay', pathIncludes: '/api/v1/gigs', latencyMs: SLOW_MS, times: 1 });
      const sent = Date.now();
      const res = await postIncremental(gw.url, SELLER_WITH_DEFERRED_GIGS, { accept });
      expect(res.status).toBe(200);
      expect(res.contentType).toContain(accept);
      const { parts } = res;
      expectOrdered(parts);
      expect(parts).toHaveLength(2);
      const [initial, deferred] = parts as [Part, Part];
      expect(initial.body.data).toEqual({ seller: { name: expect.any(String) } });
      expect(deferred.body.incremental).toEqual([
        {
          data: { gigs: { totalCount: expect.any(Number), nodes: [{ slug: expect.any(String) }, { slug: expect.any(String) }] } },
          path: ['seller'],
          label: 'gigs',
        },
      ]);
      const gigsCall = gw.calls('marketplace').find((c) => c.path === '/api/v1/gigs')!;
      // The slow call reached the upstream before the initial part reached the caller (it was not held back until then)…
      expect(gigsCall.at).toBeLessThanOrEqual(initial.at);
      // …and the initial part did not wait for its answer.
      expect(initial.at).toBeLessThan(gigsCall.at + SLOW_MS);
      expect(deferred.at).toBeGreaterThanOrEqual(gigsCall.at + SLOW_MS);
      expect(initial.at - sent).toBeLessThan(deferred.at - sent);
      if (accept === 'text/event-stream') expect(res.completed).toBe(true);
    });
  }

  it('the cost figures ride on the final part, counting the deferred calls; the initial part has none', async () => {
    const { parts } = await postIncremental(gw.url, SELLER_WITH_DEFERRED_GIGS, { accept: 'multipart/mixed' });
    expect(parts[0]!.body.extensions?.cost).toBeUndefined();
    expect(parts.at(-1)!.body.extensions?.cost).toEqual({ estimated: 2, actual: 2 });
    expect(gw.calls('marketplace')).toHaveLength(2);
  });

  it("a deferred fragment's upstream failure is a coded error inside its part; the initial part is unaffected", async () => {
    marketplace().addFault({ kind: 'status', status: 500, pathIncludes: '/api/v1/gigs', times: 1 });
    const { parts } = await postIncremental(gw.url, SELLER_WITH_DEFERRED_GIGS, { accept: 'multipart/mixed' });
    expectOrdered(parts);
    expect(parts[0]!.body).toMatchObject({ data: { seller: { name: expect.any(String) } } });
    expect(parts[0]!.body.errors).toBeUndefined();
    const [entry] = parts[1]!.body.incremental!;
    expect(entry!.data).toEqual({ gigs: null });
    expect(entry!.errors).toEqual([
      expect.objectContaining({ path: ['seller', 'gigs'], extensions: expect.objectContaining({ code: 'UPSTREAM_UNAVAILABLE' }) }),
    ]);
  });

  it('deferred calls still end at the request deadline, with a coded error in their part', async () => {
    const short = await import('../helpers/gateway.js').then((m) => m.startTestGateway({ REQUEST_DEADLINE_MS: '1000' }, ['marketplace']));
    try {
      short.sandbox.services.marketplace!.control.addFault({ kind: 'delay', pathIncludes: '/api/v1/gigs', latencyMs: 5000, times: 1 });
      const started = Date.now();
      const { parts } = await postIncremental(short.url, SELLER_WITH_DEFERRED_GIGS, { accept: 'multipart/mixed' });
      expectOrdered(parts);
      expect(parts[0]!.body.data).toEqual({ seller: { name: expect.any(String) } });
      expect(parts.at(-1)!.at - started).toBeLessThan(5000);
      const [entry] = parts[1]!.body.incremental!;
      expect(entry!.data).toEqual({ gigs: null });
      expect(entry!.errors?.[0]?.extensions?.code).toBe('UPSTREAM_TIMEOUT');
    } finally {
      await short.close();
    }
  });

  it('a caller who leaves after the initial part has its deferred upstream call cancelled', async () => {
    marketplace().addFault({ kind: 'hang', pathIncludes: '/api/v1/gigs', times: 1 });
    const abort = new AbortController();
    const response = await fetch(`${gw.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'multipart/mixed' },
      body: JSON.stringify({ query: SELLER_WITH_DEFERRED_GIGS }),
      signal: abort.signal,
    });
    const reader = response.body!.getReader();
    let received = '';
    while (!received.includes('"hasNext":true')) received += new TextDecoder().decode((await reader.read()).value);
    expect(received).toContain('"seller":{"name"');
    expect(marketplace().inFlight).toBe(1);
    abort.abort();
    // Long before the request's 30 s deadline: the gateway drops the call as soon as the caller has gone.
    const until = Date.now() + 5000;
    while (marketplace().inFlight > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(marketplace().inFlight).toBe(0);
  });

  it('over graphql-ws, each part is a `next` message, then `complete`', async () => {
    const ws = await connectWs(gw.url);
    try {
      const result = await ws.run(SELLER_WITH_DEFERRED_GIGS);
      expect(result.error).toBeUndefined();
      const next = result.next as Array<Part['body']>;
      expect(next).toHaveLength(2);
      expect(next[0]).toMatchObject({ data: { seller: { name: expect.any(String) } }, hasNext: true });
      expect(next[1]).toMatchObject({
        incremental: [{ path: ['seller'], data: { gigs: { totalCount: expect.any(Number) } } }],
        hasNext: false,
      });
    } finally {
      ws.close();
    }
  });
});

describe("the README's example", () => {
  it("an item first, its demo page's SEO reports (a slow upstream) after", async () => {
    gw.sandbox.services.seo!.control.addFault({ kind: 'delay', pathIncludes: '/reports', latencyMs: SLOW_MS, times: 1 });
    const { parts, status } = await postIncremental(
      gw.url,
      '{ item(id: "1") { name price { regular } ... @defer(label: "seo") { demoReports(first: 2) { url score } } } }',
      { accept: 'multipart/mixed', headers: { 'x-items-api-key': ITEMS_KEY, 'x-seo-api-key': SEO_KEY } },
    );
    expect(status).toBe(200);
    expectOrdered(parts);
    expect(parts).toHaveLength(2);
    expect(parts[0]!.body).toEqual({
      data: { item: { name: 'Invoice Manager 1', price: { regular: expect.any(Number) } } },
      hasNext: true,
    });
    expect(parts[1]!.body).toMatchObject({
      incremental: [
        {
          path: ['item'],
          label: 'seo',
          data: { demoReports: [{ url: 'https://demo.example.com/item-1/', score: expect.any(Number) }, expect.anything()] },
        },
      ],
      hasNext: false,
      extensions: { cost: { estimated: expect.any(Number), actual: 2 } },
    });
    const reportsCall = gw.calls('seo').find((c) => c.path.endsWith('/reports'))!;
    expect(parts[0]!.at).toBeLessThan(reportsCall.at + SLOW_MS);
    expect(parts[1]!.at).toBeGreaterThanOrEqual(reportsCall.at + SLOW_MS);
  });
});

describe('@stream', () => {
  it('streams a list: the first items in the initial part, the rest in order, the slow item last', async () => {
    const listed = await gw.query<{ gigs: { nodes: Array<{ slug: string }> } }>('{ gigs(first: 3) { nodes { slug } } }');
    const slugs = listed.data!.gigs.nodes.map((n) => n.slug);
    expect(slugs).toHaveLength(3);
    gw.resetCalls();
    // The last gig's reviews are slow; the first gig's are in the initial part.
    marketplace().addFault({ kind: 'delay', pathIncludes: `/gigs/${slugs[2]}/reviews`, latencyMs: SLOW_MS, times: 1 });
    const { parts } = await postIncremental(
      gw.url,
      '{ gigs(first: 3) { nodes @stream(initialCount: 1) { slug reviews(first: 1) { totalCount } } } }',
      {
        accept: 'multipart/mixed',
        headers: { authorization: `Bearer ${TOKENS.buyer}` },
      },
    );
    expectOrdered(parts);
    expect(parts[0]!.body.data).toEqual({ gigs: { nodes: [{ slug: slugs[0], reviews: { totalCount: expect.any(Number) } }] } });
    const streamed = parts.slice(1).flatMap((p) => p.body.incremental ?? []);
    expect(streamed.map((s) => s.path)).toEqual([
      ['gigs', 'nodes', 1],
      ['gigs', 'nodes', 2],
    ]);
    expect(streamed.flatMap((s) => s.items as Array<{ slug: string }>).map((i) => i.slug)).toEqual(slugs.slice(1));
    const slowCall = gw.calls('marketplace').find((c) => c.path === `/api/v1/gigs/${slugs[2]}/reviews`)!;
    expect(parts[0]!.at).toBeLessThan(slowCall.at + SLOW_MS);
    expect(parts.at(-1)!.at).toBeGreaterThanOrEqual(slowCall.at + SLOW_MS);
    // One list call and one review call per gig, as without @stream; counted on the final part.
    expect(gw.calls('marketplace')).toHaveLength(4);
    expect(parts.at(-1)!.body.extensions?.cost).toMatchObject({ actual: 4 });
  });
});
