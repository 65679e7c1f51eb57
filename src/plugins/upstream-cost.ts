/**
 * Estimates how many upstream calls an operation can make, from the schema's
 * `@upstream` directives and the operation rows they name
 * (src/upstreams/operation-index.ts), as an upper bound:
 * - each upstream-backed field costs one call per parent instance; a
 *   window of a paged row after a cursor may straddle two pages
 *   (MAX_WINDOW_PAGES); a field declared with `@cost(weight:)` in the schema
 *   (it scans upstream pages, or loads each element of a list) costs its weight;
 * - a field with `first` multiplies its children by `first`, read from the
 *   coerced variables (defaults included); an unknown value counts as the
 *   maximum, an absent one as the default the resolvers use;
 * - any other list multiplies its children by UNPAGED_LIST_MAX (the list is
 *   whatever the upstream sent), except a connection's own nodes/edges, which
 *   its `first` already counted.
 * - `node(id)` costs what resolving its id may (src/global-id.ts: one call, or
 *   a bounded scan for types the upstream only lists), `nodes(ids)` the sum
 *   over its ids, its children once per id (an unknown list counts as
 *   MAX_NODE_IDS ids of the costliest type).
 * - the federation subgraph's `_entities(representations)` costs, per
 *   representation, what resolving its type by key may (src/global-id.ts,
 *   as `node` does) plus the selections that apply to that type.
 * So `seller { gigs(first: 50) { nodes { reviews(first: 50) { ... } } } }`
 * costs 1 + 1 + 50. It runs with the variables in hand (a validation rule
 * would not see them), still before any resolver. The estimate is enforced at
 * run time too (src/upstreams/call-budget.ts).
 */
import {
  getArgumentValues,
  getNamedType,
  getNullableType,
  getVariableValues,
  isAbstractType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { callsToResolve, MAX_NODE_IDS, NODE_TYPES } from '../global-id.js';
import { DEFAULT_FIRST, MAX_FIRST, MAX_WINDOW_PAGES, UNPAGED_LIST_MAX } from '../upstreams/paging.js';
import { declaredCostOf, operationOfField } from '../upstreams/operation-index.js';

export { UNPAGED_LIST_MAX };

/** The costliest id `node`/`nodes` may be given. */
const MAX_CALLS_PER_NODE = Math.max(...Object.values(NODE_TYPES).map((type) => type.maxCalls));

interface CostInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  /** The request's variables as sent; they are coerced here (defaults applied) the way the executor will. */
  variables: Record<string, unknown> | null | undefined;
}

type AnyField = GraphQLField<unknown, unknown>;

/** How many lists deep a type is: `[[X]]` is 2. */
function listDepth(type: GraphQLOutputType): number {
  let depth = 0;
  for (let t = getNullableType(type); isListType(t); t = getNullableType(t.ofType)) depth++;
  return depth;
}

/** A Relay connection: its nodes/edges are the window `first` sized. */
const isConnection = (type: GraphQLNamedType): boolean => isObjectType(type) && 'pageInfo' in type.getFields();

