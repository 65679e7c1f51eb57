/**
 * `GET /openapi.json`: an OpenAPI 3.0.3 description built from the operation
 * table, with security declared per operation scope (none for the two whose
 * reference scope the description omits) and the two extension lists the
 * gateway reads: `x-scopes` and `x-webhook-events`.
 */
import { marketplaceOperations } from '../../upstreams/marketplace/operations.js';
import type { OperationSpec } from '../../upstreams/operations.js';
import { WEBHOOK_EVENT_TYPES } from './events.js';
import { SCOPES } from './scopes.js';

function operationObject(id: string, op: OperationSpec) {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => ({ name: m[1]!, in: 'path', required: true, schema: { type: 'string' } }));
  return {
    operationId: id,
    summary: op.note ? `${id} (${op.note})` : id,
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
  for (const [id, op] of Object.entries(marketplaceOperations) as [string, OperationSpec][]) {
    (paths[op.path] ??= {})[op.method.toLowerCase()] = operationObject(id, op);
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
