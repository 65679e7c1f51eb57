/**
 * The load test's request mix: the benchmark's realistic queries (public
 * reads, a caller's orders, items with their SEO reports, writes-free) plus a
 * share of requests whose error is the right answer (an unknown gig, a
 * malformed id), so error paths are exercised under load too. Each entry
 * lists the codes it may legitimately answer; anything else is unexpected.
 */
import { benchQueries, gatewayHeaders, type Fixtures } from '../queries.js';

export interface MixEntry {
  name: string;
  body: string;
  headers: Record<string, string>;
  expectedCodes: readonly string[];
}

const json = { 'content-type': 'application/json', accept: 'application/graphql-response+json, application/json' };

export function requestMix(fixtures: Fixtures): MixEntry[] {
  const realistic = benchQueries(fixtures).map((q) => ({
    name: q.name,
    body: JSON.stringify({ query: q.document, variables: q.variables }),
    headers: { ...json, ...gatewayHeaders(q.credentials) },
    expectedCodes: [] as string[],
  }));
  return [
    ...realistic,
    {
      name: 'unknown gig (NOT_FOUND is the answer)',
      body: JSON.stringify({ query: '{ gig(slug: "no-such-gig-anywhere") { title } }' }),
      headers: json,
      expectedCodes: ['NOT_FOUND'],
    },
    {
      name: 'identifier refused before any call',
      body: JSON.stringify({ query: '{ seller(username: "..") { name } }' }),
      headers: json,
      expectedCodes: ['BAD_USER_INPUT'],
    },
  ];
}