/** Upstream calls the operation may make; cost is linear in the multiplier, so fragments are memoised per type. */
export function estimateUpstreamCalls({ schema, document, operation, variables }: CostInput): number {
  const coercion = getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {});
  // Variables that do not coerce fail the request before execution; estimate as if every `first` were unknown.
  const coerced = coercion.coerced;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const memo = new Map<string, number>();
  const inProgress = new Set<string>();

  /** An argument as the resolver will see it; `unknown` when the executor would refuse the arguments. */
  const UNKNOWN = Symbol('unknown');
  const argumentOf = (field: AnyField, node: FieldNode, name: string): unknown => {
    if (!coerced) return UNKNOWN;
    try {
      return getArgumentValues(field, node, coerced)[name];
    } catch {
      return UNKNOWN; // the executor refuses these arguments; count the worst anyway
    }
  };

  /** `first` as the resolver will see it. */
  const firstOf = (field: AnyField, node: FieldNode): number => {
    const value = argumentOf(field, node, 'first');
    if (value === undefined || value === null) return DEFAULT_FIRST;
    if (typeof value !== 'number' || !Number.isFinite(value)) return MAX_FIRST;
    // Out of range is a BAD_USER_INPUT before any call; clamping keeps the estimate an upper bound.
    return Math.min(Math.max(Math.ceil(value), 0), MAX_FIRST);
  };

  /** The ids `nodes(ids)` will resolve, or undefined when they are not known yet. */
  const nodeIdsOf = (field: AnyField, node: FieldNode): unknown[] | undefined => {
    const ids = argumentOf(field, node, 'ids');
    return Array.isArray(ids) ? ids.slice(0, MAX_NODE_IDS) : undefined; // more is BAD_USER_INPUT before any call
  };
  const isRootNodes = (parent: GraphQLNamedType, field: AnyField) => parent === schema.getQueryType() && field.name === 'nodes';
  const isRootNode = (parent: GraphQLNamedType, field: AnyField) => parent === schema.getQueryType() && field.name === 'node';
  const isRootEntities = (parent: GraphQLNamedType, field: AnyField) => parent === schema.getQueryType() && field.name === '_entities';

  /** Whether a fragment with this type condition applies to an object of `type`. */
  const appliesTo = (condition: string | undefined, type: GraphQLObjectType): boolean => {
    if (condition === undefined || condition === type.name) return true;
    const abstract = schema.getType(condition);
    return abstract !== undefined && isAbstractType(abstract) && schema.isSubType(abstract, type);
  };

  /** One representation of `type`: its lookup by key, and the selections that apply to it. */
  const entityCost = (type: GraphQLObjectType, node: FieldNode): number => {
    const selections = (node.selectionSet?.selections ?? []).filter((selection) => {
      if (selection.kind === Kind.INLINE_FRAGMENT) return appliesTo(selection.typeCondition?.name.value, type);
      if (selection.kind === Kind.FRAGMENT_SPREAD) return appliesTo(fragments.get(selection.name.value)?.typeCondition.name.value, type);
      return true;
    });
    const own = Object.hasOwn(NODE_TYPES, type.name) ? NODE_TYPES[type.name as keyof typeof NODE_TYPES].maxCalls : 1;
    return own + unitCost({ kind: Kind.SELECTION_SET, selections }, type);
  };

  /**
   * `_entities(representations)`: each representation costs resolving its type by key plus the
   * selections that apply to that type (a router's fragments name one type each). Representations
   * that do not coerce are refused before any resolver, as are unknown types: they cost nothing.
   */
  const entitiesCost = (field: AnyField, node: FieldNode): number => {
    const representations = argumentOf(field, node, 'representations');
    if (!Array.isArray(representations)) return 0;
    const perType = new Map<string, number>();
    let total = 0;
    for (const representation of representations as Array<{ __typename?: unknown }>) {
      const typename = typeof representation?.__typename === 'string' ? representation.__typename : '';
      let cost = perType.get(typename);
      if (cost === undefined) {
        const type = schema.getType(typename);
        cost = type && isObjectType(type) ? entityCost(type, node) : 0;
        perType.set(typename, cost);
      }
      total += cost;
    }
    return total;
  };

  const fanOut = (parent: GraphQLNamedType, field: AnyField, node: FieldNode): number => {
    if (isRootNodes(parent, field)) return nodeIdsOf(field, node)?.length ?? MAX_NODE_IDS;
    if (field.args.some((a) => a.name === 'first')) return firstOf(field, node);
    const depth = listDepth(field.type);
    if (depth === 0 || isConnection(parent)) return 1;
    return UNPAGED_LIST_MAX ** depth;
  };

  const ownCalls = (parent: GraphQLNamedType, field: AnyField, node: FieldNode): number => {
    if (isRootNode(parent, field)) {
      const id = argumentOf(field, node, 'id');
      return id === UNKNOWN ? MAX_CALLS_PER_NODE : callsToResolve(id);
    }
    if (isRootNodes(parent, field)) {
      const ids = nodeIdsOf(field, node);
      return ids ? ids.reduce<number>((sum, id) => sum + callsToResolve(id), 0) : MAX_NODE_IDS * MAX_CALLS_PER_NODE;
    }
    const declared = declaredCostOf(field);
    if (declared !== undefined) return declared;
    // One call of the field's operation row, or two pages when a window after a cursor straddles them.
    const upstream = operationOfField(field);
    if (!upstream) return 0;
    if (!upstream.paginated) return 1;
    const after = argumentOf(field, node, 'after');
    return after === undefined || after === null ? 1 : MAX_WINDOW_PAGES;
  };

  /** The field as each type that may stand at `type` defines it: the costliest counts. */
  const fieldCost = (type: GraphQLNamedType, node: FieldNode): number => {
    const candidates = isAbstractType(type) ? schema.getPossibleTypes(type) : [type];
    let worst = 0;
    for (const candidate of candidates) {
      if (!isObjectType(candidate) && !isInterfaceType(candidate)) continue;
      const field = candidate.getFields()[node.name.value];
      if (!field) continue; // unknown fields are the validator's business
      if (isRootEntities(candidate, field)) {
        worst = Math.max(worst, entitiesCost(field, node));
        continue;
      }
      const cost =
        ownCalls(candidate, field, node) + fanOut(candidate, field, node) * unitCost(node.selectionSet, getNamedType(field.type));
      worst = Math.max(worst, cost);
    }
    return worst;
  };

  const unitCost = (selectionSet: SelectionSetNode | undefined, type: GraphQLNamedType): number => {
    if (!selectionSet) return 0;
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        total += fieldCost(type, selection);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const condition = selection.typeCondition ? schema.getType(selection.typeCondition.name.value) : type;
        if (condition) total += unitCost(selection.selectionSet, condition);
      } else {
        const fragment = fragments.get(selection.name.value);
        if (!fragment) continue;
        const condition = schema.getType(fragment.typeCondition.name.value) ?? type;
        const key = `${fragment.name.value}@${condition.name}`;
        if (inProgress.has(key)) continue; // a fragment cycle is a validation error, not a loop
        let cost = memo.get(key);
        if (cost === undefined) {
          inProgress.add(key);
          cost = unitCost(fragment.selectionSet, condition);
          inProgress.delete(key);
          memo.set(key, cost);
        }
        total += cost;
      }
    }
    return total;
  };

  const root = schema.getRootType(operation.operation);
  return root ? unitCost(operation.selectionSet, root) : 0;
}
