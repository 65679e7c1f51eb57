/**
 * Look-ahead: lets a parent resolver start the fetch of a child that needs
 * only the parent's key, together with its own. `seller(username) { gigs }`
 * needs GET /sellers/{username} and GET /gigs?seller={username}; resolving
 * level by level would send the second only after the first answered, a
 * waterfall the data does not require. The parent reads its own selection set
 * (this module: which selections of a child lie below it, with their
 * arguments, and whether a speculative call is allowed), starts the child's
 * load through the same per-request read cache with the same key
 * (resolvers/upstream-read.ts: `start`, `prefetchChild`), and when the child
 * resolver runs later it gets the promise already in flight (no second call).
 *
 * A prefetch decides nothing: its failure is swallowed where it starts (the child
 * resolver meets the same cached failure and reports it on its own path), and
 * when the parent fails (a 404) the parent is null and the prefetched result
 * is never read, exactly as without look-ahead.
 *
 * Nothing is prefetched while an upstream circuit is not closed: after the
 * cool-down the single half-open probe must be a call a resolver awaits. A
 * prefetch would take the slot, be cancelled unread when the response is
 * complete, and leave the circuit half-open while every real call of the
 * request was refused.
 */
import {
  getArgumentValues,
  getDirectiveValues,
  getNamedType,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isObjectType,
  Kind,
  type FieldNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import type { GatewayContext } from '../src/context.js';
import { fragmentApplies } from '../src/plugins/inline-fragments.js';
import { operationOfField } from '../src/upstreams/operation-index.js';
import type { AnyOperation } from '../src/upstreams/operations.js';

type Variables = GraphQLResolveInfo['variableValues'];

function included(node: Parameters<typeof getDirectiveValues>[1], variables: Variables): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/** Whether a fragment on `condition` applies to an object of `type`, as graphql-js decides it. */
const appliesTo = (condition: string | undefined, type: GraphQLObjectType, info: GraphQLResolveInfo) =>
  fragmentApplies(info.schema, condition, type) === true;

/** Every node selecting `fieldName` in a selection set, through inline fragments and fragment spreads. */
function collect(
  set: SelectionSetNode | undefined,
  fieldName: string,
  info: GraphQLResolveInfo,
  type: GraphQLObjectType,
  out: FieldNode[],
): void {
  for (const selection of set?.selections ?? []) {
    if (!included(selection, info.variableValues)) continue;
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === fieldName) out.push(selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (appliesTo(selection.typeCondition?.name.value, type, info)) collect(selection.selectionSet, fieldName, info, type, out);
    } else {
      const fragment = info.fragments[selection.name.value];
      if (fragment && appliesTo(fragment.typeCondition.name.value, type, info)) collect(fragment.selectionSet, fieldName, info, type, out);
    }
  }
}

/** A place in the query to look down from: the field nodes of one selected field, and the type they select on. */
export interface SelectionPoint {
  fieldNodes: readonly FieldNode[];
  type: GraphQLNamedType;
  info: GraphQLResolveInfo;
}

/** One selection of a child field: its argument values, and the point to look further down from. */
export interface ChildSelection {
  args: Record<string, unknown>;
  at: SelectionPoint;
}

/** Where the resolver that received `info` stands. */
export const pointOf = (info: GraphQLResolveInfo): SelectionPoint => ({
  fieldNodes: info.fieldNodes,
  type: getNamedType(info.returnType),
  info,
});

/**
 * Each selection of `fieldName` on the object at `at` (one entry per alias; a
 * selection whose arguments are invalid is left out, its own resolver reports
 * the error).
 */
export function childSelections(at: SelectionPoint, fieldName: string): ChildSelection[] {
  const { type, info } = at;
  if (!isObjectType(type)) return [];
  const field = type.getFields()[fieldName] as GraphQLField<unknown, unknown> | undefined;
  if (!field) return [];
  const nodes: FieldNode[] = [];
  for (const node of at.fieldNodes) collect(node.selectionSet, fieldName, info, type, nodes);
  const out: ChildSelection[] = [];
  for (const node of nodes) {
    try {
      out.push({
        args: getArgumentValues(field, node, info.variableValues),
        at: { fieldNodes: [node], type: getNamedType(field.type), info },
      });
    } catch {
      // Invalid arguments: the child resolver raises the error where it belongs.
    }
  }
  return out;
}

/**
 * Speculation only while the circuit it would reach is closed (see the top of
 * this file), and only of a call that is safe to make unasked (an idempotent
 * read). The child field's operation row says which upstream and whether it is
 * safe; a field without one is speculated only while every circuit look-ahead
 * reaches is closed.
 */
export function mayPrefetch(ctx: GatewayContext, operation?: AnyOperation): boolean {
  if (operation) return operation.idempotent && ctx.clients[operation.service].circuitClosed;
  return ctx.clients.marketplace.circuitClosed && ctx.clients.items.circuitClosed;
}

/** The operation row behind `fieldName` on the object at `at` (its `@upstream` directive), if any. */
export function operationAt(at: SelectionPoint, fieldName: string): AnyOperation | undefined {
  if (!isObjectType(at.type)) return undefined;
  const field = at.type.getFields()[fieldName] as GraphQLField<unknown, unknown> | undefined;
  return field ? operationOfField(field) : undefined;
}

/** Where a connection's items are selected: under `nodes`, and under `edges { node }`. */
export const itemPoints = (list: SelectionPoint): SelectionPoint[] => [
  ...childSelections(list, 'nodes').map((nodes) => nodes.at),
  ...childSelections(list, 'edges').flatMap((edges) => childSelections(edges.at, 'node').map((node) => node.at)),
];
