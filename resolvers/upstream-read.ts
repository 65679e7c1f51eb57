/**
 * The resolver of every read field declared with schema/upstream-field.ts: the
 * field's `key` turns its parent and arguments into the row's call arguments
 * (validating them), and the answer comes through the client's per-request
 * read cache (`readRow`), as one answer or, for a connection, as the pages
 * its window needs (`readConnection`).
 *
 * The declaration may also name look-ahead (resolvers/look-ahead.ts): child
 * fields whose key follows from this field's key, started together with it
 * (`seller(username) { gigs }`), and for a connection the item fields started
 * the moment a page arrives (`gigs { nodes { reviews } }`). A child is found
 * by its own declaration, kept on the schema field (`extensions.upstreamRead`),
 * so the prefetch and the child's resolver compute the same call and the read
 * cache answers the second from the first.
 */
import type { GraphQLField, GraphQLResolveInfo } from 'graphql';
import { isObjectType } from 'graphql';
import type { ConnectionShape } from '../schema/connection.js';
import type { GatewayContext } from '../src/context.js';
import type { ReadRow } from '../src/upstreams/operations.js';
import { readConnection, type ConnectionArgs } from './connection.js';
import { childSelections, itemPoints, mayPrefetch, pointOf, start, type SelectionPoint } from './look-ahead.js';
import { readRow } from '../loaders/read-cache.js';

/** What a read field's declaration leaves for its resolver and for look-ahead. */
export interface UpstreamRead {
  readonly row: ReadRow;
  /** Read as a Relay connection over the row's pages (`first`/`after`) rather than as one answer. */
  readonly connection: boolean;
  /** The row's call arguments (a connection's without the page); null resolves the field to null without a call. */
  key(parent: unknown, args: Record<string, unknown>, ctx: GatewayContext): object | null;
  /** Child fields of the answer, by name, with their key made from this field's key: started together with it. */
  readonly lookAhead?: Readonly<Record<string, (key: never) => object>>;
  /** A connection's item fields, by name, started for every item the moment a page arrives. */
  readonly itemLookAhead?: readonly string[];
}

/** The extension key a read field's declaration is kept under. */
export const UPSTREAM_READ = 'upstreamRead';

/** The declaration of `fieldName` on the object at `at`, when it is a read field. */
function readAt(at: SelectionPoint, fieldName: string): UpstreamRead | undefined {
  if (!isObjectType(at.type)) return undefined;
  const field = at.type.getFields()[fieldName] as GraphQLField<unknown, unknown> | undefined;
  return field?.extensions[UPSTREAM_READ] as UpstreamRead | undefined;
}

/** The resolver of a read field. */
export const resolverOf =
  (read: UpstreamRead) =>
  (parent: unknown, args: Record<string, unknown>, ctx: GatewayContext, info?: GraphQLResolveInfo): Promise<unknown> | null => {
    const key = read.key(parent, args, ctx);
    if (key === null) return null;
    const at = info && (read.lookAhead || read.itemLookAhead) ? pointOf(info) : undefined;
    return readField(read, key, args, ctx, at);
  };

function readField(
  read: UpstreamRead,
  key: object,
  args: Record<string, unknown>,
  ctx: GatewayContext,
  at?: SelectionPoint,
): Promise<unknown> {
  if (at && read.lookAhead) prefetchChildren(read.lookAhead, key, ctx, at);
  if (!read.connection) return readRow(ctx, read.row, key as never);
  const pending = readConnection(ctx, read.row, key as never, args as ConnectionArgs);
  if (at && read.itemLookAhead) prefetchItems(read.itemLookAhead, pending, at, ctx);
  return pending;
}

function prefetchChildren(lookAhead: NonNullable<UpstreamRead['lookAhead']>, key: object, ctx: GatewayContext, at: SelectionPoint): void {
  for (const [fieldName, childKeyOf] of Object.entries(lookAhead)) {
    const child = readAt(at, fieldName);
    if (!child || !mayPrefetch(ctx, child.row)) continue;
    for (const selection of childSelections(at, fieldName)) {
      start(() => readField(child, childKeyOf(key as never), selection.args, ctx, selection.at));
    }
  }
}

function prefetchItems(
  fieldNames: readonly string[],
  pending: Promise<ConnectionShape<unknown>>,
  list: SelectionPoint,
  ctx: GatewayContext,
): void {
  const wanted = itemPoints(list).flatMap((item) =>
    fieldNames.flatMap((fieldName) => {
      const child = readAt(item, fieldName);
      return child ? childSelections(item, fieldName).map((selection) => ({ child, selection })) : [];
    }),
  );
  if (wanted.length === 0) return;
  pending.then(
    (connection) => {
      const ready = wanted.filter(({ child }) => mayPrefetch(ctx, child.row));
      for (const { node } of connection.edges) {
        for (const { child, selection } of ready) {
          start(() => {
            const key = child.key(node, selection.args, ctx);
            return key === null ? undefined : readField(child, key, selection.args, ctx, selection.at);
          });
        }
      }
    },
    () => undefined, // the list's own resolver reports its failure
  );
}
