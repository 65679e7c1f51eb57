/**
 * Global object identification against the sandbox: every Node type fetched
 * through its own field, then refetched by its `nodeId` with `node(id)` (same
 * fields, same values, only the upstream calls its own lookup makes);
 * `nodes(ids)` with mixed types in order; one upstream call per distinct
 * resource however often it is named; forged ids refused with no upstream
 * call; a missing credential gives the direct field's error.
 */
import { isNonNullType, isObjectType, type GraphQLInterfaceType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { encodeGlobalId, MAX_NODE_IDS } from '../../src/global-id.js';
import { ALL_CREDENTIALS, errorAt, ITEMS_KEY, TOKENS, useTestGateway, type GraphQLResponse } from '../helpers/gateway.js';
import { as, expectOk } from '../helpers/operations.js';

const gw = useTestGateway();

const GIG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';
type Entity = Record<string, unknown> & { nodeId: string };

interface Case {
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

const CASES: Case[] = [
  { type: 'User', direct: '{ user(username: "alice") { F } }', pick: (d) => d.user as Entity, fields: 'nodeId id username name', call: ['marketplace', /^\/api\/v1\/users\/alice$/] },
  { type: 'Seller', direct: '{ seller(username: "pixelcraft") { F } }', pick: (d) => d.seller as Entity, fields: 'nodeId id username name rating', call: ['marketplace', /^\/api\/v1\/sellers\/pixelcraft$/] },
  { type: 'Gig', direct: `{ gig(slug: "${GIG}") { F } }`, pick: (d) => d.gig as Entity, fields: 'nodeId id slug title', call: ['marketplace', new RegExp(`^/api/v1/gigs/${GIG}$`)] },
  { type: 'Review', direct: `{ gig(slug: "${GIG}") { reviews(first: 1) { nodes { F } } } }`, pick: (d) => first((d.gig as Record<string, unknown>).reviews), fields: 'nodeId id rating comment', call: ['marketplace', new RegExp(`^/api/v1/gigs/${GIG}/reviews$`)] },
  { type: 'Order', direct: '{ orders(first: 1) { nodes { F } } }', pick: (d) => first(d.orders), fields: 'nodeId id status', call: ['marketplace', /^\/api\/v1\/orders\/[\w-]+$/] },
  { type: 'Offer', direct: '{ offers(first: 1) { nodes { F } } }', pick: (d) => first(d.offers), fields: 'nodeId id status price', call: ['marketplace', /^\/api\/v1\/offers\/[\w-]+$/] },
  { type: 'Proposal', direct: '{ proposals(first: 1) { nodes { F } } }', pick: (d) => first(d.proposals), fields: 'nodeId id status price', call: ['marketplace', /^\/api\/v1\/proposals$/] },
  { type: 'BuyerRequest', direct: '{ requestBoard(first: 1) { nodes { F } } }', pick: (d) => first(d.requestBoard), fields: 'nodeId id status title', call: ['marketplace', /^\/api\/v1\/requests\/board$/] },
  { type: 'Conversation', direct: '{ conversations(first: 1) { nodes { F } } }', pick: (d) => first(d.conversations), fields: 'nodeId id messagesCount', call: ['marketplace', /^\/api\/v1\/conversations$/] },
  { type: 'Media', direct: '{ media(first: 1) { nodes { F } } }', pick: (d) => first(d.media), fields: 'nodeId id filename', call: ['marketplace', /^\/api\/v1\/media\/[\w-]+$/] },
  { type: 'SeoReport', direct: '{ seoReports(first: 1) { nodes { F } } }', pick: (d) => first(d.seoReports), fields: 'nodeId id url score', call: ['seo', /^\/api\/v1\/reports\/\d+$/] },
  { type: 'SeoProject', direct: '{ seoProjects(first: 1) { nodes { F } } }', pick: (d) => first(d.seoProjects), fields: 'nodeId id name reportsCount', call: ['seo', /projects$/] },
  { type: 'Item', direct: '{ items { F } }', pick: (d) => (d.items as Entity[])[0]!, fields: 'nodeId id name version', call: ['items', /\/items\/item$/] },
];

const SERVICES = ['marketplace', 'seo', 'items'] as const;
const allCalls = () => SERVICES.flatMap((service) => gw.calls(service).map((c) => ({ service, path: c.path, query: c.query })));

async function fetchDirect(c: Case): Promise<Entity> {
  const entity = c.pick(expectOk(await gw.query<Record<string, unknown>>(c.direct.replace('F', c.fields), { headers: ALL_CREDENTIALS })));
  expect(entity, `${c.type} reached through its own field`).toBeDefined();
  gw.resetCalls();
  return entity;
}

const nodeQuery = (c: Case) => `query($id: ID!) { node(id: $id) { __typename nodeId ... on ${c.type} { ${c.fields} } } }`;

describe('node(id)', () => {
  for (const c of CASES) {
    it(`refetches a ${c.type} by its nodeId: same values, only its own lookup upstream`, async () => {
      const entity = await fetchDirect(c);
      expect(typeof entity.nodeId).toBe('string');
      const res = await gw.query<{ node: Entity }>(nodeQuery(c), { variables: { id: entity.nodeId }, headers: ALL_CREDENTIALS });
      expect(expectOk(res).node).toEqual({ __typename: c.type, ...entity });
      const calls = allCalls();
      expect(calls.length, JSON.stringify(calls)).toBeGreaterThanOrEqual(1);
      for (const call of calls) {
        expect(call.service).toBe(c.call[0]);
        expect(call.path).toMatch(c.call[1]);
      }
      // A type the upstream reads by key costs exactly one call; a listed one a page of its list.
      expect(calls).toHaveLength(1);
    });
  }

  it('gives the types that had no id an `id` equal to their nodeId, and leaves upstream ids alone', async () => {
    const data = expectOk(await gw.query<{ seller: Entity; orders: { nodes: Entity[] } }>('{ seller(username: "pixelcraft") { id nodeId } orders(first: 1) { nodes { id nodeId } } }', { headers: ALL_CREDENTIALS }));
    expect(data.seller.id).toBe(data.seller.nodeId);
    const order = data.orders.nodes[0]!;
    expect(order.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.nodeId).not.toBe(order.id);
    expect(order.nodeId).toBe(encodeGlobalId('Order', [order.id as string]));
  });

  it('fetches an entity named twice in one request once, whichever field names it', async () => {
    const seller = encodeGlobalId('Seller', ['pixelcraft']);
    const res = await gw.query<{ a: Entity; b: Entity; seller: { name: string } }>(
      `query($id: ID!) { a: node(id: $id) { ... on Seller { name } } b: node(id: $id) { nodeId } seller(username: "pixelcraft") { name } }`,
      { variables: { id: seller }, headers: ALL_CREDENTIALS },
    );
    const data = expectOk(res);
    expect(data.a.name).toBe(data.seller.name);
    expect(allCalls().map((c) => c.path)).toEqual(['/api/v1/sellers/pixelcraft']);
  });

  it('answers an id of an entity that does not exist as its direct field does (NOT_FOUND)', async () => {
    const direct = await gw.query('{ seller(username: "no-such-seller") { name } }');
    gw.resetCalls();
    const viaNode = await gw.query('query($id: ID!) { node(id: $id) { nodeId } }', { variables: { id: encodeGlobalId('Seller', ['no-such-seller']) } });
    expect(errorAt(viaNode, 'node')?.extensions).toEqual(errorAt(direct, 'seller')?.extensions);
    expect(errorAt(viaNode, 'node')?.extensions?.code).toBe('NOT_FOUND');
    expect(viaNode.data).toEqual({ node: null });
  });
});

describe('the Node types', () => {
  it('are the entity types, each with a non-null nodeId and a non-null id (what client caches key by)', () => {
    const node = schema.getType('Node') as GraphQLInterfaceType;
    const types = schema.getPossibleTypes(node);
    expect(types.map((t) => t.name).sort()).toEqual(CASES.map((c) => c.type).sort());
    for (const type of types) {
      expect(isObjectType(type)).toBe(true);
      for (const field of ['nodeId', 'id']) {
        const { type: fieldType } = type.getFields()[field]!;
        expect(isNonNullType(fieldType) && String(fieldType.ofType), `${type.name}.${field}`).toBe('ID');
      }
    }
  });
});

describe('a buyer request off the public board', () => {
  it('is found among the caller\'s own requests, and is NOT_FOUND for anyone else', async () => {
    const buyer = as('mallory', 'orders.write', 'orders.read', 'offers.read');
    const created = expectOk(
      await gw.query<{ createBuyerRequest: { request: { id: string; nodeId: string } } }>(
        'mutation($input: CreateBuyerRequestInput!) { createBuyerRequest(input: $input) { request { id nodeId } } }',
        { variables: { input: { title: 'Menu design for a cafe', description: 'Two pages, warm colours.', budget: 90, deliveryDays: 4 } }, headers: buyer },
      ),
    ).createBuyerRequest.request;
    const proposal = expectOk(
      await gw.query<{ submitProposal: { proposal: { id: string } } }>('mutation($input: SubmitProposalInput!) { submitProposal(input: $input) { proposal { id } } }', {
        variables: { input: { requestId: created.id, message: 'I design menus for a living.', price: 80, deliveryDays: 3 } },
        headers: as('pixelcraft', 'gigs.write'),
      }),
    ).submitProposal.proposal;
    expectOk(await gw.query('mutation($input: ProposalActionInput!) { acceptProposal(input: $input) { proposal { status } } }', { variables: { input: { id: proposal.id } }, headers: buyer }));
    gw.resetCalls();

    const query = 'query($id: ID!) { node(id: $id) { ... on BuyerRequest { id status } } }';
    const mine = await gw.query<{ node: { id: string; status: string } }>(query, { variables: { id: created.nodeId }, headers: buyer });
    expect(expectOk(mine).node.id).toBe(created.id);
    expect(mine.data!.node.status).not.toBe('open');
    expect(gw.calls('marketplace').map((c) => c.path)).toEqual(['/api/v1/requests/board', '/api/v1/requests']);

    gw.resetCalls();
    const anonymous = await gw.query(query, { variables: { id: created.nodeId } });
    expect(errorAt(anonymous, 'node')?.extensions?.code).toBe('NOT_FOUND');
    // Without a token there are no own requests to read: only the board.
    expect(gw.calls('marketplace').map((c) => c.path)).toEqual(['/api/v1/requests/board']);
  });
});

describe('nodes(ids)', () => {
  it('returns mixed types in the order asked, one upstream call per distinct resource', async () => {
    const ids = [
      encodeGlobalId('Seller', ['pixelcraft']),
      encodeGlobalId('Gig', [GIG]),
      encodeGlobalId('Seller', ['pixelcraft']),
      encodeGlobalId('User', ['alice']),
      encodeGlobalId('Gig', [GIG]),
    ];
    const res = await gw.query<{ nodes: Array<Record<string, unknown>> }>(
      'query($ids: [ID!]!) { nodes(ids: $ids) { __typename nodeId ... on Seller { username } ... on Gig { slug } ... on User { username } } }',
      { variables: { ids }, headers: ALL_CREDENTIALS },
    );
    const { nodes } = expectOk(res);
    expect(nodes.map((n) => n.__typename)).toEqual(['Seller', 'Gig', 'Seller', 'User', 'Gig']);
    expect(nodes.map((n) => n.nodeId)).toEqual(ids);
    expect(nodes[0]).toMatchObject({ username: 'pixelcraft' });
    expect(nodes[1]).toMatchObject({ slug: GIG });
    expect(allCalls().map((c) => c.path).sort()).toEqual(['/api/v1/gigs/' + GIG, '/api/v1/sellers/pixelcraft', '/api/v1/users/alice'].sort());
  });

  it('resolves every Node type in one list, each as node(id) would', async () => {
    const entities: Entity[] = [];
    for (const c of CASES) entities.push(await fetchDirect(c));
    // Each type's own fields under aliases (`name` is String on one type, String! on another); the alias limit is 30.
    const SHARED = new Set(['nodeId', 'id']);
    const fragments = CASES.map((c) => `... on ${c.type} { ${c.fields.split(' ').map((f) => (SHARED.has(f) ? f : `${c.type}_${f}: ${f}`)).join(' ')} }`).join(' ');
    const res = await gw.query<{ nodes: Array<Record<string, unknown>> }>(`query($ids: [ID!]!) { nodes(ids: $ids) { __typename ${fragments} } }`, {
      variables: { ids: entities.map((e) => e.nodeId) },
      headers: ALL_CREDENTIALS,
    });
    const unaliased = expectOk(res).nodes.map((n) =>
      Object.fromEntries(Object.entries(n).map(([key, value]) => [key.startsWith(`${String(n.__typename)}_`) ? key.slice(String(n.__typename).length + 1) : key, value])),
    );
    expect(unaliased).toEqual(entities.map((e, i) => ({ __typename: CASES[i]!.type, ...e })));
    expect(allCalls()).toHaveLength(CASES.length);
  });

  it('nulls only the slot of an entity that cannot be read, with its error', async () => {
    const ids = [encodeGlobalId('Seller', ['pixelcraft']), encodeGlobalId('Seller', ['no-such-seller'])];
    const res = await gw.query<{ nodes: Array<Entity | null> }>('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', { variables: { ids } });
    expect(res.data?.nodes).toEqual([{ nodeId: ids[0] }, null]);
    expect(errorAt(res, 'nodes.1')?.extensions?.code).toBe('NOT_FOUND');
  });

  it(`refuses more than ${MAX_NODE_IDS} ids with BAD_USER_INPUT, calling nothing`, async () => {
    const ids = Array.from({ length: MAX_NODE_IDS + 1 }, (_, i) => encodeGlobalId('User', [`user${i}`]));
    const res = await gw.query('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', { variables: { ids } });
    expect(errorAt(res, 'nodes')?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(allCalls()).toEqual([]);
  });
});

describe('ids this API did not issue', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const seller = encodeGlobalId('Seller', ['pixelcraft']);
  const FORGED: Record<string, string> = {
    'a bare upstream id': '1',
    'an unknown type': b64('Wallet:1'),
    'a type that is no Node': b64('Category:logo-design'),
    'an empty key': b64('Seller:'),
    'too many key parts': b64('Seller:pixelcraft:x'),
    'too few key parts': b64('Review:42'),
    'padded base64': `${seller}=`,
    'standard base64 of the same text': Buffer.from('Seller:pixel~craft?').toString('base64'),
    'broken percent-encoding': b64('Seller:%E0%A4%A'),
    'a key the direct field refuses': encodeGlobalId('Gig', ['..']),
    'an item id that is not numeric': encodeGlobalId('Item', ['abc']),
    'an overlong id': 'A'.repeat(3000),
    'an empty id': '',
  };
  for (const [what, id] of Object.entries(FORGED)) {
    it(`refuses ${what} with BAD_USER_INPUT and no upstream call`, async () => {
      const res = await gw.query('query($id: ID!) { node(id: $id) { nodeId } }', { variables: { id }, headers: ALL_CREDENTIALS });
      expect(errorAt(res, 'node')?.extensions?.code, JSON.stringify(res)).toBe('BAD_USER_INPUT');
      expect(allCalls()).toEqual([]);
    });
  }

  it('refuses a whole nodes() list with one forged id or one refused key, before any upstream call', async () => {
    for (const bad of [b64('Nope:1'), encodeGlobalId('Gig', ['..']), encodeGlobalId('Item', ['abc'])]) {
      const res = await gw.query('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', { variables: { ids: [seller, bad] }, headers: ALL_CREDENTIALS });
      expect(res.data).toEqual({ nodes: null });
      expect(errorAt(res, 'nodes')?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field: 'ids' });
      expect(allCalls()).toEqual([]);
    }
  });
});

describe('credentials', () => {
  const sameError = (viaNode: GraphQLResponse<unknown>, direct: GraphQLResponse<unknown>, field: string) => {
    const expected = errorAt(direct, field)?.extensions;
    expect(expected?.code).toBeDefined();
    expect(errorAt(viaNode, 'node')?.extensions).toEqual(expected);
  };

  it('an id of a type the caller cannot read gives the error its direct field gives', async () => {
    const cases: Array<{ id: string; direct: string; field: string; headers: Record<string, string> }> = [
      { id: encodeGlobalId('SeoReport', ['270']), direct: '{ seoReport(id: "270") { id } }', field: 'seoReport', headers: { authorization: `Bearer ${TOKENS.buyer}` } },
      { id: encodeGlobalId('Item', ['10']), direct: '{ item(id: "10") { id } }', field: 'item', headers: {} },
      { id: encodeGlobalId('Order', ['be8eb17a-4c81-47cf-8d2b-59beeaadaa90']), direct: '{ order(id: "be8eb17a-4c81-47cf-8d2b-59beeaadaa90") { id } }', field: 'order', headers: { 'x-items-api-key': ITEMS_KEY } },
      { id: encodeGlobalId('Order', ['be8eb17a-4c81-47cf-8d2b-59beeaadaa90']), direct: '{ order(id: "be8eb17a-4c81-47cf-8d2b-59beeaadaa90") { id } }', field: 'order', headers: { authorization: `Bearer ${TOKENS.noscope}` } },
    ];
    for (const c of cases) {
      const direct = await gw.query(c.direct, { headers: c.headers });
      const directCalls = allCalls().length;
      gw.resetCalls();
      const viaNode = await gw.query('query($id: ID!) { node(id: $id) { nodeId } }', { variables: { id: c.id }, headers: c.headers });
      sameError(viaNode, direct, c.field);
      expect(allCalls().length).toBe(directCalls);
      gw.resetCalls();
    }
  });
});
