/**
 * No field resolves to its parent's property of the same name: such a field is
 * `t.expose(...)`, which graphql-jit compiles to a property read, where a
 * resolver costs an info object, a path and an arguments object per call
 * (a 5,000-item list allocated 10.9 MB with resolvers, ~5 MB without).
 */
import { describe, expect, it } from 'vitest';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import { GraphQLList, GraphQLObjectType, GraphQLSchema, GraphQLString, isObjectType, parse, type GraphQLResolveInfo } from 'graphql';
import { JSONResolver } from 'graphql-scalars';
import { schema as gatewaySchema } from '../../schema/index.js';
import { DateTimeScalar } from '../../schema/scalars.js';

/** Fields whose resolver returns the same-name property only when it is there, and otherwise calls an upstream. */
const allowed = new Set<string>([
  // Carried by the single-order view; a listed mobile order reads them per order (schema/mobile.ts, upstreamField's `carried`).
  'MobileOrder.deliveries',
  'MobileOrder.revisions',
]);

/** Calls each resolver with a parent holding only a sentinel under the field's name; a resolver returning it is a plain read. */
function plainPropertyReads(schema: GraphQLSchema): string[] {
  const found: string[] = [];
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    for (const field of Object.values(type.getFields())) {
      if (!field.resolve) continue;
      const sentinel = Symbol(`${type.name}.${field.name}`);
      let result: unknown;
      try {
        result = field.resolve({ [field.name]: sentinel }, {}, {}, { fieldName: field.name } as GraphQLResolveInfo);
      } catch {
        continue;
      }
      // A resolver that fetches returns a promise; let a rejected one go unnoticed.
      if (result instanceof Promise) result.catch(() => undefined);
      if (result === sentinel) found.push(`${type.name}.${field.name}`);
    }
  }
  return found.sort();
}

describe('field resolvers', () => {
  it('never only read the parent property of the same name (that field is exposed instead)', () => {
    expect(plainPropertyReads(gatewaySchema).filter((name) => !allowed.has(name))).toEqual([]);
  });

  it('tells a same-name read from a renamed read, a computed value, a throw and an exposed field', () => {
    const read = (resolve: (parent: Record<string, unknown>) => unknown) => ({ type: GraphQLString, resolve });
    const probe = new GraphQLObjectType({
      name: 'Probe',
      fields: {
        same: read((p) => p.same),
        renamed: read((p) => p.other),
        computed: read((p) => String(p.computed)),
        throws: read(() => {
          throw new Error('needs a context');
        }),
        exposed: { type: GraphQLString },
      },
    });
    const query = new GraphQLObjectType({ name: 'Query', fields: { probe: { type: probe } } });
    expect(plainPropertyReads(new GraphQLSchema({ query }))).toEqual(['Probe.same']);
  });

  it('still serialises an exposed DateTime and JSON under graphql-jit, as with a resolver', async () => {
    const thing = new GraphQLObjectType({
      name: 'Thing',
      fields: { at: { type: DateTimeScalar }, attributes: { type: JSONResolver } },
    });
    const query = new GraphQLObjectType({
      name: 'Query',
      fields: { things: { type: new GraphQLObjectType({ name: 'List', fields: { all: { type: new GraphQLList(thing) } } }) } },
    });
    const compiled = compileQuery(new GraphQLSchema({ query }), parse('{ things { all { at attributes } } }'));
    if (!isCompiledQuery(compiled)) throw new Error('graphql-jit refused the document');
    const all = [
      { at: '2026-01-01T00:00:00.000Z', attributes: { kept: [1, 'a'] } },
      { at: '2026-01-01T01:00:00+01:00', attributes: null },
      { at: 'not a date' },
    ];
    const result = await compiled.query({ things: { all } }, {}, {});
    // The offset form is normalised to UTC and the invalid one refused, as DateTimeResolver does behind a resolver.
    expect(JSON.parse(JSON.stringify(result.data))).toEqual({
      things: {
        all: [
          { at: '2026-01-01T00:00:00.000Z', attributes: { kept: [1, 'a'] } },
          { at: '2026-01-01T00:00:00.000Z', attributes: null },
          { at: null, attributes: null },
        ],
      },
    });
    expect(result.errors?.map((error) => error.path)).toEqual([['things', 'all', 2, 'at']]);
  });
});
