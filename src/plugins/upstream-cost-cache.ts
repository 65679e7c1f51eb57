/**
 * The upstream-call estimate (upstream-cost.ts) computed once per operation
 * and the few variable values it depends on, kept with the parsed document
 * (Yoga's parse cache hands out the same DocumentNode for the same text, so a
 * WeakMap on the operation's node lives exactly as long as the cached document).
 *
 * The estimate reads variables only through the arguments of fields that have
 * a `first`, `after`, `id`, `ids` or `representations` argument
 * (`getArgumentValues` coerces all of that field's arguments, so all their
 * variables count), and through whether the variables coerce at all (when they
 * do not, every argument counts as unknown). So the key of a cached estimate is
 * that success and the coerced values of those variables: anything else (a
 * slug, a purchase code) can change without changing the estimate.
 */
import {
  getVariableValues,
  Kind,
  visit,
  type DocumentNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type ValueNode,
} from 'graphql';
import { estimateUpstreamCalls } from './upstream-cost.js';

/** The arguments the estimate reads (upstream-cost.ts: argumentOf). */
const COST_ARGUMENTS = new Set(['first', 'after', 'id', 'ids', 'representations']);
/** Distinct variable values remembered per operation; past it, new ones are estimated without being kept. */
const MAX_KEYS_PER_OPERATION = 64;
/** A key longer than this (a long list of ids or representations) is not worth keeping. */
const MAX_KEY_CHARS = 2048;

interface CostPlan {
  schema: GraphQLSchema;
  /** Variables that reach the estimate, in a fixed order. */
  variables: string[];
  estimates: Map<string, number>;
}

const plans = new WeakMap<OperationDefinitionNode, CostPlan>();

function collectVariables(value: ValueNode, into: Set<string>): void {
  if (value.kind === Kind.VARIABLE) into.add(value.name.value);
  else if (value.kind === Kind.LIST) for (const item of value.values) collectVariables(item, into);
  else if (value.kind === Kind.OBJECT) for (const field of value.fields) collectVariables(field.value, into);
}

/** Variables in the arguments of any field (fragments included) that has an argument the estimate reads. */
export function costVariables(document: DocumentNode): string[] {
  const names = new Set<string>();
  visit(document, {
    Field(node) {
      const args = node.arguments ?? [];
      if (!args.some((arg) => COST_ARGUMENTS.has(arg.name.value))) return;
      for (const arg of args) collectVariables(arg.value, names);
    },
  });
  return [...names].sort();
}

function keyOf(plan: CostPlan, coerced: Record<string, unknown> | undefined): string | undefined {
  if (!coerced) return 'refused';
  let key = 'ok';
  for (const name of plan.variables) {
    // JSON escapes every control character, so \u0001 cannot occur inside a value.
    try {
      key += Object.hasOwn(coerced, name) ? `\u0001${JSON.stringify(coerced[name]) ?? 'undefined'}` : '\u0001-';
    } catch {
      return undefined; // a value JSON cannot write (a BigInt): estimate without keeping
    }
    if (key.length > MAX_KEY_CHARS) return undefined;
  }
  return key;
}

interface CostInput {
  schema: GraphQLSchema;
  document: DocumentNode;
  operation: OperationDefinitionNode;
  variables: Record<string, unknown> | null | undefined;
}

/** `estimateUpstreamCalls`, the same number, computed once per operation and cost-relevant variable values. */
export function estimateUpstreamCallsOnce(input: CostInput): number {
  const { schema, document, operation, variables } = input;
  let plan = plans.get(operation);
  if (!plan || plan.schema !== schema) plans.set(operation, (plan = { schema, variables: costVariables(document), estimates: new Map() }));
  const coerced =
    plan.variables.length === 0 && (operation.variableDefinitions?.length ?? 0) === 0
      ? {}
      : getVariableValues(schema, operation.variableDefinitions ?? [], variables ?? {}).coerced;
  const key = keyOf(plan, coerced);
  const known = key === undefined ? undefined : plan.estimates.get(key);
  if (known !== undefined) return known;
  const estimate = estimateUpstreamCalls(input);
  if (key !== undefined && plan.estimates.size < MAX_KEYS_PER_OPERATION) plan.estimates.set(key, estimate);
  return estimate;
}
