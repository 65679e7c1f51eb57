/**
 * Generates GraphQL documents over the real printed schema (schema/schema.graphql):
 * random root fields and selections, arguments as literals or variables (with
 * and without defaults, sometimes of the wrong declared type), hostile values,
 * forged cursors, aliases, inline and named fragments, unknown fields.
 */
import { readFileSync } from 'node:fs';
import {
  buildSchema,
  getNamedType,
  GraphQLEnumType,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLUnionType,
  isInterfaceType,
  isLeafType,
  isObjectType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLScalarType,
  type GraphQLSchema,
} from 'graphql';
import { forgedCursor, VALID_IDS, VALID_NAMES, type Pools, type Rng } from './values.js';

export const loadFuzzSchema = (): GraphQLSchema =>
  buildSchema(readFileSync(new URL('../../schema/schema.graphql', import.meta.url), 'utf8'));

export interface Generated {
  query: string;
  variables: Record<string, unknown>;
}

export interface GenOptions {
  rng: Rng;
  pools: Pools;
  hostileCursors: boolean;
  /** Selections stop nesting below this depth. */
  maxDepth: number;
}

/** The fields of an object or interface type; none for anything else. */
const fieldsOf = (type: GraphQLNamedType): Array<GraphQLField<unknown, unknown>> =>
  isObjectType(type) || isInterfaceType(type) ? Object.values(type.getFields()) : [];

/** One document being built: its variables, their declarations and its fragments. */
export class DocumentBuilder {
  readonly variables: Record<string, unknown> = {};
  readonly declarations: string[] = [];
  readonly fragments: string[] = [];
  private counter = 0;
  constructor(
    readonly schema: GraphQLSchema,
    readonly o: GenOptions,
  ) {}

  /** A value of `type` for the argument `name`: mostly plausible, often hostile, sometimes of another type. */
  value(type: GraphQLInputType, name: string, depth = 0): unknown {
    const { rng } = this.o;
    if (type instanceof GraphQLNonNull) return rng.chance(0.02) ? null : this.value(type.ofType as GraphQLInputType, name, depth);
    if (rng.chance(0.04)) return null;
    if (rng.chance(0.04)) return rng.pick<unknown>(['text', 7, 1.5, true, {}, [], { a: 1 }, [[1]], -1]);
    if (type instanceof GraphQLList) {
      if (rng.chance(0.05))
        return Array.from({ length: rng.int(50, 300) }, () => this.value(type.ofType as GraphQLInputType, name, depth + 1));
      return Array.from({ length: rng.int(0, 3) }, () => this.value(type.ofType as GraphQLInputType, name, depth + 1));
    }
    if (type instanceof GraphQLEnumType) return rng.chance(0.05) ? rng.pick(['NOPE', 'null', 'asc']) : rng.pick(type.getValues()).name;
    if (type instanceof GraphQLInputObjectType) {
      const out: Record<string, unknown> = {};
      if (depth > 3) return out;
      for (const field of Object.values(type.getFields())) {
        if (field.type instanceof GraphQLNonNull || rng.chance(0.5)) out[field.name] = this.value(field.type, field.name, depth + 1);
      }
      if (rng.chance(0.03)) out.unknownField = 1;
      return out;
    }
    return this.scalar(type as GraphQLScalarType, name);
  }

  private scalar(type: GraphQLScalarType, name: string): unknown {
    const { rng, pools } = this.o;
    switch (type.name) {
      case 'Int':
        if (/^(first|last|limit|perPage|page|count|size)$/i.test(name)) {
          return rng.weighted<() => number>([
            [6, () => rng.int(0, 12)],
            [2, () => rng.int(13, 100)],
            [2, () => rng.pick(pools.ints)],
          ])();
        }
        return rng.chance(0.5) ? rng.int(0, 40) : rng.pick(pools.ints);
      case 'Float':
        return rng.pick(pools.floats);
      case 'Boolean':
        return rng.chance(0.5);
      case 'DateTime':
        return rng.chance(0.6) ? new Date(rng.int(0, 4_000_000_000_000)).toISOString() : rng.pick(pools.strings);
      case 'JSON':
        return rng.chance(0.7) ? { note: rng.pick(pools.strings), n: rng.pick(pools.ints) } : deepJson(rng.int(10, 200));
      case 'File':
      case 'Upload':
        return rng.pick<unknown>(['abc', {}, null, 1, [], { name: 'x.png' }]);
      default:
        if (/^(after|before|cursor)$/i.test(name)) return forgedCursor(rng, pools, this.o.hostileCursors);
        if (/id$/i.test(name) && rng.chance(0.5)) return rng.pick(VALID_IDS);
        if (/(username|slug|name|seller)$/i.test(name) && rng.chance(0.4)) return rng.pick(VALID_NAMES);
        return rng.pick(pools.strings);
    }
  }

