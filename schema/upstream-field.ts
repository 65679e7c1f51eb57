/**
 * A read field declared once, as its operation row and the key of the call
 * (in the spirit of Pothos's `t.relatedConnection`):
 *
 *   gig: upstreamField(t, ops.gigsShow, { type: Gig, args: { slug: … }, key: (_, { slug }) => ({ slug: identifier(slug, 'slug') }) })
 *   reviews: upstreamConnection(t, ops.reviewsGig, { type: ReviewConnection, key: (gig) => ({ slug: gig.slug }) })
 *
 * From that declaration come the `Upstream:`/`Via:` description line and the
 * `@upstream` directive (schema/upstream-docs.ts, which the cost estimate and
 * the look-ahead read), `@cost(weight:)` when given, a connection's paging
 * arguments, and the resolver (resolvers/upstream-read.ts): the call goes
 * through the request's client for the row's upstream and its per-request
 * read cache. `key` validates the arguments (identifier(), searchText()) and
 * may return null for "no call, the field is null". `carried` names the
 * answer a parent may already hold (a single view's nested part, as a mobile
 * order's deliveries): when present it is the field's answer, with no read.
 * Only GET rows are read this way; the answer's type must fit the field's type.
 */
import type { FieldKind, FieldRef, InputFieldMap, InputShapeFromFields, ObjectRef, ShapeFromTypeParam, TypeParam } from '@pothos/core';
import type { GatewayContext } from '../src/context.js';
import type { CallArgs, ReadRow, ResultOf } from '../src/upstreams/operations.js';
import {
  resolverOf,
  UPSTREAM_READ,
  type ConnectionArgs,
  type ItemOf,
  type ListKey,
  type UpstreamRead,
} from '../resolvers/upstream-read.js';
import type { BuilderTypes } from './builder.js';
import { pagingArgs, type ConnectionShape } from './connection.js';
import { costing, documentRow } from './upstream-docs.js';

type FieldBuilder<Parent, Kind extends FieldKind> = PothosSchemaTypes.RootFieldBuilder<BuilderTypes, Parent, Kind>;

interface ReadOptions<Parent, Args extends InputFieldMap, FieldArgs, Key> {
  args?: Args;
  /** The row's call arguments from the parent and the field's arguments, validated; null: the field is null, no call. */
  key: (parent: Parent, args: FieldArgs, ctx: GatewayContext) => Key | null;
  /** Text after the `Upstream:` line. */
  description?: string;
  /** false on a field reusing an operation whose canonical field is elsewhere (`Via:`). */
  canonical?: boolean;
  /** Upstream calls one instance may make, when more than one (`@cost(weight:)`). */
  cost?: number;
  /** Child fields started together with this one, by name, each with its key made from this field's key (resolvers/look-ahead.ts). */
  lookAhead?: Readonly<Record<string, (key: Key) => object>>;
}

/** The answer must be a value of the field's type: a mismatch names itself in the error. */
type Fits<Answer, Shape> = [Answer] extends [Shape] ? unknown : { answerDoesNotFitTheFieldType: Answer };

function declare<Kind extends FieldKind>(
  t: FieldBuilder<unknown, Kind>,
  read: UpstreamRead,
  options: { type: unknown; args?: InputFieldMap; description?: string; canonical?: boolean; cost?: number },
): FieldRef<BuilderTypes, unknown, Kind> {
  const docs = documentRow(read.row, options.canonical ?? true, options.description);
  return t.field({
    type: options.type,
    args: options.args,
    ...(options.cost === undefined ? docs : costing(docs, options.cost)),
    extensions: { [UPSTREAM_READ]: read },
    resolve: resolverOf(read),
  } as never) as FieldRef<BuilderTypes, unknown, Kind>;
}

/** A field answered by one read of `row`. */
export function upstreamField<
  Parent,
  Kind extends FieldKind,
  D extends ReadRow,
  Type extends TypeParam<BuilderTypes>,
  Args extends InputFieldMap = Record<never, never>,
>(
  t: FieldBuilder<Parent, Kind>,
  row: D,
  options: ReadOptions<Parent, Args, InputShapeFromFields<Args>, CallArgs<D>> & {
    type: Type;
    /** The answer the parent already carries, when it does (a single view's nested part): no read then. */
    carried?: (parent: Parent) => ResultOf<D> | null | undefined;
  } & Fits<ResultOf<D>, ShapeFromTypeParam<BuilderTypes, Type, false>>,
): FieldRef<BuilderTypes, unknown, Kind> {
  const read: UpstreamRead = {
    row,
    connection: false,
    key: options.key as UpstreamRead['key'],
    carried: options.carried as UpstreamRead['carried'],
    lookAhead: options.lookAhead as UpstreamRead['lookAhead'],
  };
  return declare(t as FieldBuilder<unknown, Kind>, read, options);
}

/** A Relay connection over the pages of the paged `row` (`first`/`after` added after `args`, pages sized by the row). */
export function upstreamConnection<
  Parent,
  Kind extends FieldKind,
  D extends ReadRow & { envelope: 'page' },
  Args extends InputFieldMap = Record<never, never>,
>(
  t: FieldBuilder<Parent, Kind>,
  row: D,
  options: ReadOptions<Parent, Args, InputShapeFromFields<Args> & ConnectionArgs, ListKey<D>> & {
    type: ObjectRef<BuilderTypes, ConnectionShape<ItemOf<D>>>;
    /** Fields of each item started the moment a page arrives (`gigs { nodes { reviews } }`). */
    itemLookAhead?: readonly string[];
  },
): FieldRef<BuilderTypes, unknown, Kind> {
  const read: UpstreamRead = {
    row,
    connection: true,
    key: options.key as UpstreamRead['key'],
    lookAhead: options.lookAhead as UpstreamRead['lookAhead'],
    itemLookAhead: options.itemLookAhead,
  };
  return declare(t as FieldBuilder<unknown, Kind>, read, { ...options, args: { ...options.args, ...pagingArgs(t.arg) } });
}
