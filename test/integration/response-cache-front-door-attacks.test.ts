/**
 * A hostile anonymous caller against the response cache's front door (src/front-door.ts), which reads every
 * anonymous JSON POST and GET to /graphql before any of Yoga's limits: whatever it is sent, the process must
 * answer as a gateway without it does (the same status and body), and must go on answering.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway, type TestGateway } from '../helpers/gateway.js';
import { answerOf, ENV, post } from './front-door-fixtures.js';

const door = useTestGateway(ENV, ['marketplace']);
const plain = useTestGateway(ENV, ['marketplace'], { frontDoor: false });

const TYPENAME = JSON.stringify({ query: '{ __typename }' });
const stillAnswers = async (gw: TestGateway) => expect(JSON.parse((await post(gw, TYPENAME)).body)).toEqual({ data: { __typename: 'Query' } });

describe('variables nested deeper than the key can serialise', () => {
  // 20 KB: far within MAX_BODY_BYTES. JSON.parse reads it; the key's stable stringify recurses once per level.
  const deep = (levels: number) => `{"query":"query($a: [Int]) { __typename }","variables":{"a":${'['.repeat(levels)}${']'.repeat(levels)}}}`;

  it('a POST is answered as without the front door, and the process goes on answering', async () => {
    const body = deep(20_000);
    const expected = await post(plain, body);
    expect(await post(door, body)).toEqual(expected);
    await stillAnswers(door);
  });

  it('a GET too', async () => {
    const search = `query=${encodeURIComponent('query($a: [Int]) { __typename }')}&variables={"a":${'['.repeat(7_000)}${']'.repeat(7_000)}}`;
    const get = (gw: TestGateway) => fetch(`${gw.url}/graphql?${search}`).then(answerOf);
    const expected = await get(plain);
    expect(await get(door)).toEqual(expected);
    await stillAnswers(door);
  });
});
