/**
 * The checked federation subgraph SDL (schema/subgraph.graphql) against
 * composition, without servers: it composes with the example second subgraph
 * (examples/federation/studio-insights.ts) and with another team's Relay
 * PageInfo (which needs our @shareable), keys the entities other subgraphs
 * reference, and serves every public type and field unchanged.
 */
import { readFileSync } from 'node:fs';
import { buildASTSchema, buildSchema, isObjectType, parse, print } from 'graphql';
import { composeServices } from '@theguild/federation-composition';
import { describe, expect, it } from 'vitest';
import { STUDIO_INSIGHTS_SDL } from '../../examples/federation/studio-insights.js';

const read = (file: string) => readFileSync(new URL(`../../schema/${file}`, import.meta.url), 'utf8');
const subgraphSdl = read('subgraph.graphql');

const compose = (ours: string, ...others: Array<{ name: string; sdl: string }>) =>
  composeServices([
    { name: 'unigraph', url: 'http://127.0.0.1:4000/subgraph', typeDefs: parse(ours) },
    ...others.map(({ name, sdl }) => ({ name, url: `http://127.0.0.1:4100/${name}`, typeDefs: parse(sdl) })),
  ]);

/** Another team's subgraph with Relay connections of its own. */
const BOOKMARKS_SDL = /* GraphQL */ `
  extend schema @link(url: "https://specs.apollo.dev/federation/v2.6", import: ["@key", "@shareable"])
  type PageInfo @shareable {
    hasNextPage: Boolean!
    hasPreviousPage: Boolean!
    startCursor: String
    endCursor: String
  }
  type Bookmark {
    id: ID!
  }
  type BookmarkConnection {
    nodes: [Bookmark!]!
    pageInfo: PageInfo!
  }
  type Query {
    bookmarks(first: Int): BookmarkConnection!
  }
`;

describe('federation subgraph composition', () => {
  it('composes with the example subgraph that extends Seller and Gig', () => {
    const result = compose(subgraphSdl, { name: 'studio-insights', sdl: STUDIO_INSIGHTS_SDL });
    expect(result.errors).toBeUndefined();
    const supergraph = buildSchema(result.supergraphSdl!);
    const seller = supergraph.getType('Seller');
    const gig = supergraph.getType('Gig');
    expect(isObjectType(seller) && Object.keys(seller.getFields())).toEqual(
      expect.arrayContaining(['username', 'name', 'gigs', 'responseTimeHours']),
    );
    expect(isObjectType(gig) && Object.keys(gig.getFields())).toEqual(expect.arrayContaining(['slug', 'title', 'seller', 'savedCount']));
  });

  it('composes with another subgraph that has its own PageInfo, because ours is @shareable', () => {
    expect(compose(subgraphSdl, { name: 'bookmarks', sdl: BOOKMARKS_SDL }).errors).toBeUndefined();
    const unshared = subgraphSdl.replace(/type PageInfo\s+@shareable/, 'type PageInfo');
    expect(unshared).not.toBe(subgraphSdl);
    const errors = compose(unshared, { name: 'bookmarks', sdl: BOOKMARKS_SDL }).errors ?? [];
    expect(errors.map((error) => error.message).join('\n')).toMatch(/PageInfo/);
  });

  it('keys the entities by the fields other subgraphs know them by', () => {
    const keys = Object.fromEntries([...subgraphSdl.matchAll(/^type (\w+)[^{]*?@key\(fields: "([^"]+)"\)/gms)].map((m) => [m[1], m[2]]));
    expect(keys).toEqual({ Gig: 'slug', Item: 'id', Order: 'id', Seller: 'username', SeoReport: 'id', User: 'username' });
  });

  it('serves every public type and field as the public schema defines it', () => {
    const publicSchema = buildSchema(read('schema.graphql'));
    // Federation's own directives are not defined in a subgraph SDL: declare them to build it as plain GraphQL.
    const declared = `directive @link(url: String!, import: [String!]) repeatable on SCHEMA
      directive @key(fields: String!, resolvable: Boolean = true) repeatable on OBJECT | INTERFACE
      directive @shareable repeatable on OBJECT | FIELD_DEFINITION
      scalar _Any
      type _Service { sdl: String }
      union _Entity = Gig | Item | Order | Seller | SeoReport | User
      extend type Query { _entities(representations: [_Any!]!): [_Entity]! _service: _Service! }`;
    const subgraph = buildASTSchema(parse(`${subgraphSdl}\n${declared}`), { assumeValidSDL: true });
    for (const type of Object.values(publicSchema.getTypeMap())) {
      if (type.name.startsWith('__')) continue;
      const served = subgraph.getType(type.name);
      expect(served, type.name).toBeDefined();
      if (!isObjectType(type) || !isObjectType(served)) continue;
      // Argument order means nothing in GraphQL (the two printers order them differently).
      const signature = (field: { type: unknown; args: ReadonlyArray<{ name: string; type: unknown }> }) =>
        `${String(field.type)}(${field.args
          .map((a) => `${a.name}: ${String(a.type)}`)
          .sort()
          .join(', ')})`;
      for (const field of Object.values(type.getFields())) {
        const same = served.getFields()[field.name];
        expect(same && signature(same), `${type.name}.${field.name}`).toBe(signature(field));
      }
    }
    expect(print(parse(read('schema.graphql')))).not.toMatch(/@key|@shareable|_entities/);
  });
});
