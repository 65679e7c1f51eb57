/** Public reference data: categories, the API scopes and webhook event types of /openapi.json. */
import type { ApiScopeShape, CategoryShape, WebhookEventTypeShape } from '../src/upstreams/marketplace/map.js';
import * as resolve from '../resolvers/platform.js';
import { builder } from './builder.js';
import { upstream, via } from './upstream-docs.js';

export const Category = builder.objectRef<CategoryShape>('Category').implement({
  description: 'A gig category.',
  fields: (t) => ({
    slug: t.exposeString('slug', { nullable: false }),
    name: t.exposeString('name'),
    parentSlug: t.exposeString('parentSlug'),
    gigsCount: t.exposeInt('gigsCount'),
  }),
});

export const ApiScope = builder.objectRef<ApiScopeShape>('ApiScope').implement({
  description: 'A permission scope a marketplace token can carry (x-scopes of /openapi.json).',
  fields: (t) => ({
    slug: t.exposeString('slug', { nullable: false }),
    label: t.exposeString('label', { nullable: false }),
    restricted: t.exposeBoolean('restricted', { nullable: false }),
    source: t.exposeString('source', { nullable: false }),
    enabled: t.exposeBoolean('enabled', { nullable: false }),
  }),
});

export const WebhookEventType = builder.objectRef<WebhookEventTypeShape>('WebhookEventType').implement({
  description: 'A marketplace webhook event kind (x-webhook-events of /openapi.json).',
  fields: (t) => ({
    name: t.exposeString('name', { nullable: false }),
    description: t.exposeString('description'),
    source: t.exposeString('source'),
  }),
});

builder.queryFields((t) => ({
  categories: t.field({
    type: [Category],
    ...upstream.marketplace('categoriesIndex', 'Public reference data, cached across requests (REFERENCE_CACHE_TTL_MS).'),
    resolve: resolve.categories,
  }),
  apiScopes: t.field({
    type: [ApiScope],
    ...upstream.marketplace('openapi', 'The scopes published in the API description; cached across requests.'),
    resolve: resolve.apiScopes,
  }),
  webhookEventTypes: t.field({
    type: [WebhookEventType],
    ...via.marketplace('openapi', 'The webhook event kinds published in the API description; cached across requests.'),
    resolve: resolve.webhookEventTypes,
  }),
}));
