/**
 * Upstream (Laravel, snake_case) keys in the graph's terms, shared by the
 * record mappers and the 422 field errors of both Laravel services.
 */

/** `gig_slug` → `gigSlug`; `uuid` → `id` and `order_uuid` → `orderId`, as the graph names identifiers. */
export const camelKey = (key: string): string =>
  key === 'uuid' ? 'id' : key.replace(/_uuid$/, '_id').replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * An upstream body key in the caller's terms, by the same renames as the records
 * (`gig_slug` → `gigSlug`, `media_uuid` → `mediaId`, `gig_slugs.0` → `gigSlugs.0`):
 * a 422's field errors then name the GraphQL input field the caller wrote.
 */
export const graphFieldName = (upstreamKey: string): string => upstreamKey.split('.').map(camelKey).join('.');
