/**
 * Look-ahead: lets a parent resolver start the fetch of a child that needs
 * only the parent's key, together with its own. `seller(username) { gigs }`
 * needs GET /sellers/{username} and GET /gigs?seller={username}; resolving
 * level by level would send the second only after the first answered, a
 * waterfall the data does not require. The parent reads its own selection set,
 * starts the child's load through the same per-request loader with the same
 * key, and when the child resolver runs later it gets the promise already in
 * flight (no second call).
 *
 * A prefetch decides nothing: its failure is swallowed here (the child
 * resolver meets the same cached failure and reports it on its own path), and
 * when the parent fails (a 404) the parent is null and the prefetched result
 * is never read, exactly as without look-ahead.
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
  type GraphQLObjectType,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';

type Variables = GraphQLResolveInfo['variableValues'];

function included(node: Parameters<typeof getDirectiveValues>[1], variables: Variables): boolean {
  if (getDirectiveValues(GraphQLSkipDirective, node, variables)?.if === true) return false;
  return getDirectiveValues(GraphQLIncludeDirective, node, variables)?.if !== false;
}

/** Every node selecting `fieldName` in a selection set, through inline fragments and fragment spreads. */
function collect(set: SelectionSetNode | undefined, fieldName: string, info: GraphQLResolveInfo, type: GraphQLObjectType, out: FieldNode[]): void {
  for (const selection of set?.selections ?? []) {
    if (!included(selection, info.variableValues)) continue;
    if (selection.kind === Kind.FIELD) {
      if (selection.name.value === fieldName) out.push(selection);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      if (!selection.typeCondition || selection.typeCondition.name.value === type.name) collect(selection.selectionSet, fieldName, info, type, out);
    } else {
      const fragment = info.fragments[selection.name.value];
      if (fragment && fragment.typeCondition.name.value === type.name) collect(fragment.selectionSet, fieldName, info, type, out);
    }
  }
}

/**
 * The argument values of each selection of `fieldName` on the object this
 * resolver returns (one entry per alias; a selection whose arguments are
 * invalid is left out, its own resolver reports the error).
 */
export function childArguments(info: GraphQLResolveInfo, fieldName: string): Array<Record<string, unknown>> {
  const type = getNamedType(info.returnType);
  if (!isObjectType(type)) return [];
  const field = type.getFields()[fieldName] as GraphQLField<unknown, unknown> | undefined;
  if (!field) return [];
  const nodes: FieldNode[] = [];
  for (const node of info.fieldNodes) collect(node.selectionSet, fieldName, info, type, nodes);
  const out: Array<Record<string, unknown>> = [];
  for (const node of nodes) {
    try {
      out.push(getArgumentValues(field, node, info.variableValues));
    } catch {
      // Invalid arguments: the child resolver raises the error where it belongs.
    }
  }
  return out;
}

/**
 * Starts `load(args)` for each selection of `fieldName` below this resolver.
 * `info` is optional so callers that have none (a resolver invoked from
 * another) simply skip the look-ahead.
 */
export function prefetchChild(info: GraphQLResolveInfo | undefined, fieldName: string, load: (args: Record<string, unknown>) => unknown): void {
  if (!info) return;
  for (const args of childArguments(info, fieldName)) {
    try {
      const pending = load(args);
      if (pending instanceof Promise) pending.catch(() => undefined);
    } catch {
      // A synchronous validation error: the child resolver throws it again on its own path.
    }
  }
}
