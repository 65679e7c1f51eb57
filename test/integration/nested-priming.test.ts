/**
 * Gigs that arrive nested inside another read's answer (the mobile home's
 * lists, a recommendation's gig, a sponsored placement's gig) are cached as
 * `gigsShow` answers for the rest of the request (`primes.items` on those
 * rows): a field further down the query that links to one of them
 * (`PortfolioProject.gig`, GET /gigs/{slug}) makes no call for it.
 *
 * The path that reaches a linked gig, `gig { seller { portfolio { gig } } }`,
 * nests two unpaged lists, so the cost estimate (which counts each list at its
 * maximum) is raised for this suite: what is asserted is the calls made.
 */
import { describe, expect, it } from 'vitest';
import { TOKENS, useTestGateway } from '../helpers/gateway.js';
import { bearer, expectOk, marketplaceCalls } from '../helpers/operations.js';

const gw = useTestGateway({ MAX_COST: '100000' }, ['marketplace']);

const LINKED = 'slug seller { portfolio { gig { slug title } } }';

interface Linked {
  slug: string;
  seller: { portfolio: Array<{ gig: { slug: string; title: string } | null }> };
}

/** Runs `query`, then splits the portfolio gigs into those listed in the answer itself and the others. */
async function linkedGigs(query: string, listed: (data: never) => Linked[]) {
  gw.resetCalls();
  const data = expectOk(await gw.query(query, { headers: bearer(TOKENS.buyer) }));
  const gigs = listed(data as never);
  const slugs = new Set(gigs.map((gig) => gig.slug));
  const linked = gigs.flatMap((gig) => gig.seller.portfolio.flatMap((project) => (project.gig ? [project.gig.slug] : [])));
  const fetched = marketplaceCalls(gw)
    .filter((call) => call.startsWith('GET /api/v1/gigs/'))
    .map((call) => call.slice('GET /api/v1/gigs/'.length));
  return { slugs, linked, fetched };
}

describe('a gig nested in an answer is not fetched again by slug in the same request', () => {
  const cases: Array<{ field: string; query: string; listed: (data: never) => Linked[] }> = [
    {
      field: 'mobileHome',
      query: `{ mobileHome { featuredGigs { ${LINKED} } newGigs { ${LINKED} } recentGigs { ${LINKED} } } }`,
      listed: (data: { mobileHome: Record<'featuredGigs' | 'newGigs' | 'recentGigs', Linked[]> }) => [
        ...data.mobileHome.featuredGigs,
        ...data.mobileHome.newGigs,
        ...data.mobileHome.recentGigs,
      ],
    },
    {
      field: 'aiRecommendations',
      query: `{ aiRecommendations { gig { ${LINKED} } } }`,
      listed: (data: { aiRecommendations: Array<{ gig: Linked }> }) => data.aiRecommendations.map((r) => r.gig),
    },
    {
      field: 'sponsoredPlacements',
      query: `{ sponsoredPlacements { gig { ${LINKED} } } }`,
      listed: (data: { sponsoredPlacements: Array<{ gig: Linked | null }> }) =>
        data.sponsoredPlacements.flatMap((p) => (p.gig ? [p.gig] : [])),
    },
  ];

  for (const { field, query, listed } of cases) {
    it(`${field}: a linked gig it listed costs no GET /gigs/{slug}; one it did not list is fetched`, async () => {
      const { slugs, linked, fetched } = await linkedGigs(query, listed);
      const alreadyListed = linked.filter((slug) => slugs.has(slug));
      const notListed = linked.filter((slug) => !slugs.has(slug));
      // Both kinds occur in the sandbox's data, so each half of the assertion is exercised.
      expect(alreadyListed.length).toBeGreaterThan(0);
      expect(notListed.length).toBeGreaterThan(0);
      expect(fetched.filter((slug) => slugs.has(slug))).toEqual([]);
      expect([...new Set(fetched)].sort()).toEqual([...new Set(notListed)].sort());
      // And each linked gig is fetched at most once.
      expect(fetched).toHaveLength(new Set(fetched).size);
    });
  }
});
