/**
 * Whether an operation's whole answer may be shared between callers, read
 * from the document alone and decided once per document: from the
 * `@upstream` row behind each field it selects (their `sharing`,
 * src/upstreams/operations.ts `sharingOf`), the same rule that decides which
 * credential goes with each upstream call.
 *
 * - Only a query: a mutation or subscription is never shared.
 * - No field of a `private` row anywhere (a scope, a personalised read, a keyed service).
 * - Every root field names a row: a root field with none (`node`, `nodes`) could
 *   read anything, so it is not shared. Below the root, a field with no row
 *   reads what its parent's row returned.
 * - A `public-when-anonymous` row (`gigs`, `sellers`, `Seller.gigs`) carries the
 *   caller's token when there is one: shared only between callers with none.
 * - No introspection, no `@defer`/`@stream` (answered in parts).
 * - At least one row: with none (`{ __typename }`) nothing says how long the answer holds.
 *
 * The request then confirms it (src/upstreams/public-cache/public-reads.ts):
 * an answer is stored only when every upstream answer it used was a kept public one.
 */
import { getOperationAST, TypeInfo, visit, visitWithTypeInfo, BREAK, type DocumentNode, type GraphQLSchema } from 'graphql';
import { operationOfField } from '../../upstreams/operation-index.js';
import { REFERENCE_OPERATIONS } from '../../reference-data.js';

export interface OperationPlan {
  /** May be answered whole from the response cache (for callers `anonymousOnly` allows). */
  shareable: boolean;
  /** Reads a row whose answer depends on whether a token goes with it: shared only between callers with no credential. */
  anonymousOnly: boolean;
  /** Reads reference data (src/reference-data.ts), which lives apart from the request: kept at most the reference TTL. */
  readsReference: boolean;
  /** Why it is not shareable (tests, debug logs). */
  reason?: string;
}

const INCREMENTAL = new Set(['defer', 'stream']);

/** Plans by document, then by operation name: a document is parsed once and reused (Yoga's parse cache). */
const plans = new WeakMap<DocumentNode, Map<string, OperationPlan>>();

export function planOf(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): OperationPlan {
  let byName = plans.get(document);
  if (!byName) plans.set(document, (byName = new Map()));
  const name = operationName ?? '';
  let plan = byName.get(name);
  if (!plan) byName.set(name, (plan = analyse(schema, document, operationName)));
  return plan;
}

function analyse(schema: GraphQLSchema, document: DocumentNode, operationName: string | null | undefined): OperationPlan {
  const operation = getOperationAST(document, operationName);
  if (!operation) return refused('no single operation to run');
  if (operation.operation !== 'query') return refused(`a ${operation.operation} is never shared`);
  const plan: OperationPlan = { shareable: true, anonymousOnly: false, readsReference: false };
  let rows = 0;
  const queryType = schema.getQueryType();
  const typeInfo = new TypeInfo(schema);
  // Only the chosen operation and the fragments it spreads (a named fragment is visited where it is defined:
  // its fields are judged all the same, which can only refuse more).
  const definitions = document.definitions.filter((d) => d === operation || d.kind === 'FragmentDefinition');
  visit(
    { ...document, definitions },
    visitWithTypeInfo(typeInfo, {
      Directive(node) {
        if (INCREMENTAL.has(node.name.value)) return stop(plan, `@${node.name.value} answers in parts`);
      },
      Field(node) {
        const name = node.name.value;
        if (name === '__typename') return;
        if (name.startsWith('__')) return stop(plan, 'introspection');
        const field = typeInfo.getFieldDef();
        if (!field) return stop(plan, `unknown field ${name}`);
        const row = operationOfField(field);
        const atRoot = typeInfo.getParentType() === queryType;
        if (!row) return atRoot ? stop(plan, `Query.${name} names no upstream row`) : undefined;
        if (row.sharing === 'private') return stop(plan, `${row.service}.${row.id} is private`);
        rows++;
        if (row.sharing === 'public-when-anonymous') plan.anonymousOnly = true;
        if (REFERENCE_OPERATIONS.has(row.id)) plan.readsReference = true;
      },
    }),
  );
  // Nothing read from an upstream (`{ __typename }`): nothing says how long the answer holds, so it is not kept.
  return plan.shareable && rows === 0 ? refused('reads no upstream row') : plan;
}

function stop(plan: OperationPlan, reason: string): typeof BREAK {
  plan.shareable = false;
  plan.reason = reason;
  return BREAK;
}

const refused = (reason: string): OperationPlan => ({ shareable: false, anonymousOnly: false, readsReference: false, reason });
