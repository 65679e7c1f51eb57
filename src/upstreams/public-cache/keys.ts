/**
 * The cache key of a public read and the tags it can be evicted by. The key
 * is the upstream, method, path and sorted query: never a header, since a
 * public read carries no credential and its answer is the same for everyone.
 * Tags come from the path: `/gigs/{slug}/reviews` filled with `logo-design`
 * is `marketplace:gig:logo-design` (everything about that gig) and
 * `marketplace:gig:logo-design:reviews` (only its reviews); a path with no
 * parameter, `/gigs`, is `marketplace:gigs` (a list that shows gigs).
 */

import { formBody } from '../identifiers.js';

type Query = Record<string, string | number | boolean | undefined>;

/** The query encoded exactly as it goes on the wire (formBody: URLSearchParams, undefined left out), names sorted. */
export function cacheKeyOf(upstream: string, method: string, path: string, query: Query | undefined): string {
  const sorted = Object.fromEntries(Object.entries(query ?? {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const text = formBody(sorted);
  return `${upstream} ${method} ${path}${text ? `?${text}` : ''}`;
}

/** `gigs` → `gig`: the resource a collection segment names. */
const singular = (segment: string) => (segment.endsWith('s') ? segment.slice(0, -1) : segment);

/** The tags of a filled `path` made from `template` (identifiers are compared decoded). */
export function cacheTagsOf(upstream: string, template: string | undefined, path: string): string[] {
  if (!template) return [];
  const names = template.split('/').filter(Boolean);
  const values = path.split('/').filter(Boolean);
  if (names.length !== values.length) return [];
  const first = names.findIndex((segment) => segment.startsWith('{'));
  if (first === -1) return [`${upstream}:${names.join('/')}`];
  if (first === 0) return [];
  const owner = `${upstream}:${singular(names[first - 1]!)}:${decode(values[first]!)}`;
  const below = names[first + 1];
  return below === undefined ? [owner] : [owner, `${owner}:${below}`];
}

/** Tags naming one resource: what the webhook invalidation evicts (see invalidation.ts). */
export const resourceTag = (upstream: string, kind: string, id: string, part?: string) =>
  `${upstream}:${kind}:${id}${part ? `:${part}` : ''}`;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
