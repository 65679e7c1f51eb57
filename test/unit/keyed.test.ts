/**
 * When a loader's upstream call starts (loaders/keyed.ts). DataLoader
 * schedules every dispatch, `batch: false` included, for after the current
 * frame: graphql-js calls sibling resolvers one after another in one frame,
 * so every sibling has run before the first call leaves, and every call
 * leaves before anything else (a timer, I/O) gets a turn.
 */
import { graphql, GraphQLObjectType, GraphQLSchema, GraphQLString } from 'graphql';
import { describe, expect, it } from 'vitest';
import { pageLoader, perKeyLoader } from '../../loaders/keyed.js';
import { marketplaceOperations } from '../../src/upstreams/marketplace/operations.js';

function siblingsSchema(events: string[], load: (key: string) => Promise<string>) {
  const field = (name: string) => ({
    type: GraphQLString,
    resolve: () => {
      events.push(`resolver ${name}`);
      return load(name);
    },
  });
  return new GraphQLSchema({ query: new GraphQLObjectType({ name: 'Query', fields: { a: field('a'), b: field('b'), c: field('c') } }) });
}

describe('per-key loader dispatch (batch: false)', () => {
  it('starts each upstream call after all sibling resolvers have run, one call per key, before the next macrotask', async () => {
    const events: string[] = [];
    setImmediate(() => events.push('next macrotask'));
    const loader = perKeyLoader(async (key: string) => {
      events.push(`upstream ${key}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return key.toUpperCase();
    });
    const result = await graphql({ schema: siblingsSchema(events, (key) => loader.load(key)), source: '{ a b c }' });

    expect(result).toEqual({ data: { a: 'A', b: 'B', c: 'C' } });
    expect(events).toEqual(['resolver a', 'resolver b', 'resolver c', 'upstream a', 'upstream b', 'upstream c', 'next macrotask']);
  });

  it('a page loader behaves the same, and keys asked twice in one frame are one call', async () => {
    const calls: number[] = [];
    const pages = pageLoader(marketplaceOperations.reviewsGig, async ({ page }: { filter: string; page: number; perPage: number }) => {
      calls.push(page);
      return { items: [page] };
    });
    const key = { filter: 'f', page: 1, perPage: 10 };
    const [first, second] = await Promise.all([pages.load(key), pages.load({ ...key }), pages.load({ ...key, page: 2 })]);
    expect(first).toBe(second);
    expect(calls).toEqual([1, 2]);
  });
});
