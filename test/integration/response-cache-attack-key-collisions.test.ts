/**
 * Attack (issue 20, response cache): two requests Yoga answers differently that share one entry of the response
 * cache, so the second gets the first's data instead of its own error, through the front door and through Yoga's
 * plugin alike. docs/caching.md, "What is shared": the key is "the document, operation name …, variables … each
 * told apart from the next (two requests Yoga answers differently never share an entry)".
 *
 * - Variables: the key writes them with fast-json-stable-stringify, which writes a number JSON cannot hold as
 *   `null`. `{"first":1e400}` is parsed as Infinity (Yoga: 400 BAD_USER_INPUT, "Int cannot represent non-integer
 *   value: Infinity") but keyed as `{"first":null}`, a valid request whose answer is shared.
 * - The document: the key's text is hashed as UTF-8, where a lone surrogate (a POST body may carry `\ud800`) is
 *   written as U+FFFD. A document with a lone surrogate in a comment (Yoga: "Syntax Error: Invalid character:
 *   U+D800") is keyed as the same document with U+FFFD there, which parses and is shared.
 */
import { describe, expect, it } from 'vitest';
import { useTestGateway } from '../helpers/gateway.js';
import { ENV, post, type Answer } from './front-door-fixtures.js';

const door = useTestGateway(ENV, ['marketplace']);
const plain = useTestGateway(ENV, ['marketplace'], { frontDoor: false });

/** What matters of an answer here: its status and body. */
const said = ({ status, body }: Answer) => ({ status, body });

describe('requests only the key would confuse (attack)', () => {
  const cases: Array<[string, { warm: string; other: string }]> = [
    [
      'a variable too large for a number is not the null one',
      (() => {
        const query = 'query($first: Int) { gigs(first: $first) { totalCount } } # overflow';
        return {
          warm: JSON.stringify({ query, variables: { first: null } }),
          other: `{"query":${JSON.stringify(query)},"variables":{"first":1e400}}`,
        };
      })(),
    ],
    [
      'a lone surrogate in the document is not U+FFFD',
      (() => {
        const text = (character: string) => `query { gigs(first: 1) { totalCount } } # ${character}`;
        return { warm: JSON.stringify({ query: text('\ufffd') }), other: JSON.stringify({ query: text('\ud800') }) };
      })(),
    ],
  ];

  it.each(cases)('%s', async (_name, { warm, other }) => {
    for (const gw of [door, plain]) {
      // Cold: Yoga's answer to `other` (an error), which is not kept.
      const cold = said(await post(gw, other));
      expect(cold.body).toContain('"errors"');
      // `warm` fills its entry and is a hit now.
      const warmed = said(await post(gw, warm));
      expect(warmed.status).toBe(200);
      expect(said(await post(gw, warm))).toEqual(warmed);
      // `other` is still answered as Yoga answers it, not with `warm`'s entry.
      expect(said(await post(gw, other))).toEqual(cold);
    }
  });
});
