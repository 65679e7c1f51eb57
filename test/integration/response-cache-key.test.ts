/**
 * The response cache's key (src/plugins/response-cache/key.ts), asked by the plugin and the front door alike:
 * two requests Yoga answers differently never share an entry. A request that is an error when the cache is cold
 * is the same error when another request's answer is warm.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { ENV, gigsOf, post, type Answer } from './front-door-fixtures.js';

const door = useTestGateway(ENV, ['marketplace']);
const plain = useTestGateway(ENV, ['marketplace'], { frontDoor: false });
const freshGig = gigsOf(door);

/** What matters of an answer here: its status and body. */
const said = ({ status, body }: Answer) => ({ status, body });

describe('requests that only the key text would confuse', () => {
  const cases: Array<[string, (slug: string) => { warm: object; other: object }]> = [
    [
      'an empty operationName is not the absent one',
      (slug) => {
        const query = 'query($slug: String!) { gig(slug: $slug) { slug } } # empty name';
        return { warm: { query, variables: { slug } }, other: { query, variables: { slug }, operationName: '' } };
      },
    ],
    [
      'a separator in the operationName does not move text from the document into it',
      (slug) => {
        const query = 'query($slug: String!) { gig(slug: $slug) { slug } } # separator';
        return { warm: { query: `${query}|x`, variables: { slug } }, other: { query, variables: { slug }, operationName: 'x|' } };
      },
    ],
  ];

  it.each(cases)('%s', async (_name, requestsOf) => {
    const { slug } = await freshGig();
    const { warm, other } = requestsOf(slug);
    for (const gw of [door, plain]) {
      // Cold: Yoga's answer to `other` (an unknown operation name), which is not kept.
      const cold = said(await post(gw, JSON.stringify(other)));
      expect(cold.body).toContain('"errors"');
      // `warm` filled its entry and is a hit now.
      const warmed = said(await post(gw, JSON.stringify(warm)));
      expect(warmed.status).toBe(200);
      expect(said(await post(gw, JSON.stringify(warm)))).toEqual(warmed);
      // `other` is still answered as Yoga answers it, not with `warm`'s entry.
      expect(said(await post(gw, JSON.stringify(other)))).toEqual(cold);
    }
  });
});
