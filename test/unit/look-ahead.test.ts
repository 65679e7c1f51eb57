/**
 * Which selections of a child the look-ahead finds below a parent (resolvers/look-ahead.ts): through fragments
 * exactly where graphql-js applies them, so a document and the copy compiled execution runs (its fragments
 * written out, src/plugins/inline-fragments.ts) start the same prefetches.
 */
import { buildSchema, execute, parse, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { childSelections, pointOf } from '../../resolvers/look-ahead.js';

const schema = buildSchema(`
  interface Owned { owner: Person }
  type Person implements Owned { name: String owner: Person }
  type Robot implements Owned { serial: String owner: Person }
  type Query { person: Person }
`);

/** The arguments of each `owner` selection the look-ahead finds below `person` in `query`. */
function ownersBelowPerson(query: string): unknown[] {
  let found: unknown[] = [];
  const rootValue = {
    person: (_: unknown, _context: unknown, info: GraphQLResolveInfo) => {
      found = childSelections(pointOf(info), 'owner').map((selection) => selection.args);
      return { name: 'Ada' };
    },
  };
  execute({ schema, document: parse(query), rootValue });
  return found;
}

describe('look-ahead through fragments', () => {
  it('finds a child inside a fragment on an interface the object implements', () => {
    expect(ownersBelowPerson('{ person { ... on Owned { owner { name } } } }')).toEqual([{}]);
    expect(ownersBelowPerson('{ person { ...O } } fragment O on Owned { owner { name } }')).toEqual([{}]);
  });

  it('finds it in a fragment on the type itself or without a type', () => {
    expect(ownersBelowPerson('{ person { ... { owner { name } } ... on Person { owner { name } } } }')).toHaveLength(2);
  });
});
