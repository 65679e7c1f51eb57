/**
 * What the incremental-delivery suites share: a seller query whose gigs are
 * deferred, a delay far longer than the seller call, and the order every
 * incremental answer keeps.
 */
import { expect } from 'vitest';
import type { Part } from '../helpers/incremental.js';

/** Far longer than the seller call takes, so "before the slow part" is not a race. */
export const SLOW_MS = 1500;
export const SELLER_WITH_DEFERRED_GIGS = `{
  seller(username: "pixelcraft") {
    name
    ... @defer(label: "gigs") { gigs(first: 2) { totalCount nodes { slug } } }
  }
}`;

/** At least two parts: data in the first, `hasNext: true` on all but the last, arrival times in order. */
export function expectOrdered(parts: Part[]) {
  expect(parts.length).toBeGreaterThanOrEqual(2);
  expect(parts[0]!.body.data).toBeDefined();
  parts.slice(0, -1).forEach((p) => expect(p.body.hasNext).toBe(true));
  expect(parts.at(-1)!.body.hasNext).toBe(false);
  for (let i = 1; i < parts.length; i++) expect(parts[i]!.at).toBeGreaterThanOrEqual(parts[i - 1]!.at);
}
