/**
 * The random documents of test/unit/compiled-parity-property.test.ts: a small schema (object types, two interfaces,
 * a union) and fast-check generators of query documents over it.
 */
import {
  buildSchema,
  getNamedType,
  isCompositeType,
  isObjectType,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLUnionType,
} from 'graphql';
import fc from 'fast-check';

export const schema = buildSchema(`
  interface Node { nodeId: ID! }
  interface Named { name: String }
  union Thing = Gig | Seller
  type Gig implements Node & Named { nodeId: ID! name: String slug: String! title: String seller: Seller related(first: Int): [Gig!]! owner: Node things: [Thing!]! oops: Gig }
  type Seller implements Node & Named { nodeId: ID! username: String! name: String gigs(first: Int, after: String): [Gig!]! best: Gig oops: Gig }
  type Review implements Node { nodeId: ID! rating: Int gig: Gig }
  type Query { gig: Gig gigs(first: Int): [Gig!]! node: Node nodes: [Node]! seller: Seller thing: Thing named: [Named!]! oops: Gig }
`);

/** Type conditions a fragment selected on `type` may name. */
const conditionsFor = (type: GraphQLCompositeType): string[] =>
  isObjectType(type)
    ? [
        type.name,
        ...type.getInterfaces().map((i) => i.name),
        ...(schema.isSubType(schema.getType('Thing') as GraphQLUnionType, type) ? ['Thing'] : []),
      ]
    : [type.name, ...schema.getPossibleTypes(type).map((t) => t.name)];

/** A random query document over `schema`, drawn with fast-check's `gen` (so a failure shrinks). */
export function document(g: fc.GeneratorValue): string {
  const pick = <T>(items: readonly T[]): T => items[g(fc.nat, { max: items.length - 1 })]!;
  const chance = (percent: number) => g(fc.nat, { max: 99 }) < percent;
  const fragments: Array<{ name: string; on: string; text: string }> = [];
  const variables = new Set<string>();
  const directive = () => {
    if (!chance(10)) return '';
    const condition = pick(['true', 'false', '$yes', '$no']);
    if (condition.startsWith('$')) variables.add(condition.slice(1));
    return ` @${pick(['skip', 'include'])}(if: ${condition})`;
  };
  const selections = (type: GraphQLCompositeType, depth: number): string => {
    const out: string[] = [];
    for (let count = 1 + g(fc.nat, { max: 2 }); count > 0; count--) {
      const kind = g(fc.nat, { max: 99 });
      if (kind < 55 || depth <= 0) {
        if (!('getFields' in type) || chance(12)) {
          out.push(`${chance(30) ? `${pick(['a', 'b'])}: ` : ''}__typename${directive()}`);
          continue;
        }
        const field = pick(Object.values(type.getFields()) as Array<GraphQLField<unknown, unknown>>);
        // An alias made of the field's name merges without conflict; `a`/`b` may conflict (validation then drops the document).
        const alias = chance(30) ? `x${field.name}: ` : chance(10) ? `${pick(['a', 'b'])}: ` : '';
        const fieldType = getNamedType(field.type);
        if (!isCompositeType(fieldType)) out.push(`${alias}${field.name}${directive()}`);
        else if (depth <= 0) out.push(`${alias}__typename`);
        else {
          // Arguments, literal or variable: aliased selections of one field with other arguments (`p: gigs(first: 1)
          // q: gigs(first: $m)`) are looked ahead one by one; the same alias with other arguments does not validate.
          let args = '';
          if (field.args.length > 0 && chance(60)) {
            const first = pick(['1', '2', '$n', '$m']);
            if (first.startsWith('$')) variables.add(first.slice(1));
            args = `(first: ${first}${field.args.length > 1 && chance(20) ? ', after: "x"' : ''})`;
          }
          const named = args && !alias && chance(40) ? `${pick(['p', 'q'])}: ` : alias;
          out.push(`${named}${field.name}${args}${directive()} { ${selections(fieldType, depth - 1)} }`);
        }
      } else if (kind < 80) {
        const condition = chance(25) ? undefined : pick(conditionsFor(type));
        const on = condition ? (schema.getType(condition) as GraphQLCompositeType) : type;
        out.push(`...${condition ? ` on ${condition}` : ''}${directive()} { ${selections(on, depth - 1)} }`);
      } else {
        const usable = fragments.filter((fragment) => conditionsFor(type).includes(fragment.on));
        if (usable.length > 0 && chance(60)) out.push(`...${pick(usable).name}${directive()}`);
        else {
          const on = pick(conditionsFor(type));
          const body = selections(schema.getType(on) as GraphQLCompositeType, depth - 1);
          const name = `F${fragments.length}`;
          fragments.push({ name, on, text: `fragment ${name} on ${on} { ${body} }` });
          out.push(`...${name}${directive()}`);
        }
      }
    }
    return out.join(' ');
  };
  const body = selections(schema.getQueryType()!, 3);
  const definitions = [...variables].map((name) => `$${name}: ${name === 'n' || name === 'm' ? 'Int!' : 'Boolean!'}`).join(', ');
  return `query Q${definitions ? `(${definitions})` : ''} { ${body} } ${fragments.map((fragment) => fragment.text).join(' ')}`;
}

