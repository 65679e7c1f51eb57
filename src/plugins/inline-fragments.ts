/**
 * A copy of a document with every fragment that always applies written out in its place: a spread or inline
 * fragment without a directive whose type condition is absent, names the type it is selected on, or names an
 * interface or union that type belongs to. graphql-js
 * collects such a fragment's fields exactly where the fragment stands (GraphQL spec, CollectFields), so the copy
 * answers as the document does; graphql-jit collects a selection set's fragments after its fields, so a document
 * in the shape clients generate (Apollo Client adds `__typename` after every fragment) is one compilable.ts
 * refuses, where its copy is one it takes. Fragments that narrow to another type or carry a directive stay as
 * they are (and compilable.ts judges the copy).
 *
 * Spreading a fragment in several places copies its selections each time, so a document written to multiply
 * (a fragment spreading another twice, and so on) would grow without bound: past MAX_INLINED_SELECTIONS
 * selections there is no copy.
 */
import {
  getNamedType,
  isCompositeType,
  isAbstractType,
  isObjectType,
  isInterfaceType,
  Kind,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLCompositeType,
  type InlineFragmentNode,
  type GraphQLSchema,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';

/**
 * The most selections a copy may hold: above a client's document with its fragments written out (a few hundred),
 * far below a multiplying one. A copy lives as long as its compiled query (MAX_COMPILED_DOCUMENTS of them), so its
 * size is memory a caller could otherwise multiply; a document past it keeps Yoga's executor.
 */
export const MAX_INLINED_SELECTIONS = 2_000;

/**
 * Whether a fragment on `condition` applies to every object selected as `parent`, as graphql-js decides it: true
 * (no condition, the type itself, or, `parent` being an object type, an interface or union it belongs to), false
 * (another object type, or an abstract one `parent` is not in), undefined (it narrows: `parent` is an interface or
 * union, or the condition names no type). Look-ahead asks the same (resolvers/look-ahead.ts), so a document and its
 * copy prefetch alike.
 */
export function fragmentApplies(schema: GraphQLSchema, condition: string | undefined, parent: GraphQLCompositeType): boolean | undefined {
  if (condition === undefined || condition === parent.name) return true;
  const type = schema.getType(condition);
  if (!type || !isCompositeType(type) || !isObjectType(parent)) return undefined;
  return isAbstractType(type) ? schema.isSubType(type, parent) : false;
}

class TooLarge extends Error {}

/** The document with its always-applying fragments written out, or undefined past MAX_INLINED_SELECTIONS. */
export function inlineFragments(document: DocumentNode, schema: GraphQLSchema): DocumentNode | undefined {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  let written = 0;
  // Fragments spread in the copy as they are: their definitions are copied too.
  const spreadLeft = new Set<string>();
  // Fragments being written out, innermost last: a spread of one of them (a cycle, which validation refuses) stays.
  const open: string[] = [];

  const compositeType = (name: string | undefined) => {
    const type = name === undefined ? undefined : schema.getType(name);
    return type && isCompositeType(type) ? type : undefined;
  };
  const fieldType = (parent: GraphQLCompositeType, name: string) => {
    if (!isObjectType(parent) && !isInterfaceType(parent)) return undefined;
    const field = parent.getFields()[name];
    const type = field && getNamedType(field.type);
    return type && isCompositeType(type) ? type : undefined;
  };

  /** A fragment's name (for a spread), its selections and its type condition. */
  const partsOf = (selection: InlineFragmentNode | FragmentSpreadNode) => {
    const name = selection.kind === Kind.FRAGMENT_SPREAD ? selection.name.value : undefined;
    const fragment = name === undefined ? undefined : fragments.get(name);
    const condition = selection.kind === Kind.INLINE_FRAGMENT ? selection.typeCondition?.name.value : fragment?.typeCondition.name.value;
    const body = selection.kind === Kind.INLINE_FRAGMENT ? selection.selectionSet : fragment?.selectionSet;
    return { name, condition, body };
  };
  /** How `writeOut` takes a fragment selected on `parent`: written out (true), left out (false) or kept (undefined). */
  const decide = (selection: InlineFragmentNode | FragmentSpreadNode, parent: GraphQLCompositeType | undefined) => {
    const { name, condition, body } = partsOf(selection);
    const applies = parent && body && (name === undefined || !open.includes(name)) ? fragmentApplies(schema, condition, parent) : undefined;
    // A fragment that never applies here selects nothing, whatever its directives say.
    return applies === false ? false : applies && !selection.directives?.length ? true : undefined;
  };
  /** Whether writing `set` out on `parent` keeps some fragment (looking through those it writes out, not below fields). */
  const keepsFragment = (set: SelectionSetNode, parent: GraphQLCompositeType): boolean =>
    set.selections.some((selection) => {
      if (selection.kind === Kind.FIELD) return false;
      const decision = decide(selection, parent);
      if (decision !== true) return decision === undefined;
      const { name, body } = partsOf(selection);
      if (name !== undefined) open.push(name);
      const keeps = keepsFragment(body!, parent);
      if (name !== undefined) open.pop();
      return keeps;
    });

  /** `set`'s selections with the fragments that always apply to `parent` written out, into `into`. */
  const writeOut = (set: SelectionSetNode, parent: GraphQLCompositeType | undefined, into: SelectionNode[]) => {
    for (const selection of set.selections) {
      if (++written > MAX_INLINED_SELECTIONS) throw new TooLarge();
      if (selection.kind === Kind.FIELD) {
        const type = parent && selection.selectionSet ? fieldType(parent, selection.name.value) : undefined;
        // A new node for every place a field is written: graphql-jit notes a field's @skip/@include on its node, so a
        // node shared by two places would carry one place's condition to the other. Below a field of a type the
        // schema does not name here (`__schema`, `__type`) fragments stay, and fields are still new nodes.
        into.push(selection.selectionSet ? { ...selection, selectionSet: copyOf(selection.selectionSet, type) } : { ...selection });
        continue;
      }
      const { name, condition, body } = partsOf(selection);
      const decision = decide(selection, parent);
      if (decision === false) continue;
      if (decision) {
        if (name !== undefined) open.push(name);
        writeOut(body!, parent, into);
        if (name !== undefined) open.pop();
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        // Kept for its directive, a fragment that always applies here still selects on `parent`, not its condition's types.
        const on = parent && fragmentApplies(schema, condition, parent) ? parent : (compositeType(condition) ?? parent);
        into.push({ ...selection, selectionSet: copyOf(selection.selectionSet, on) });
      } else {
        // A spread left as it is (under a directive, narrowing, a cycle): its definition goes into the copy.
        if (name !== undefined) spreadLeft.add(name);
        into.push(selection);
      }
    }
  };
  /**
   * `set` written out for objects selected as `parent`. On an interface or union where a fragment is left (it
   * narrows to some of the types), the selections are written out once per possible object type, each in an
   * inline fragment on that type: which fields an object gets, and in which order, then no longer depends on
   * fragments graphql-jit would collect after the fields.
   */
  const copyOf = (set: SelectionSetNode, parent: GraphQLCompositeType | undefined): SelectionSetNode => {
    if (!parent || !isAbstractType(parent) || !keepsFragment(set, parent)) {
      const selections: SelectionNode[] = [];
      writeOut(set, parent, selections);
      return { ...set, selections };
    }
    const perType: SelectionNode[] = [];
    for (const type of schema.getPossibleTypes(parent)) {
      const own = copyOf(set, type);
      if (own.selections.length > 0)
        perType.push({
          kind: Kind.INLINE_FRAGMENT,
          typeCondition: { kind: Kind.NAMED_TYPE, name: { kind: Kind.NAME, value: type.name } },
          selectionSet: own,
        });
    }
    return { ...set, selections: perType };
  };

  try {
    const definitions: DefinitionNode[] = [];
    for (const definition of document.definitions) {
      if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
      const root = definition.operation === 'query' ? schema.getQueryType() : undefined;
      definitions.push({ ...definition, selectionSet: copyOf(definition.selectionSet, root ?? undefined) });
    }
    // Only the fragments some spread of the copy still names (a Set's loop also visits what is added meanwhile).
    for (const name of spreadLeft) {
      const fragment = fragments.get(name);
      if (fragment)
        definitions.push({ ...fragment, selectionSet: copyOf(fragment.selectionSet, compositeType(fragment.typeCondition.name.value)) });
    }
    return { ...document, definitions };
  } catch (error) {
    if (error instanceof TooLarge) return undefined;
    throw error;
  }
}
