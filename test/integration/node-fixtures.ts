/**
 * What the Node suites share: a gateway over the sandbox, and one case per Node
 * type (a query reaching an entity through its own field, the fields to
 * compare, and the one upstream call `node(id)` makes for it).
 */
import { expect } from 'vitest';
import { ALL_CREDENTIALS, useTestGateway } from '../helpers/gateway.js';
import { expectOk } from '../helpers/operations.js';

export const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';
export type Entity = Record<string, unknown> & { nodeId: string };

export interface Case {
  type: string;
  /** A query reaching one entity through its ordinary field. */
  direct: string;
  /** Where that entity is in the answer. */
  pick: (data: Record<string, unknown>) => Entity;
  fields: string;
  /** The upstream call `node(id)` makes for it (service and path prefix); list-only types read a page of their list. */
  call: [service: 'marketplace' | 'seo' | 'items', path: RegExp];
}

const first = (list: unknown): Entity => (list as { nodes: Entity[] }).nodes[0]!;

export const CASES: Case[] = [
  {
    type: 'User',
    direct: '{ user(username: "alice") { F } }',
    pick: (d) => d.user as Entity,
    fields: 'nodeId id username name',
    call: ['marketplace', /^\/api\/v1\/users\/alice$/],
  },
  {
    type: 'Seller',
    direct: '{ seller(username: "pixelcraft") { F } }',
    pick: (d) => d.seller as Entity,
    fields: 'nodeId id username name rating',
    call: ['marketplace', /^\/api\/v1\/sellers\/pixelcraft$/],
  },
  {
    type: 'Gig',
    direct: `{ gig(slug: "${GIG}") { F } }`,
    pick: (d) => d.gig as Entity,
    fields: 'nodeId id slug title',
    call: ['marketplace', new RegExp(`^/api/v1/gigs/${GIG}$`)],
  },
  {
    type: 'Review',
    direct: `{ gig(slug: "${GIG}") { reviews(first: 1) { nodes { F } } } }`,
    pick: (d) => first((d.gig as Record<string, unknown>).reviews),
    fields: 'nodeId id rating comment',
    call: ['marketplace', new RegExp(`^/api/v1/gigs/${GIG}/reviews$`)],
  },
  {
    type: 'Order',
    direct: '{ orders(first: 1) { nodes { F } } }',
    pick: (d) => first(d.orders),
    fields: 'nodeId id status',
    call: ['marketplace', /^\/api\/v1\/orders\/[\w-]+$/],
  },
  {
    type: 'Offer',
    direct: '{ offers(first: 1) { nodes { F } } }',
    pick: (d) => first(d.offers),
    fields: 'nodeId id status price',
    call: ['marketplace', /^\/api\/v1\/offers\/[\w-]+$/],
  },
  {
    type: 'Proposal',
    direct: '{ proposals(first: 1) { nodes { F } } }',
    pick: (d) => first(d.proposals),
    fields: 'nodeId id status price',
    call: ['marketplace', /^\/api\/v1\/proposals$/],
  },
  {
    type: 'BuyerRequest',
    direct: '{ requestBoard(first: 1) { nodes { F } } }',
    pick: (d) => first(d.requestBoard),
    fields: 'nodeId id status title',
    call: ['marketplace', /^\/api\/v1\/requests\/board$/],
  },
  {
    type: 'Conversation',
    direct: '{ conversations(first: 1) { nodes { F } } }',
    pick: (d) => first(d.conversations),
    fields: 'nodeId id messagesCount',
    call: ['marketplace', /^\/api\/v1\/conversations$/],
  },
  {
    type: 'Media',
    direct: '{ media(first: 1) { nodes { F } } }',
    pick: (d) => first(d.media),
    fields: 'nodeId id filename',
    call: ['marketplace', /^\/api\/v1\/media\/[\w-]+$/],
  },
  {
    type: 'SeoReport',
    direct: '{ seoReports(first: 1) { nodes { F } } }',
    pick: (d) => first(d.seoReports),
    fields: 'nodeId id url score',
    call: ['seo', /^\/api\/v1\/reports\/\d+$/],
  },
  {
    type: 'SeoProject',
    direct: '{ seoProjects(first: 1) { nodes { F } } }',
    pick: (d) => first(d.seoProjects),
    fields: 'nodeId id name reportsCount',
    call: ['seo', /projects$/],
  },
  {
    type: 'Item',
    direct: '{ items { F } }',
    pick: (d) => (d.items as Entity[])[0]!,
    fields: 'nodeId id name version',
    call: ['items', /\/items\/item$/],
  },
];

const SERVICES = ['marketplace', 'seo', 'items'] as const;

export const nodeQuery = (c: Case) => `query($id: ID!) { node(id: $id) { __typename nodeId ... on ${c.type} { ${c.fields} } } }`;

/** Starts the gateway for the file; `allCalls` lists its upstream calls since the last reset, of every service. */
export function useNodeGateway() {
  const gw = useTestGateway();
  const allCalls = () => SERVICES.flatMap((service) => gw.calls(service).map((c) => ({ service, path: c.path, query: c.query })));

  /** Reads the case's entity through its own field, then forgets the calls that made (a test counts only its own). */
  async function fetchDirect(c: Case): Promise<Entity> {
    const entity = c.pick(expectOk(await gw.query<Record<string, unknown>>(c.direct.replace('F', c.fields), { headers: ALL_CREDENTIALS })));
    expect(entity, `${c.type} reached through its own field`).toBeDefined();
    gw.resetCalls();
    return entity;
  }

  return { gw, allCalls, fetchDirect };
}
