/**
 * Which documents graphql-jit runs exactly as Yoga's executor does (use-compiled-execution.ts compiles only
 * those). Each rule below is a difference found by running both on the same document and variables
 * (test/integration/jit-parity-*.test.ts); a document any rule matches keeps Yoga's executor, which is right for
 * every document, so the rules may be broad. A document must be:
 * - one operation: the plugin keys its compiled query by the document alone, so a second operation of the same
 *   document would run the first;
 * - a query: mutations run their root fields one after another and subscriptions are streams; neither is on the
 *   hot path;
 * - free of `@defer`/`@stream`, which graphql-jit does not deliver in parts;
 * - free of a non-null variable with a default: graphql-jit refuses it left out, where its default applies;
 * - free of a variable of an input-object type (or a list of them): graphql-jit takes a JSON array for an
 *   object, and the upstream is then called with it;
 * - free of a variable inside a list or object literal: graphql-jit checks a variable's null only where it is a
 *   whole argument, so `ids: ["a", $id]` reaches the resolver with a null its type forbids;
 * - free of `@skip`/`@include` whose `if` is a nullable variable (one with a default): graphql-jit reads its null as
 *   false and answers without the field (or points the error elsewhere) where a null `if` is an error;
 * - free of a string literal holding `__MAGIC_`: graphql-jit writes literals into the code it generates, then turns
 *   its own markers for dates, NaN and infinities (`__MAGIC_DATE__<uuid>…`) back into code by replacing text, so a
 *   caller's string shaped like one ran as JavaScript in the gateway (0.8.7);
 * - free of an alias or variable named like a property of Object.prototype (`__proto__`, `constructor`): the
 *   generated code assigns `result.__proto__`, and reads variables from a plain object;
 * - free of selections graphql-jit would answer in another order or drop (`writesFieldsInOtherOrder`, below): an
 *   answer without errors is sent as the compiled run wrote it (test/integration/jit-parity-fragments.test.ts).
 *   Where only the document's fragments break this rule, a copy with them written out in place may keep it: then
 *   the copy is compiled (`compilableForm`).
 */
import {
  BREAK,
  getNamedType,
  isInputObjectType,
  isObjectType,
  Kind,
  typeFromAST,
  visit,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionNode,
  type SelectionSetNode,
} from 'graphql';
import { inlineFragments } from './inline-fragments.js';

/** What graphql-jit's markers begin with (its execution.js MAGIC_DATE, MAGIC_NAN, MAGIC_PLUS/MINUS_INFINITY). */
const JIT_MARKER = '__MAGIC_';
const inherited = (name: string) => name in Object.prototype;

/**
 * What graphql-jit compiles for `document`: the document itself, or a copy with its always-applying fragments
 * written out in place (inline-fragments.ts) where the document's own shape is one it would answer in another
 * order; undefined where the document keeps Yoga's executor.
 */
export function compilableForm(document: DocumentNode, schema: GraphQLSchema): DocumentNode | undefined {
  if (!followsTheRules(document, schema)) return undefined;
  if (!writesFieldsInOtherOrder(document, schema)) return document;
  const copy = inlineFragments(document, schema);
  return copy && !writesFieldsInOtherOrder(copy, schema) ? copy : undefined;
}

export function isCompilable(document: DocumentNode, schema: GraphQLSchema): boolean {
  return compilableForm(document, schema) !== undefined;
}

