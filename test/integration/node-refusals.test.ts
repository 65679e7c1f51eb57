/**
 * Global object identification: ids this API did not issue are refused with
 * BAD_USER_INPUT and no upstream call, alone or inside a `nodes(ids)` list; a
 * missing credential gives the direct field's error. (Fetching by id:
 * node-fetch.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { encodeGlobalId } from '../../src/global-id.js';
import { ALL_CREDENTIALS, errorAt, ITEMS_KEY, TOKENS, type GraphQLResponse } from '../helpers/gateway.js';
import { useNodeGateway } from './node-fixtures.js';

const { gw, allCalls } = useNodeGateway();

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
      const res = await gw.query('query($ids: [ID!]!) { nodes(ids: $ids) { nodeId } }', {
        variables: { ids: [seller, bad] },
        headers: ALL_CREDENTIALS,
      });
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
      {
        id: encodeGlobalId('SeoReport', ['270']),
        direct: '{ seoReport(id: "270") { id } }',
        field: 'seoReport',
        headers: { authorization: `Bearer ${TOKENS.buyer}` },
      },
      { id: encodeGlobalId('Item', ['10']), direct: '{ item(id: "10") { id } }', field: 'item', headers: {} },
      {
        id: encodeGlobalId('Order', ['be8eb17a-4c81-47cf-8d2b-59beeaadaa90']),
        direct: '{ order(id: "be8eb17a-4c81-47cf-8d2b-59beeaadaa90") { id } }',
        field: 'order',
        headers: { 'x-items-api-key': ITEMS_KEY },
      },
      {
        id: encodeGlobalId('Order', ['be8eb17a-4c81-47cf-8d2b-59beeaadaa90']),
        direct: '{ order(id: "be8eb17a-4c81-47cf-8d2b-59beeaadaa90") { id } }',
        field: 'order',
        headers: { authorization: `Bearer ${TOKENS.noscope}` },
      },
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
