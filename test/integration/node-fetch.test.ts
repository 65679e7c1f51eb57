/**
 * Global object identification against the sandbox: every Node type fetched
 * through its own field, then refetched by its `nodeId` with `node(id)` (same
 * fields, same values, only the upstream calls its own lookup makes);
 * `nodes(ids)` with mixed types in order; one upstream call per distinct
 * resource however often it is named. (Refused ids and credentials:
 * node-refusals.test.ts.)
 */
import { isNonNullType, isObjectType, type GraphQLInterfaceType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { encodeGlobalId, MAX_NODE_IDS } from '../../src/global-id.js';
import { ALL_CREDENTIALS, errorAt } from '../helpers/gateway.js';
import { as, expectOk } from '../helpers/operations.js';
import { CASES, GIG, nodeQuery, useNodeGateway, type Entity } from './node-fixtures.js';

const { gw, allCalls, fetchDirect } = useNodeGateway();

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
    const data = expectOk(
      await gw.query<{ seller: Entity; orders: { nodes: Entity[] } }>(
        '{ seller(username: "pixelcraft") { id nodeId } orders(first: 1) { nodes { id nodeId } } }',
        { headers: ALL_CREDENTIALS },
      ),
    );
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
    const viaNode = await gw.query('query($id: ID!) { node(id: $id) { nodeId } }', {
      variables: { id: encodeGlobalId('Seller', ['no-such-seller']) },
    });
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
  it("is found among the caller's own requests, and is NOT_FOUND for anyone else", async () => {
    const buyer = as('mallory', 'orders.write', 'orders.read', 'offers.read');
    const created = expectOk(
      await gw.query<{ createBuyerRequest: { request: { id: string; nodeId: string } } }>(
        'mutation($input: CreateBuyerRequestInput!) { createBuyerRequest(input: $input) { request { id nodeId } } }',
        {
          variables: { input: { title: 'Menu design for a cafe', description: 'Two pages, warm colours.', budget: 90, deliveryDays: 4 } },
          headers: buyer,
        },
      ),
    ).createBuyerRequest.request;
    const proposal = expectOk(
      await gw.query<{ submitProposal: { proposal: { id: string } } }>(
        'mutation($input: SubmitProposalInput!) { submitProposal(input: $input) { proposal { id } } }',
        {
          variables: { input: { requestId: created.id, message: 'I design menus for a living.', price: 80, deliveryDays: 3 } },
          headers: as('pixelcraft', 'gigs.write'),
        },
      ),
    ).submitProposal.proposal;
    expectOk(
      await gw.query('mutation($input: ProposalActionInput!) { acceptProposal(input: $input) { proposal { status } } }', {
        variables: { input: { id: proposal.id } },
        headers: buyer,
      }),
    );
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
    expect(
      allCalls()
        .map((c) => c.path)
        .sort(),
    ).toEqual(['/api/v1/gigs/' + GIG, '/api/v1/sellers/pixelcraft', '/api/v1/users/alice'].sort());
  });

  it('resolves every Node type in one list, each as node(id) would', async () => {
    const entities: Entity[] = [];
    for (const c of CASES) entities.push(await fetchDirect(c));
    // Each type's own fields under aliases (`name` is String on one type, String! on another); the alias limit is 30.
    const SHARED = new Set(['nodeId', 'id']);
    const fragments = CASES.map(
      (c) =>
        `... on ${c.type} { ${c.fields
          .split(' ')
          .map((f) => (SHARED.has(f) ? f : `${c.type}_${f}: ${f}`))
          .join(' ')} }`,
    ).join(' ');
    const res = await gw.query<{ nodes: Array<Record<string, unknown>> }>(
      `query($ids: [ID!]!) { nodes(ids: $ids) { __typename ${fragments} } }`,
      {
        variables: { ids: entities.map((e) => e.nodeId) },
        headers: ALL_CREDENTIALS,
      },
    );
    const unaliased = expectOk(res).nodes.map((n) =>
      Object.fromEntries(
        Object.entries(n).map(([key, value]) => [
          key.startsWith(`${String(n.__typename)}_`) ? key.slice(String(n.__typename).length + 1) : key,
          value,
        ]),
      ),
    );
    expect(unaliased).toEqual(entities.map((e, i) => ({ __typename: CASES[i]!.type, ...e })));
    expect(allCalls()).toHaveLength(CASES.length);
  });

  it('nulls only the slot of an entity that cannot be read, with its error', async () => {
    const ids = [encodeGlobalId('Seller', ['pixelcraft']), encodeGlobalId('Seller', ['no-such-seller'])];
    const res = await gw.query<{ nodes: Array<Entity | null> }>('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', {
      variables: { ids },
    });
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