/** Every rule above but the last. */
function followsTheRules(document: DocumentNode, schema: GraphQLSchema): boolean {
  const operations = document.definitions.filter((definition) => definition.kind === Kind.OPERATION_DEFINITION);
  if (operations.length !== 1 || operations[0]!.operation !== 'query') return false;
  const operation = operations[0] as OperationDefinitionNode;
  const nullable = new Set<string>();
  for (const definition of operation.variableDefinitions ?? []) {
    if (inherited(definition.variable.name.value)) return false;
    const nonNull = definition.type.kind === Kind.NON_NULL_TYPE;
    if (nonNull && definition.defaultValue) return false;
    const type = typeFromAST(schema, definition.type);
    if (type && isInputObjectType(getNamedType(type))) return false;
    if (!nonNull) nullable.add(definition.variable.name.value);
  }
  let compilable = true;
  // Lists and object literals being walked, in argument values: a variable met inside one is nested.
  let literalDepth = 0;
  const refuse = () => {
    compilable = false;
    return BREAK;
  };
  visit(document, {
    Directive(node) {
      if (node.name.value === 'defer' || node.name.value === 'stream') return refuse();
      if (node.name.value !== 'skip' && node.name.value !== 'include') return undefined;
      const condition = node.arguments?.find((argument) => argument.name.value === 'if')?.value;
      return condition?.kind === Kind.VARIABLE && nullable.has(condition.name.value) ? refuse() : undefined;
    },
    StringValue(node) {
      return node.value.includes(JIT_MARKER) ? refuse() : undefined;
    },
    Field(node) {
      return node.alias && inherited(node.alias.value) ? refuse() : undefined;
    },
    ListValue: { enter: () => void literalDepth++, leave: () => void literalDepth-- },
    ObjectValue: { enter: () => void literalDepth++, leave: () => void literalDepth-- },
    Variable() {
      return literalDepth > 0 ? refuse() : undefined;
    },
  });
  return compilable;
}

/** A response name in a selection set: how often it is selected, whether any of those under @skip/@include, and the selection sets below it. */
interface Selected {
  count: number;
  conditional: boolean;
  below: SelectionSetNode[];
}

/** The most selections walked through merged selection sets for one document (`writesFieldsInOtherOrder`). */
const MERGED_WALK_LIMIT = 20_000;

const conditional = (selection: SelectionNode) =>
  selection.directives?.some((directive) => directive.name.value === 'skip' || directive.name.value === 'include') ?? false;

/**
 * Whether graphql-jit (0.8.7, dist/ast.js `collectFieldsImpl`) would write some object's fields in another order
 * than graphql-js, or leave some out. It collects a selection set's own fields first and its fragments after them,
 * last fragment first (a stack); it makes a key where a name is first selected even when that selection is
 * skipped; and it spreads a fragment once, with the first spread's @skip/@include, where graphql-js takes the
 * first spread that is included. So a document is refused where, in a selection set:
 * - a fragment (inline or spread) is followed by a field, or by a fragment that may apply to the same object (only
 *   two fragments on two different object types never do);
 * - a name selected more than once (through its fragments too) has a selection under @skip/@include;
 * - the same holds where a name's selections are merged: the selection sets of all the fields answered under one
 *   response name (`a: gig { title @skip(if: true) } a: gig { slug title }`) are one selection set to both
 *   executors, and graphql-jit makes the key where a name is first selected, skipped or not (`title` before `slug`)
 *   and hands a resolver every field node merged under its name, skipped ones too (look-ahead then starts calls
 *   for what a skipped selection asks);
 * - a fragment spread under @skip/@include (its own, or an enclosing fragment's) names a fragment spread anywhere
 *   else: graphql-jit notes the condition on the fragment's field nodes, which every spread of it shares, so
 *   `a: gig { ... @include(if: $no) { ...T } } b: gig { ...T }` answered `b` without T's fields, and no error.
 */