/**
 * A document spreading two fragments (T on Gig, S on Seller) in several places, each spread plain or wrapped in an
 * inline fragment (with or without a type condition) or in a fragment spreading it, with or without @skip/@include:
 * the shapes where graphql-jit's notes on a fragment's shared field nodes would carry one place's condition to another.
 */
export function sharedFragments(g: fc.GeneratorValue): string {
  const pick = <T>(items: readonly T[]): T => items[g(fc.nat, { max: items.length - 1 })]!;
  const chance = (percent: number) => g(fc.nat, { max: 99 }) < percent;
  const wrap = (spread: string, on: 'Gig' | 'Seller') => {
    const kind = g(fc.nat, { max: 9 });
    if (kind < 3) return spread;
    const condition = pick([' @include(if: $no)', ' @skip(if: $yes)', ' @include(if: $yes)', '']);
    if (kind < 6) return `...${condition} { ${spread} }`;
    if (kind < 8) return `... on ${pick([on, 'Node', 'Named'])}${condition} { ${spread} }`;
    return `...Wrap${on}${condition}`;
  };
  const places = [
    () => `${pick(['gig', 'x: gig', 'a: gig'])} { ${wrap('...T', 'Gig')} ${chance(50) ? pick(['slug', 'title', '__typename']) : ''} }`,
    () => `${pick(['gig', 'y: gig', 'a: gig'])} { ${chance(30) ? 'title ' : ''}${wrap('...T', 'Gig')} }`,
    () => `seller { ${wrap('...S', 'Seller')} gigs { ${wrap('...T', 'Gig')} } }`,
    () => `nodes { ${wrap('...T', 'Gig')} ${wrap('...S', 'Seller')} ${chance(50) ? 'nodeId' : ''} }`,
    () => `gigs { ${wrap('...T', 'Gig')} }`,
  ];
  const selections = Array.from({ length: 2 + g(fc.nat, { max: 2 }) }, () => pick(places)()).join(' ');
  const variables = ['yes', 'no'].filter((name) => selections.includes(`$${name}`));
  const fragments = [
    /\.\.\.(T|WrapGig)\b/.test(selections) &&
      `fragment T on Gig { ${pick(['slug title', 'title seller { name }', 'nodeId slug', '__typename slug', 'seller { name username }', 'x: slug'])} }`,
    /\.\.\.(S|WrapSeller)\b/.test(selections) && `fragment S on Seller { ${pick(['name', 'username name', 'best { slug }', 'nodeId'])} }`,
    selections.includes('...WrapGig') && 'fragment WrapGig on Gig { ...T }',
    selections.includes('...WrapSeller') && 'fragment WrapSeller on Seller { ...S }',
  ].filter(Boolean);
  const definitions = variables.map((name) => `$${name}: Boolean!`).join(', ');
  return `query Q${definitions ? `(${definitions})` : ''} { ${selections} } ${fragments.join(' ')}`;
}
