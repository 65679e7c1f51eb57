/**
 * Property: over generated queries on the real schema (nested connections,
 * `first` as a literal, a variable, a variable default or left out, aliases,
 * named and inline fragments, whole lists such as `items`, `demoReports`),
 * the upstream calls the sandbox records never exceed the operation's cost
 * estimate, and the run-time call budget never has to refuse a call (the
 * estimate itself is an upper bound, not only the budget). Runs COST_RUNS
 * cases (default 200) with COST_SEED.
 */
import fc from 'fast-check';
import {
  getNamedType,
  isEnumType,
  isLeafType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLObjectType,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../schema/index.js';
import { encodeGlobalId } from '../../src/global-id.js';
import { encodeCursor } from '../../src/upstreams/paging.js';
import { ALL_CREDENTIALS, startTestGateway, type GraphQLResponse, type TestGateway } from '../helpers/gateway.js';

const RUNS = Number(process.env.COST_RUNS ?? 200);
const SEED = Number(process.env.COST_SEED ?? 20261123);
const GIG_SLUG = 'pixelcraft-design-a-minimalist-logo-in-24-hours';
const NODE_IDS = [
  encodeGlobalId('Seller', ['pixelcraft']),
  encodeGlobalId('Gig', [GIG_SLUG]),
  encodeGlobalId('Order', ['no-such-order']),
  encodeGlobalId('Review', [GIG_SLUG, 'no-such-review']),
  encodeGlobalId('BuyerRequest', ['no-such-request']),
  encodeGlobalId('SeoProject', ['no-such-project']),
];
/** Admitted operations make at most this many calls: large enough for `items { demoReports }` (501), small enough to stay fast. */
const MAX_COST = 600;

type Gen = fc.GeneratorValue;
type AnyField = GraphQLField<unknown, unknown>;
type Costed = GraphQLResponse & { extensions?: { cost?: { estimated: number; actual: number } } };

/** A value for a required argument: real keys of the sandbox where the name says which. */
function requiredValue(arg: GraphQLArgument): string | undefined {
  const named = getNamedType(arg.type);
  if (isEnumType(named)) return named.getValues()[0]!.name;
  if (!isScalarType(named)) return undefined; // a required input object: the field is left out
  switch (named.name) {
    case 'Int':
    case 'Float':
      return '1';
    case 'Boolean':
      return 'true';
    case 'String':
    case 'ID':
      if (arg.name === 'username') return '"pixelcraft"';
      if (arg.name === 'slug') return JSON.stringify(GIG_SLUG);
      if (arg.name === 'id') return '"1"';
      return '"logo"';
    default:
      return undefined;
  }
}

/** Fields a generated query may select: every required argument can be filled. */
const selectable = (type: GraphQLObjectType): AnyField[] =>
  Object.values(type.getFields()).filter((f) => f.args.every((a) => !isNonNullType(a.type) || requiredValue(a) !== undefined));

class QueryBuilder {
  private readonly variables: string[] = [];
  readonly values: Record<string, unknown> = {};
  private readonly fragments: string[] = [];
  private count = 0;

  constructor(private readonly g: Gen) {}

  /** `first` as a literal, a variable (sent, defaulted, or left out), or absent. */
  private firstArgument(): string | undefined {
    const g = this.g;
    const n = g(fc.constantFrom, 0, 1, 2, 3, 5, 10, 100);
    const id = `v${this.count++}`;
    switch (g(fc.constantFrom, 'literal', 'variable', 'default', 'unset', 'absent')) {
      case 'literal':
        return `first: ${n}`;
      case 'variable':
        this.variables.push(`$${id}: Int`);
        this.values[id] = n;
        return `first: $${id}`;
      case 'default':
        this.variables.push(`$${id}: Int = ${n}`);
        return `first: $${id}`;
      case 'unset':
        this.variables.push(`$${id}: Int`);
        return `first: $${id}`;
      default:
        return undefined;
    }
  }

  private argumentsOf(field: AnyField): string {
    const args: string[] = [];
    for (const arg of field.args) {
      if (arg.name === 'first') {
        const first = this.firstArgument();
        if (first) args.push(first);
      } else if (arg.name === 'after') {
        if (this.g(fc.integer, { min: 0, max: 4 }) === 0) args.push(`after: "${encodeCursor(this.g(fc.integer, { min: 0, max: 3 }))}"`);
      } else if (isNonNullType(arg.type)) {
        args.push(`${arg.name}: ${requiredValue(arg)}`);
      }
    }
    return args.length > 0 ? `(${args.join(', ')})` : '';
  }

  selection(type: GraphQLObjectType, depth: number): string {
    const g = this.g;
    const fields = selectable(type);
    // Indexes, not the field objects: fast-check compares generated values, and schema objects are cyclic.
    const indexes = g(
      fc.subarray,
      fields.map((_, i) => i),
      { minLength: 1, maxLength: Math.min(3, fields.length) },
    );
    const picked = indexes.map((i) => fields[i]!);
    const parts: string[] = ['__typename'];
    for (const field of picked) {
      const named = getNamedType(field.type);
      if (!isLeafType(named) && !isObjectType(named)) continue;
      if (isObjectType(named) && depth <= 0) continue;
      const alias = g(fc.integer, { min: 0, max: 3 }) === 0 ? `a${this.count++}: ` : '';
      const sub = isObjectType(named) ? ` { ${this.selection(named, depth - 1)} }` : '';
      const text = `${alias}${field.name}${this.argumentsOf(field)}${sub}`;
      // Sometimes through a fragment, which the estimate must count wherever it is spread.
      switch (g(fc.integer, { min: 0, max: 5 })) {
        case 0: {
          const name = `F${this.count++}`;
          this.fragments.push(`fragment ${name} on ${type.name} { ${text} }`);
          parts.push(`...${name}`);
          break;
        }
        case 1:
          parts.push(`... on ${type.name} { ${text} }`);
          break;
        default:
          parts.push(text);
      }
    }
    return parts.join(' ');
  }

  document(body: string): string {
    const header = this.variables.length > 0 ? `query(${this.variables.join(', ')})` : 'query';
    return [`${header} { ${body} }`, ...this.fragments].join('\n');
  }
}

/** A query over the real schema; every few cases one of the shapes the cost estimate once got wrong. */
function generate(g: Gen): { query: string; variables: Record<string, unknown> } {
  const builder = new QueryBuilder(g);
  const query = schema.getQueryType()!;
  const roots = g(fc.constantFrom, 'any', 'any', 'items', 'sellers', 'nodes');
  let body: string;
  if (roots === 'nodes') {
    // Global ids of types read by key and of types found by scanning a list (absent ones: the scan reads every page it may).
    const ids = g(fc.subarray, NODE_IDS, { minLength: 1 });
    const typed = g(fc.subarray, ['Seller', 'Gig', 'Order'], { minLength: 1 });
    const fragments = typed
      .map((name) => `... on ${name} { ${builder.selection(schema.getType(name) as GraphQLObjectType, 1)} }`)
      .join(' ');
    body = `nodes(ids: ${JSON.stringify(ids)}) { nodeId ${fragments} } node(id: ${JSON.stringify(ids[0])}) { nodeId }`;
  } else if (roots === 'items') {
    const item = schema.getType('Item') as GraphQLObjectType;
    body = `items { ${builder.selection(item, 1)} demoReports(first: ${g(fc.integer, { min: 0, max: 3 })}) { id } }`;
  } else if (roots === 'sellers') {
    const seller = schema.getType('Seller') as GraphQLObjectType;
    body = `sellers(first: ${g(fc.integer, { min: 0, max: 4 })}) { nodes { ${builder.selection(seller, 2)} } }`;
  } else {
    body = builder.selection(query, 3);
  }
  return { query: builder.document(body), variables: builder.values };
}

describe('the cost estimate bounds the upstream calls (property)', () => {
  let gw: TestGateway;
  beforeAll(async () => {
    gw = await startTestGateway({ MAX_COST: String(MAX_COST) });
  });
  afterAll(() => gw.close());

  const upstreamCalls = () => gw.calls('marketplace').length + gw.calls('seo').length + gw.calls('items').length;

  it('recorded upstream calls <= estimate, and the run-time budget never refuses a call', { timeout: 120_000 }, async () => {
    let admitted = 0;
    let withCalls = 0;
    await fc.assert(
      fc.asyncProperty(fc.gen(), async (g) => {
        const { query, variables } = generate(g);
        gw.resetCalls();
        const res = (await gw.query(query, { variables, headers: ALL_CREDENTIALS })) as Costed;
        // Calls cancelled when the response was ready may still be on their way: let them land.
        await new Promise((resolve) => setTimeout(resolve, 5));
        const recorded = upstreamCalls();
        const cost = res.extensions?.cost;
        expect(res.status, query).toBeLessThan(500);
        expect(cost, query).toBeDefined();
        expect(recorded, query).toBeLessThanOrEqual(cost!.estimated);
        expect(cost!.actual, query).toBeLessThanOrEqual(cost!.estimated);
        const refusedAtRunTime = (res.errors ?? []).filter((e) => e.extensions?.code === 'QUERY_TOO_COMPLEX' && e.path !== undefined);
        expect(refusedAtRunTime, query).toEqual([]);
        if (cost!.estimated <= MAX_COST) admitted++;
        if (recorded > 0) withCalls++;
      }),
      { numRuns: RUNS, seed: SEED },
    );
    // The generator must actually exercise the gateway, not only get refused.
    expect(admitted).toBeGreaterThan(RUNS / 2);
    expect(withCalls).toBeGreaterThan(RUNS / 3);
  });
});
