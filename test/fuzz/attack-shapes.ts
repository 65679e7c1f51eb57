/**
 * The attack shapes of the campaign's cases, each drawn from the case's own
 * random stream: alias floods, fragment cycles, deep selections, huge strings,
 * garbage text, forged cursors, cost bombs hidden in variable defaults, and
 * malformed HTTP bodies. cases.ts picks one per case.
 */
import { getNamedType, GraphQLObjectType, isLeafType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { DocumentBuilder, printLiteral, randomOperation, type GenOptions } from './documents.js';
import { forgedCursor, type Rng } from './values.js';

export interface FuzzOperation {
  query: unknown;
  variables?: unknown;
  operationName?: unknown;
}

/** A hand-made HTTP request: its body and content type, and for a GET the query string it carries instead. */
export interface RawRequest {
  body: string;
  contentType: string;
  method?: 'GET' | 'POST';
  search?: string;
}

const rootFields = (schema: GraphQLSchema, kind: 'query' | 'mutation') =>
  Object.values((kind === 'query' ? schema.getQueryType() : schema.getMutationType())!.getFields());

export function aliasFlood(schema: GraphQLSchema, gen: GenOptions): FuzzOperation {
  const { rng } = gen;
  const kind = rng.chance(0.8) ? 'query' : 'mutation';
  const fields = rootFields(schema, kind);
  const field =
    kind === 'mutation' && rng.chance(0.5) ? (fields.find((f) => f.name === 'mobileLogin') ?? rng.pick(fields)) : rng.pick(fields);
  const b = new DocumentBuilder(schema, gen);
  const n = rng.weighted<number>([
    [3, rng.int(5, 30)],
    [2, rng.int(31, 45)],
    [1, rng.int(46, 200)],
  ]);
  const body = Array.from({ length: n }, (_, i) => `x${i}: ${b.field(field, 0).replace(/^a\d+: /, '')}`).join(' ');
  return { query: b.document(kind, body), variables: b.variables };
}

export function fragmentCycle(rng: Rng): FuzzOperation {
  const variants = [
    '{ ...A } fragment A on Query { categories { slug } ...B } fragment B on Query { ...A }',
    '{ seller(username: "pixelcraft") { ...S } } fragment S on Seller { name ...S }',
    '{ ...A } fragment A on Query { ...A }',
    '{ ...A } fragment A on Query { ...B } fragment B on Query { ...C } fragment C on Query { ...A }',
    '{ ...A } fragment A on Nope { x }',
    '{ __typename } fragment Unused on Query { __typename }',
    '{ ...Missing }',
  ];
  if (rng.chance(0.3)) {
    const n = rng.int(50, 600);
    const chain = Array.from({ length: n }, (_, i) => `fragment A${i} on Query { ${i + 1 < n ? `...A${i + 1}` : 'categories { slug }'} }`);
    if (rng.chance(0.5)) chain.push(`fragment A${n} on Query { ...A0 }`);
    return { query: `{ ...A0 } ${chain.join(' ')}` };
  }
  return { query: rng.pick(variants) };
}

/** Follows composite fields as deep as `maxDepth`, so depth limits and nested lists are exercised. */
export function deepSelection(schema: GraphQLSchema, gen: GenOptions): FuzzOperation {
  const b = new DocumentBuilder(schema, gen);
  let type: GraphQLObjectType = schema.getQueryType()!;
  const opened: string[] = [];
  for (let depth = 0; depth < gen.maxDepth; depth++) {
    const composite = Object.values(type.getFields()).filter((f) => getNamedType(f.type) instanceof GraphQLObjectType);
    if (composite.length === 0) break;
    const field = gen.rng.pick(composite);
    opened.push(`${field.name}${b.arguments(field)} {`);
    type = getNamedType(field.type) as GraphQLObjectType;
  }
  const body = `${opened.join(' ')} __typename ${'}'.repeat(opened.length)}`;
  return { query: b.document('query', body), variables: b.variables };
}

export function hugeString(schema: GraphQLSchema, gen: GenOptions): FuzzOperation {
  const { rng } = gen;
  const size = rng.weighted<number>([
    [4, rng.int(10_000, 200_000)],
    [2, rng.int(200_000, 1_000_000)],
    [1, rng.int(1_050_000, 1_600_000)],
  ]);
  const text = rng.chance(0.5)
    ? 'x'.repeat(size)
    : rng
        .pick(gen.pools.strings)
        .repeat(Math.ceil(size / 8))
        .slice(0, size);
  const where = rng.int(0, 2);
  if (where === 0) return { query: 'query($q: String) { gigs(search: $q, first: 1) { totalCount } }', variables: { q: text } };
  if (where === 1) return { query: `{ seller(username: ${JSON.stringify(text)}) { name } }` };
  const op = randomOperation(schema, gen);
  return { query: `# ${text.replace(/[\r\n]/g, ' ')}\n${String(op.query)}`, variables: op.variables };
}

export function garbage(schema: GraphQLSchema, gen: GenOptions): string {
  const { rng, pools } = gen;
  const valid = String(randomOperation(schema, gen).query);
  return rng.weighted<() => string>([
    [3, () => valid.slice(0, rng.int(0, valid.length))],
    [2, () => Array.from({ length: rng.int(1, 6) }, () => rng.pick(pools.strings)).join(' ')],
    [
      2,
      () => {
        const at = rng.int(0, valid.length);
        return (
          valid.slice(0, at) +
          rng.pick(['\u0000', '\u0007', '\r', '\u2028', '\ufeff', '\ud800', '😀', '"', '\\', '$', '@', '...']) +
          valid.slice(at)
        );
      },
    ],
    [1, () => '{'.repeat(rng.int(1, 5000))],
    [1, () => `query ${'a'.repeat(rng.int(1, 300))} { __typename }`],
    [1, () => ''],
    [1, () => `${valid}\n${valid}`],
  ])();
}

export function forgedCursorQuery(schema: GraphQLSchema, gen: GenOptions): FuzzOperation {
  const { rng } = gen;
  const paged = rootFields(schema, 'query').filter((f) => f.args.some((a) => a.name === 'after'));
  const field = rng.pick(paged);
  const b = new DocumentBuilder(schema, gen);
  const cursor = forgedCursor(rng, gen.pools, gen.hostileCursors);
  const args = field.args.flatMap((arg) => {
    if (arg.name === 'after') return rng.chance(0.5) ? [`after: ${JSON.stringify(cursor)}`] : [`after: $cursor`];
    if (arg.name === 'first') return [`first: ${rng.int(0, 12)}`];
    if (String(arg.type).endsWith('!')) return [`${arg.name}: ${printLiteral(b.value(arg.type, arg.name), arg.type)}`];
    return [];
  });
  const usesVariable = args.includes('after: $cursor');
  const selection = b.selection(getNamedType(field.type), 1);
  return {
    query: `query${usesVariable ? '($cursor: String)' : ''} { ${field.name}(${args.join(', ')}) { ${selection} } }\n${b.fragments.join('\n')}`,
    variables: usesVariable ? { cursor } : {},
  };
}

/** Nested connections whose sizes hide in a variable default (`query($n: Int = 100)`), the shape that beat the estimate. */
export function costBomb(schema: GraphQLSchema, gen: GenOptions): FuzzOperation {
  const { rng } = gen;
  const n = rng.pick([3, 10, 25, 50, 100]);
  let type: GraphQLObjectType = schema.getQueryType()!;
  const opened: string[] = [];
  for (let hops = 0; hops < 8 && opened.length < rng.int(2, 4) * 2; hops++) {
    const fields = Object.values(type.getFields());
    const paged = fields.filter((f) => f.args.some((a) => a.name === 'first') && !f.args.some((a) => String(a.type).endsWith('!')));
    const nodes = fields.find((f) => f.name === 'nodes');
    const next: GraphQLField<unknown, unknown> | undefined = paged.length && (hops === 0 || rng.chance(0.7)) ? rng.pick(paged) : nodes;
    if (!next || isLeafType(getNamedType(next.type))) break;
    opened.push(`${next.name}${next.args.some((a) => a.name === 'first') ? '(first: $n)' : ''} {`);
    type = getNamedType(next.type) as GraphQLObjectType;
    if (!(type instanceof GraphQLObjectType)) break;
  }
  const leaf = Object.values(type.getFields()).find((f) => isLeafType(getNamedType(f.type)) && f.args.length === 0)?.name ?? '__typename';
  const body = `${opened.join(' ')} ${leaf} ${'}'.repeat(opened.length)}`;
  const aliases = rng.chance(0.3) ? rng.int(2, 9) : 1;
  const fields = Array.from({ length: aliases }, (_, i) => (aliases > 1 ? `c${i}: ${body}` : body)).join(' ');
  const omitted = rng.chance(0.6);
  return { query: `query($n: Int = ${n}) { ${fields} }`, variables: omitted ? {} : { n: rng.pick([n, 0, 1, 101, null]) } };
}

export function httpProtocol(rng: Rng): RawRequest {
  const json = 'application/json';
  return rng.weighted<RawRequest>([
    [2, { body: 'not json', contentType: json }],
    [1, { body: '{"query": 1}', contentType: json }],
    [1, { body: '[]', contentType: json }],
    [1, { body: '[1, "x", null]', contentType: json }],
    [1, { body: 'null', contentType: json }],
    [1, { body: '{"query":"{ __typename }","variables":"x"}', contentType: json }],
    [1, { body: '{"query":"{ __typename }","operationName":{}}', contentType: json }],
    [1, { body: '{"query":"{ __typename }","extensions":[1]}', contentType: json }],
    [1, { body: '{"query":"{ __typename }"', contentType: json }],
    [1, { body: '\ufeff{"query":"{ __typename }"}', contentType: json }],
    [1, { body: `${'['.repeat(20_000)}${']'.repeat(20_000)}`, contentType: json }],
    [1, { body: '{"query":"{ __typename }"}', contentType: 'text/plain' }],
    [1, { body: 'query=%7B__typename%7D', contentType: 'application/x-www-form-urlencoded' }],
    [
      1,
      {
        body: '--x\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{}\r\n--x--',
        contentType: 'multipart/form-data; boundary=x',
      },
    ],
    [1, { body: '', contentType: json }],
    [
      1,
      { body: '', contentType: json, method: 'GET', search: '?query=mutation%7BfollowSeller(username%3A%22alice%22)%7B__typename%7D%7D' },
    ],
    [1, { body: '', contentType: json, method: 'GET', search: `?query=${'%7B'.repeat(3000)}` }],
    [1, { body: '', contentType: json, method: 'GET', search: '?query=%7B__typename%7D&variables=%7Bnope' }],
    [1, { body: '{"query":"subscription { marketplaceEvents { event } }"}', contentType: json }],
  ]);
}
