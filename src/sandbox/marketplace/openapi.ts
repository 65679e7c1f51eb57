/**
 * `GET /openapi.json`: an OpenAPI 3.0.3 description built from the sandbox's
 * route table, with security declared per operation scope (none for the two whose
 * reference scope the description omits) and the two extension lists the
 * gateway reads: `x-scopes` and `x-webhook-events`.
 */
import { WEBHOOK_EVENT_TYPES } from './events.js';
import { MARKETPLACE_ROUTES, type MarketplaceRoute } from './route-table.js';
import { SCOPES } from './scopes.js';

function operationObject(op: MarketplaceRoute) {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
  return {
    operationId: op.id,
    summary: op.note ? `${op.id} (${op.note})` : op.id,
    tags: [op.group],
    ...(params.length ? { parameters: params } : {}),
    security: op.scope ? [{ bearerAuth: [op.scope] }] : [],
    ...(op.referenceScope ? { 'x-reference-scope': op.referenceScope } : {}),
    responses: {
      [String(op.success)]: { description: 'Success' },
      ...(op.scope ? { '401': { description: 'Unauthenticated' }, '403': { description: 'The token lacks the scope' } } : {}),
    },
  };
}

export function buildOpenApi() {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const op of MARKETPLACE_ROUTES.values()) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(op);
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Marketplace Developer REST API',
      version: '1.0.0',
      description: 'Versioned REST API for the marketplace developer platform (simulated sandbox).',
    },
    servers: [{ url: '/api/v1', description: 'Version 1' }],
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'API token' } },
    },
    'x-scopes': SCOPES,
    'x-webhook-events': WEBHOOK_EVENT_TYPES,
  };
}
