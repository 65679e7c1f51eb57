/**
 * The copy of a document that compiled execution compiles (src/plugins/inline-fragments.ts): its fragments that
 * always apply written out where they stand, an interface's or union's selections written out per object type
 * where a fragment narrows, and no copy for a document that multiplies.
 */
import { parse, print } from 'graphql';
import { describe, expect, it } from 'vitest';
import { inlineFragments, MAX_INLINED_SELECTIONS } from '../../src/plugins/inline-fragments.js';
import { schema } from '../../schema/index.js';
import { schema as smallSchema } from './compiled-parity-documents.js';

const operationOf = (text: string) => {
  const copy = inlineFragments(parse(text), schema);
  return copy && print({ ...copy, definitions: copy.definitions.filter((definition) => definition.kind === 'OperationDefinition') });
};
const flat = (text: string) => print(parse(text));

describe('a document with its fragments written out', () => {
  it('writes out fragments on the selected type, nested ones too, where they stand; keeps those under a directive', () => {
    const text = `query Q($hide: Boolean!) { gig(slug: "a") { ...Card ...Price @skip(if: $hide) } }
      fragment Card on Gig { slug } fragment Price on Gig { priceFrom }`;
    // Only the definitions a spread left in the copy still names.
    const names = inlineFragments(parse(text), schema)!.definitions.map((definition) => 'name' in definition && definition.name?.value);
    expect(names).toEqual(['Q', 'Price']);
    expect(
      operationOf(`query Q($hide: Boolean!) { gig(slug: "a") { ...Card seller { ... { name } __typename } ...Price @skip(if: $hide) __typename } }
        fragment Card on Gig { slug ...Title } fragment Title on Gig { title } fragment Price on Gig { priceFrom }`),
    ).toBe(
      flat(`query Q($hide: Boolean!) { gig(slug: "a") { slug title seller { name __typename } ...Price @skip(if: $hide) __typename } }`),
    );
  });

  it('writes out a fragment on an interface the object type implements; on an interface, one per object type where one narrows', () => {
    expect(operationOf('{ gig(slug: "a") { ... on Node { nodeId } slug } }')).toBe(flat('{ gig(slug: "a") { nodeId slug } }'));
    const perType = operationOf('{ node(id: "a") { ... on Gig { slug } nodeId } }')!;
    expect(perType).toContain('... on Gig {\n      slug\n      nodeId\n    }');
    expect(perType).toContain('... on Seller {\n      nodeId\n    }');
    // Without a narrowing fragment the interface's selections stay as they are.
    expect(operationOf('{ node(id: "a") { ... on Node { nodeId } __typename } }')).toBe(flat('{ node(id: "a") { nodeId __typename } }'));
  });

  it('writes a fragment kept for its directive out on the type it is selected on, not on every type of its condition', () => {
    const copy = operationOf('query($x: Boolean!) { gig(slug: "a") { ... on Node @include(if: $x) { nodeId ... on Gig { slug } } } }')!;
    expect(copy).toBe(flat('query($x: Boolean!) { gig(slug: "a") { ... on Node @include(if: $x) { nodeId slug } } }'));
  });

  it('walks each level of narrowing below an interface once: a small document seven levels deep gets its copy', () => {
    let inner = 'nodeId ... on Gig { slug }';
    for (let level = 0; level < 7; level++) inner = `... on Gig { owner { ${inner} } } __typename`;
    const copy = inlineFragments(parse(`{ node { ${inner} } }`), smallSchema);
    expect(copy).toBeDefined();
    expect(print(copy!)).toContain('slug');
  });

  it(`gives no copy past ${MAX_INLINED_SELECTIONS} selections: a fragment spreading the one before it twice, 14 deep`, () => {
    const fragments = ['fragment F0 on Gig { slug }'];
    for (let i = 1; i <= 13; i++) fragments.push(`fragment F${i} on Gig { ...F${i - 1} ...F${i - 1} }`);
    expect(inlineFragments(parse(`{ gig(slug: "a") { ...F13 } } ${fragments.join(' ')}`), schema)).toBeUndefined();
    expect(inlineFragments(parse(`{ gig(slug: "a") { ...F8 } } ${fragments.slice(0, 9).join(' ')}`), schema)).toBeDefined();
  });

  it('stops at a fragment that spreads itself (a document validation refuses): the spread stays', () => {
    expect(operationOf('{ gig(slug: "a") { ...Loop } } fragment Loop on Gig { slug ...Loop }')).toBe(
      flat('{ gig(slug: "a") { slug ...Loop } }'),
    );
  });
});
