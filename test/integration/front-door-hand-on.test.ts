/**
 * A POST the front door (src/front-door.ts) reads and then hands to Yoga (a miss, here) has had its body parsed
 * there already: Yoga takes that value rather than parsing the body's text a second time, and answers as it does
 * without the front door. Counted in this process, where the gateway runs: the JSON.parse calls given the body.
 */
import { describe, expect, it, vi } from 'vitest';
import { TOKENS, useTestGateway } from '../helpers/gateway.js';
import { ENV, post, yogaSaw } from './front-door-fixtures.js';

const door = useTestGateway(ENV, ['marketplace']);
const plain = useTestGateway(ENV, ['marketplace'], { frontDoor: false });

/** How often JSON.parse reads exactly `text` while `run` runs, and what `run` gave. */
async function parsesOf<T>(text: string, run: () => Promise<T>): Promise<{ parses: number; result: T }> {
  const parse = vi.spyOn(JSON, 'parse');
  try {
    const result = await run();
    return { parses: parse.mock.calls.filter(([parsed]) => parsed === text).length, result };
  } finally {
    parse.mockRestore();
  }
}

describe('a body the front door read and handed on', () => {
  it.each([
    ['an operation (a miss)', (name: string) => ({ query: `{ __typename } # ${name}` })],
    ['an operation with variables (a miss)', (name: string) => ({ query: `query($n: Int) { __typename } # ${name}`, variables: { n: 1 } })],
    ['a batch', (name: string) => [{ query: `{ __typename } # ${name} 1` }, { query: `{ __typename } # ${name} 2` }]],
    ['a body with another member', (name: string) => ({ query: `{ __typename } # ${name}`, extensions: {} })],
  ])('is parsed once, and answered as without the front door: %s', async (name, bodyOf) => {
    const body = JSON.stringify(bodyOf(`${name} ${Math.random()}`));
    const expected = await post(plain, body);
    const { parses, result } = await parsesOf(body, () => yogaSaw(door, () => post(door, body)));
    expect(result.yoga).toBe(1);
    expect(result.result).toEqual(expected);
    expect(expected.status).toBe(200);
    expect(parses).toBe(1);
  });

  it('a body that is not an object is left to Yoga, which refuses it as without the front door', async () => {
    for (const body of ['null', '"text"', '42', '{"query": ']) {
      const expected = await post(plain, body);
      const answer = await post(door, body);
      expect(answer).toEqual(expected);
      expect(answer.status).toBe(400);
    }
  });

  it('a caller with a credential is not read by the front door: Yoga parses its body, once', async () => {
    const body = JSON.stringify({ query: `{ __typename } # credential ${Math.random()}` });
    const headers = { authorization: `Bearer ${TOKENS.buyer}` };
    const { parses, result } = await parsesOf(body, () => yogaSaw(door, () => post(door, body, headers)));
    expect(result.yoga).toBe(1);
    expect(result.result.status).toBe(200);
    expect(parses).toBe(1);
  });
});
