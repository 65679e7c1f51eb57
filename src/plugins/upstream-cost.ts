/**
 * Estimates how many upstream calls an operation can make, from the schema's
 * `@upstream` directives: each upstream-backed field costs one call per
 * parent instance, and a list field multiplies its children by `first` (or a
 * default for upstream lists without one). So
 * `seller { gigs(first: 50) { nodes { reviews(first: 50) { ... } } } }`
 * costs 1 + 1 + 50. It runs with the variables in hand (a validation rule
 * would not see them), still before any resolver.
 */
import {
  getNamedType,
  getNullableType,
  isListType,
  isObjectType,
  isInterfaceType,
  Kind,
  valueFromAST,
  type ArgumentNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** Children of a list without `first` (an upstream list such as `items`) count this many times. */
export const DEFAULT_LIST_SIZE = 10;
/** `first` is at most 100 everywhere; a bigger value is a BAD_USER_INPUT the resolver reports. */
const MAX_FIRST = 100;

interface CostInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown> | undefined;
}

const isUpstreamField = (field: GraphQLField<unknown, unknown>): boolean => {
  const directives = field.extensions?.directives as Record<string, unknown> | undefined;
  return directives?.upstream !== undefined || field.astNode?.directives?.some((d) => d.name.value === 'upstream') === true;
};

/** Upstream calls the operation may make; cost is linear in the multiplier, so fragments are memoised per type. */
export function estimateUpstreamCalls({ schema, document, operation, variables }: CostInput): number {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const memo = new Map<string, number>();
  const inProgress = new Set<string>();

  const fanOut = (field: GraphQLField<unknown, unknown>, node: { arguments?: readonly ArgumentNode[] | undefined }): number => {
    const firstArg = field.args.find((a) => a.name === 'first');
    if (firstArg) {
      const given = node.arguments?.find((a) => a.name.value === 'first');
      const value = given ? valueFromAST(given.value, firstArg.type, variables) : firstArg.defaultValue;
      const first = typeof value === 'number' && Number.isFinite(value) ? value : DEFAULT_LIST_SIZE;
      return Math.min(Math.max(first, 0), MAX_FIRST);
    }
    return isUpstreamField(field) && isListType(getNullableType(field.type)) ? DEFAULT_LIST_SIZE : 1;
  };

  const unitCost = (selectionSet: SelectionSetNode | undefined, type: GraphQLNamedType): number => {
    if (!selectionSet) return 0;
    let total = 0;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        if (!isObjectType(type) && !isInterfaceType(type)) continue;
        const field = type.getFields()[selection.name.value];
        if (!field) continue; // unknown fields are the validator's business
        const own = isUpstreamField(field) ? 1 : 0;
        total += own + fanOut(field, selection) * unitCost(selection.selectionSet, getNamedType(field.type));
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