  /** `(a: 1, b: $v3)`: required arguments always, optional ones half the time, as literals or variables. */
  arguments(field: GraphQLField<unknown, unknown>): string {
    const { rng } = this.o;
    const parts: string[] = [];
    for (const arg of field.args) {
      if (!(arg.type instanceof GraphQLNonNull) && !rng.chance(0.5)) continue;
      const value = this.value(arg.type, arg.name);
      if (rng.chance(0.5)) {
        parts.push(`${arg.name}: ${printLiteral(value, arg.type)}`);
        continue;
      }
      const variable = `v${this.counter++}`;
      // A wrong declared type is a validation error the caller must get with a code.
      const declared = rng.chance(0.04) ? rng.pick(['String', 'Int!', '[Int]', 'Boolean', 'JSON']) : String(arg.type);
      let declaration = `$${variable}: ${declared}`;
      if (rng.chance(0.25)) {
        declaration += ` = ${printLiteral(this.value(arg.type, arg.name), arg.type)}`;
        if (rng.chance(0.5)) {
          this.declarations.push(declaration);
          parts.push(`${arg.name}: $${variable}`);
          continue; // the default applies
        }
      }
      this.declarations.push(declaration);
      this.variables[variable] = value;
      parts.push(`${arg.name}: $${variable}`);
    }
    if (rng.chance(0.02)) parts.push('bogusArgument: 1');
    return parts.length ? `(${parts.join(', ')})` : '';
  }

  /** A selection set on `type`, nesting composite fields until `maxDepth`. */
  selection(type: GraphQLNamedType, depth: number): string {
    const { rng } = this.o;
    if (type instanceof GraphQLUnionType) {
      const members = type.getTypes();
      const picked = Array.from({ length: rng.int(1, Math.min(2, members.length)) }, () => rng.pick(members));
      return ['__typename', ...picked.map((m) => `... on ${m.name} { ${this.selection(m, depth + 1)} }`)].join(' ');
    }
    const fields = fieldsOf(type);
    if (fields.length === 0) return '__typename';
    const count = rng.weighted<number>([
      [5, 1],
      [4, 2],
      [2, 3],
      [1, rng.int(4, 8)],
    ]);
    const out: string[] = [];
    for (let i = 0; i < count; i++) out.push(this.field(rng.pick(fields), depth));
    if (rng.chance(0.03)) out.push('bogusField');
    if (depth >= 1 && rng.chance(0.08)) {
      const name = `F${this.counter++}`;
      this.fragments.push(`fragment ${name} on ${type.name} { ${out.join(' ')} }`);
      return `...${name}`;
    }
    if (rng.chance(0.05)) return `... on ${type.name} { ${out.join(' ')} }`;
    return out.join(' ');
  }

  field(field: GraphQLField<unknown, unknown>, depth: number): string {
    const { rng } = this.o;
    const alias = rng.chance(0.1) ? `a${this.counter++}: ` : '';
    const named = getNamedType(field.type);
    const head = `${alias}${field.name}${this.arguments(field)}`;
    if (isLeafType(named)) return head;
    if (depth + 1 >= this.o.maxDepth) {
      const leaves = fieldsOf(named).filter((f) => isLeafType(getNamedType(f.type)));
      return `${head} { ${leaves.length ? rng.pick(leaves).name : '__typename'} }`;
    }
    return `${head} { ${this.selection(named, depth + 1)} }`;
  }

  /** The operation text with its declarations and fragments. */
  document(kind: 'query' | 'mutation' | 'subscription', body: string, name = ''): string {
    const declarations = this.declarations.length ? `(${this.declarations.join(', ')})` : '';
    return [`${kind}${name ? ` ${name}` : ''}${declarations} { ${body} }`, ...this.fragments].join('\n');
  }
}

/** A whole random operation over the schema. */
export function randomOperation(schema: GraphQLSchema, o: GenOptions): Generated {
  const { rng } = o;
  const kind = rng.weighted<'query' | 'mutation' | 'subscription'>([
    [80, 'query'],
    [16, 'mutation'],
    [4, 'subscription'],
  ]);
  const root = kind === 'query' ? schema.getQueryType()! : kind === 'mutation' ? schema.getMutationType()! : schema.getSubscriptionType()!;
  const b = new DocumentBuilder(schema, o);
  const fields = Object.values(root.getFields());
  const count =
    kind === 'query'
      ? rng.weighted<number>([
          [6, 1],
          [3, 2],
          [1, rng.int(3, 6)],
        ])
      : 1;
  const body = Array.from({ length: count }, () => b.field(rng.pick(fields), 0)).join(' ');
  return { query: b.document(kind, body), variables: b.variables };
}

/** `[[[…]]]` as a JS value, `depth` levels deep. */
export function deepJson(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = [value];
  return value;
}

/** A value as GraphQL literal text; enum-typed strings print bare. */
export function printLiteral(value: unknown, type?: GraphQLInputType): string {
  const inner = type instanceof GraphQLNonNull ? (type.ofType as GraphQLInputType) : type;
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') {
    if (inner instanceof GraphQLEnumType && /^[_A-Za-z]\w*$/.test(value)) return value;
    return JSON.stringify(value);
  }
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : 'NaN';
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const item = inner instanceof GraphQLList ? (inner.ofType as GraphQLInputType) : undefined;
    return `[${value.map((v) => printLiteral(v, item)).join(', ')}]`;
  }
  const fields = inner instanceof GraphQLInputObjectType ? inner.getFields() : {};
  const entries = Object.entries(value as Record<string, unknown>).filter(([key]) => /^[_A-Za-z]\w*$/.test(key));
  return `{${entries.map(([key, v]) => `${key}: ${printLiteral(v, fields[key]?.type)}`).join(', ')}}`;
}
