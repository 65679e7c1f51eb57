/**
 * The gateway in a federated supergraph (docs/federation.md): its subgraph
 * SDL, fetched as a router fetches it, composes with the example second
 * subgraph (examples/federation/studio-insights.ts, which extends Seller and
 * Gig), and a query through a real router (Hive Gateway's runtime, configured
 * as examples/federation/router.ts) crosses both subgraphs both ways, with the
 * caller's three credentials reaching our upstreams and no other subgraph;
 * and a subscription through the router reaches the caller (the router
 * subscribes to our subgraph over SSE, its default for HTTP subgraphs).
 */
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { composeSupergraph, fetchSubgraphSdl, serveRouter, UNIGRAPH, type Router } from '../../examples/federation/router.js';
import { responseTimeHoursOf, savedCountOf, serveStudioInsights, STUDIO_INSIGHTS_SDL } from '../../examples/federation/studio-insights.js';
import { ITEMS_KEY, SEO_KEY, startTestGateway, type TestGateway } from '../helpers/gateway.js';
import { eventFor, postWebhook, sse } from '../helpers/events.js';

const TOKEN = 'sandbox:alice:*';
const CALLER = { authorization: `Bearer ${TOKEN}`, 'x-seo-api-key': SEO_KEY, 'x-items-api-key': ITEMS_KEY };

let gw: TestGateway;
let insights: { server: Server; url: string };
let router: Router;
let picks: string[];
const insightsHeaders: Headers[] = [];

beforeAll(async () => {
  gw = await startTestGateway();
  const gigs = await gw.query<{ gigs: { nodes: Array<{ slug: string }> } }>('{ gigs(first: 2) { nodes { slug } } }');
  picks = gigs.data!.gigs.nodes.map((gig) => gig.slug);
  insights = await serveStudioInsights({ staffPicks: picks, onRequest: (headers) => insightsHeaders.push(headers) });
  const subgraphUrl = `${gw.url}/subgraph`;
  const supergraph = composeSupergraph([
    { name: UNIGRAPH, url: subgraphUrl, sdl: await fetchSubgraphSdl(subgraphUrl) },
    { name: 'studio-insights', url: insights.url, sdl: STUDIO_INSIGHTS_SDL },
  ]);
  router = await serveRouter(supergraph);
}, 60_000);

afterAll(async () => {
  await router?.close();
  await new Promise<void>((resolve) => (insights ? insights.server.close(() => resolve()) : resolve()));
  await gw?.close();
});

const CROSSING = /* GraphQL */ `
  query Crossing($username: String!) {
    me {
      username
    }
    seoReports(first: 1) {
      totalCount
    }
    itemsAccount {
      username
    }
    seller(username: $username) {
      name
      responseTimeHours
      gigs(first: 2) {
        nodes {
          slug
          savedCount
        }
      }
    }
    staffPicks {
      slug
      title
      savedCount
      seller {
        username
      }
    }
  }
`;

interface Crossing {
  me: { username: string };
  seoReports: { totalCount: number };
  itemsAccount: { username: string };
  seller: { name: string; responseTimeHours: number; gigs: { nodes: Array<{ slug: string; savedCount: number }> } };
  staffPicks: Array<{ slug: string; title: string; savedCount: number; seller: { username: string } }>;
}

async function throughRouter(headers: Record<string, string>) {
  const response = await fetch(router.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/graphql-response+json', ...headers },
    body: JSON.stringify({ query: CROSSING, variables: { username: 'pixelcraft' } }),
  });
  return {
    status: response.status,
    ...((await response.json()) as { data?: Crossing; errors?: Array<{ message: string; extensions?: { code?: string } }> }),
  };
}

describe('through a federation router', () => {
  it('answers one query that crosses both subgraphs, with the caller credentials reaching our upstreams', async () => {
    gw.resetCalls();
    insightsHeaders.length = 0;
    const res = await throughRouter(CALLER);
    expect(res.errors).toBeUndefined();
    const data = res.data!;
    expect(data.me.username).toBe('alice');
    expect(data.seller.responseTimeHours).toBe(responseTimeHoursOf('pixelcraft'));
    for (const gig of data.seller.gigs.nodes) expect(gig.savedCount).toBe(savedCountOf(gig.slug));
    // studio-insights lists references only: the router fetched their titles and sellers from us.
    expect(data.staffPicks.map((gig) => gig.slug)).toEqual(picks);
    for (const gig of data.staffPicks) {
      expect(gig.title).toEqual(expect.any(String));
      expect(gig.seller.username).toEqual(expect.any(String));
    }

    // Each credential reached its own upstream, as if the caller had asked the gateway directly.
    const me = gw.calls('marketplace').filter((call) => call.path === '/api/v1/me');
    expect(me.map((call) => call.headers.authorization)).toEqual([`Bearer ${TOKEN}`]);
    expect(gw.calls('seo').map((call) => call.headers.authorization)).toEqual([`Bearer ${SEO_KEY}`]);
    expect(gw.calls('items').map((call) => call.query.api_key)).toEqual([ITEMS_KEY]);
    // The staff picks came back to us as entities, read the way gig(slug) reads them.
    const gigReads = gw.calls('marketplace').filter((call) => picks.some((slug) => call.path === `/api/v1/gigs/${slug}`));
    expect(gigReads).toHaveLength(picks.length);

    // The other team's subgraph was asked, and saw none of the caller's credentials.
    expect(insightsHeaders.length).toBeGreaterThan(0);
    for (const headers of insightsHeaders) {
      for (const name of ['authorization', 'x-seo-api-key', 'x-items-api-key']) expect(headers.get(name)).toBeNull();
    }
  });

  it('passes on the gateway refusal when the caller sends no credentials', async () => {
    const res = await throughRouter({});
    expect(res.errors?.map((error) => error.extensions?.code)).toContain('UNAUTHENTICATED');
    expect(res.data?.seller?.responseTimeHours).toBe(responseTimeHoursOf('pixelcraft'));
  });

  it('delivers a subscription through the router, subscribed to our subgraph over SSE with the caller credentials', async () => {
    const events = await sse(router.url.replace(/\/graphql$/, ''), 'subscription { marketplaceEvents { id event } }', {
      authorization: `Bearer ${TOKEN}`,
    });
    try {
      expect(events.status).toBe(200);
      // Until the router's subscription has reached the gateway, an event has nobody to go to: send fresh ones until one arrives.
      const sent: string[] = [];
      await vi.waitFor(
        async () => {
          if (events.received.length > 0) return;
          const event = eventFor({ buyer_username: 'alice' });
          sent.push(event.id);
          expect((await postWebhook(gw.url, event)).status).toBe(202);
          throw new Error('no event through the router yet');
        },
        { timeout: 15_000, interval: 200 },
      );
      const first = events.received[0]!.data as { marketplaceEvents: { id: string; event: string } };
      expect(sent).toContain(first.marketplaceEvents.id);
      expect(first.marketplaceEvents.event).toBe('order.created');
    } finally {
      await events.close();
    }
  });
});