function writesFieldsInOtherOrder(document: DocumentNode, schema: GraphQLSchema): boolean {
  const fragments = new Map<string, FragmentDefinitionNode>();
  const spreads = new Map<string, number>();
  for (const definition of document.definitions)
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  const conditionOf = (selection: SelectionNode) =>
    selection.kind === Kind.INLINE_FRAGMENT
      ? selection.typeCondition?.name.value
      : selection.kind === Kind.FRAGMENT_SPREAD
        ? fragments.get(selection.name.value)?.typeCondition.name.value
        : undefined;
  const disjoint = (a: string | undefined, b: string | undefined) =>
    a !== undefined && b !== undefined && a !== b && isObjectType(schema.getType(a)) && isObjectType(schema.getType(b));

  /**
   * The response names a selection set selects, through its fragments, each with whether any selection of it is
   * conditional and the selection sets of its fields (what the executors merge below the name).
   */
  const namesOf = (set: SelectionSetNode, names: Map<string, Selected>, underCondition: boolean, seen: Set<string>) => {
    for (const selection of set.selections) {
      const conditionHere = underCondition || conditional(selection);
      if (selection.kind === Kind.FIELD) {
        const name = selection.alias?.value ?? selection.name.value;
        let entry = names.get(name);
        if (!entry) names.set(name, (entry = { count: 0, conditional: false, below: [] }));
        entry.count++;
        entry.conditional ||= conditionHere;
        if (selection.selectionSet) entry.below.push(selection.selectionSet);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        namesOf(selection.selectionSet, names, conditionHere, seen);
      } else if (!seen.has(selection.name.value)) {
        seen.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) namesOf(fragment.selectionSet, names, conditionHere, seen);
      }
    }
    return names;
  };

  // Selections walked by `mergedReorder`: past MERGED_WALK_LIMIT the document is refused rather than walked on.
  let walked = 0;
  /**
   * Whether the selection sets merged under one response name, walked as the one set they are to both executors,
   * select a name more than once with a selection of it conditional; and so on below each name merged again.
   */
  const mergedReorder = (sets: readonly SelectionSetNode[]): boolean => {
    const names = new Map<string, Selected>();
    const seen = new Set<string>();
    for (const set of sets) namesOf(set, names, false, seen);
    for (const { count, conditional: underCondition, below } of names.values()) {
      walked += count;
      if (walked > MERGED_WALK_LIMIT || (count > 1 && underCondition)) return true;
      if (below.length > 1 && mergedReorder(below)) return true;
    }
    return false;
  };

  let reorders = false;
  visit(document, {
    FragmentSpread(node) {
      spreads.set(node.name.value, (spreads.get(node.name.value) ?? 0) + 1);
    },
    SelectionSet(set) {
      const fragmentConditions: Array<string | undefined> = [];
      for (const selection of set.selections) {
        if (selection.kind === Kind.FIELD) {
          if (fragmentConditions.length > 0) reorders = true;
        } else {
          const condition = conditionOf(selection);
          if (fragmentConditions.some((earlier) => !disjoint(earlier, condition))) reorders = true;
          fragmentConditions.push(condition);
        }
      }
      for (const { count, conditional: underCondition, below } of namesOf(set, new Map(), false, new Set()).values())
        if ((count > 1 && underCondition) || (below.length > 1 && mergedReorder(below))) reorders = true;
      return reorders ? BREAK : undefined;
    },
  });
  if (reorders) return true;
  // Fragments spread under a fragment's @skip/@include: the spread's own, or an enclosing inline fragment's or spread's
  // (up to the nearest field; through the fragments they spread in turn). graphql-jit notes a fragment's condition on
  // the field nodes below it, which are the fragment definition's own, shared by every place it is spread.
  const underCondition = new Set<string>();
  const spreadsBelow = (set: SelectionSetNode) => {
    for (const selection of set.selections) {
      if (selection.kind === Kind.INLINE_FRAGMENT) spreadsBelow(selection.selectionSet);
      else if (selection.kind === Kind.FRAGMENT_SPREAD && !underCondition.has(selection.name.value)) {
        underCondition.add(selection.name.value);
        const fragment = fragments.get(selection.name.value);
        if (fragment) spreadsBelow(fragment.selectionSet);
      }
    }
  };
  visit(document, {
    InlineFragment(node) {
      if (conditional(node)) spreadsBelow(node.selectionSet);
    },
    FragmentSpread(node) {
      if (conditional(node)) spreadsBelow({ kind: Kind.SELECTION_SET, selections: [node] });
    },
  });
  for (const name of underCondition) if ((spreads.get(name) ?? 0) > 1) return true;
  return false;
}
