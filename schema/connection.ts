/**
 * Relay connections (`edges`, `nodes`, `pageInfo`, `totalCount`) with forward
 * paging only (`first` ≤ 100, `after`), which is what the upstreams' pages can
 * serve; written here rather than with the relay plugin, whose connections
 * always add `last`/`before` that no upstream could answer.
 */
import type { ArgBuilder, ObjectRef } from '@pothos/core';
import { builder, type BuilderTypes } from './builder.js';
import { MAX_FIRST, DEFAULT_FIRST, encodeCursor } from '../src/upstreams/paging.js';

export interface PageInfoShape {
  hasNextPage: boolean;
  hasPreviousPage: boolean;
  startCursor: string | null;
  endCursor: string | null;
}

export interface EdgeShape<T> {
  cursor: string;
  node: T;
}

export interface ConnectionShape<T> {
  nodes: T[];
  /** The offset of the first node in the whole list: its edge's cursor encodes it. */
  offset: number;
  pageInfo: PageInfoShape;
  totalCount: number | null;
}

export const PageInfo = builder.objectRef<PageInfoShape>('PageInfo').implement({
  // In the federation subgraph only (schema/subgraph-plugin.ts): any other subgraph with Relay
  // connections defines the same PageInfo, which composition accepts only when both say @shareable.
  shareable: true,
  fields: (t) => ({
    hasNextPage: t.exposeBoolean('hasNextPage', { nullable: false }),
    hasPreviousPage: t.exposeBoolean('hasPreviousPage', { nullable: false }),
    startCursor: t.exposeString('startCursor'),
    endCursor: t.exposeString('endCursor'),
  }),
});

export function connectionOf<T>(
  name: string,
  node: ObjectRef<BuilderTypes, T, T>,
): ObjectRef<BuilderTypes, ConnectionShape<T>, ConnectionShape<T>> {
  const Edge = builder.objectRef<EdgeShape<T>>(`${name}Edge`).implement({
    fields: (t) => ({
      cursor: t.exposeString('cursor', { nullable: false }),
      // The node type is generic here, which Pothos's `expose` cannot check against the shape.
      node: t.expose('node', { type: node as ObjectRef<BuilderTypes, unknown>, nullable: false } as never),
    }),
  });
  return builder.objectRef<ConnectionShape<T>>(`${name}Connection`).implement({
    fields: (t) => ({
      // Edges (and their cursors) are built only for a query that asks for them; everything else is a
      // property read, which graphql-jit compiles to one (a resolver costs an info object, a path and
      // an arguments object per call).
      edges: t.field({
        type: [Edge],
        nullable: false,
        resolve: (c) => c.nodes.map((node, i) => ({ cursor: encodeCursor(c.offset + i), node })),
      }),
      nodes: t.expose('nodes', { type: [node as ObjectRef<BuilderTypes, unknown>], nullable: false } as never),
      pageInfo: t.expose('pageInfo', { type: PageInfo, nullable: false }),
      totalCount: t.exposeInt('totalCount', { description: 'Total number of items the upstream reports for this list.' }),
    }),
  });
}

export const FIRST_DESCRIPTION = `How many items, 0 to ${MAX_FIRST} (default ${DEFAULT_FIRST}).`;
export const AFTER_DESCRIPTION = 'Cursor of the item to start after (an `endCursor` or edge `cursor`).';

/** The `first`/`after` arguments of every connection field. */
export const pagingArgs = (arg: ArgBuilder<BuilderTypes>) => ({
  first: arg.int({ description: FIRST_DESCRIPTION }),
  after: arg.string({ description: AFTER_DESCRIPTION }),
});
