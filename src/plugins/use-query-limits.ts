/**
 * Query abuse limits, all applied before any resolver runs (so a rejected
 * operation makes zero upstream calls): graphql-armor's depth, alias,
 * directive and token limits, field-suggestion blocking when introspection is
 * off, and our own cost limit counting upstream calls (upstream-cost.ts).
 * Every rejection is QUERY_TOO_COMPLEX with the limit that was hit, including
 * a batched (array) body of more than `batch` operations (413).
 *
 * The cost limit is per HTTP request: the operations of a batched (array)
 * body draw from one budget of `cost` calls, so a batch cannot multiply it.
 * An admitted operation may then make at most its estimate of calls
 * (src/upstreams/call-budget.ts), so the limit holds by construction. With
 * `exposeCost`, every result carries `extensions.cost = { estimated, actual }`;
 * an incremental (@defer/@stream) result carries it on its final part (the one
 * with `hasNext: false`), when every call it made is known.
 */
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, getOperationAST, type ExecutionArgs, type ExecutionResult } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';
import { rejectedRequests } from '../metrics.js';
import { estimateUpstreamCallsOnce } from './upstream-cost-cache.js';
import { MAX_NESTING, nestsDeeperThan, variablesTooDeep } from './use-nesting-limit.js';

export interface QueryLimitsOptions {
  depth: number;
  aliases: number;
  directives: number;
  tokens: number;
  /** Most upstream calls one HTTP request (all operations of a batch together) may cause. */
  cost: number;
  /** Add `extensions.cost = { estimated, actual }` to every result. */
  exposeCost: boolean;
  /** Operations in one batched (array) body. */
  batch: number;
  /** Hide "Did you mean …" suggestions (they reveal the schema when introspection is off). */
  blockFieldSuggestions: boolean;
}

const TOO_COMPLEX = 'QUERY_TOO_COMPLEX';

/** graphql-armor builds plain GraphQLErrors; tag them so the caller gets our code (the message keeps the limit). */
const tagAs = (limit: string) => (_ctx: unknown, error: GraphQLError) => {
  const extensions = error.extensions as Record<string, unknown>;
  extensions.code = TOO_COMPLEX;
  extensions.limit = limit;
  extensions.http = { status: 400 };
  rejectedRequests.inc({ reason: limit });
};

export function useQueryLimits(options: QueryLimitsOptions): Plugin {
  const armor = new EnvelopArmor({
    maxDepth: { n: options.depth, onReject: [tagAs('depth')] },
    maxAliases: { n: options.aliases, onReject: [tagAs('aliases')] },
    maxDirectives: { n: options.directives, onReject: [tagAs('directives')] },
    maxTokens: { n: options.tokens, onReject: [tagAs('tokens')] },
    // Our cost limit below counts upstream calls, which armor's generic one cannot.
    costLimit: { enabled: false },
    blockFieldSuggestion: { enabled: options.blockFieldSuggestions },
  });
  // Calls still unspent of each HTTP request's budget (a batch's operations share its Request).
  const remaining = new WeakMap<Request, number>();
  /** Estimates an operation and admits it against its request's budget; false when it was refused (the result is set). */
  const admit = (args: ExecutionArgs & { contextValue: GatewayContext }, refuse: (result: ExecutionResult) => void): number | false => {
    const operation = getOperationAST(args.document, args.operationName);
    if (!operation) return false;
    // Here, where every transport's operations pass (HTTP, graphql-ws, graphql-sse), before anything reads them.
    if (args.variableValues && nestsDeeperThan(args.variableValues, MAX_NESTING)) {
      rejectedRequests.inc({ reason: 'nesting' });
      refuse({ errors: [variablesTooDeep()] });
      return false;
    }
    const context = args.contextValue;
    // Computed once per operation and the values of the variables it reads (upstream-cost-cache.ts).
    const cost = estimateUpstreamCallsOnce({
      schema: args.schema,
      document: args.document,
      operation,
      variables: args.variableValues ?? undefined,
    });
    // Every HTTP and WebSocket operation has a Request; the guard only keeps a bare execute() from throwing.
    const request = typeof context.request === 'object' && context.request !== null ? context.request : undefined;
    const left = (request && remaining.get(request)) ?? options.cost;
    if (cost > left) {
      rejectedRequests.inc({ reason: 'cost' });
      const message =
        left === options.cost
          ? `Query cost limit of ${options.cost} upstream calls exceeded (this operation could make ${cost}).`
          : `Query cost limit of ${options.cost} upstream calls exceeded: the other operations of this request may make ${options.cost - left}, this one ${cost}.`;
      const rejected: ExecutionResult = {
        errors: [
          new GraphQLError(message, {
            extensions: { code: TOO_COMPLEX, limit: 'cost', cost, maxCost: options.cost, http: { status: 400 } },
          }),
        ],
      };
      if (options.exposeCost) rejected.extensions = { cost: { estimated: cost, actual: 0 } };
      refuse(rejected);
      return false;
    }
    if (request) remaining.set(request, left - cost);
    context.budget.limit = cost;
    return cost;
  };
  const costLimit: Plugin<GatewayContext> = {
    onExecute({ args, setResultAndStopExecution }) {
      const cost = admit(args, setResultAndStopExecution);
      if (cost === false || !options.exposeCost) return;
      const context = args.contextValue;
      return {
        onExecuteDone({ result }) {
          const withCost = (single: ExecutionResult) => ({
            ...single,
            extensions: { ...single.extensions, cost: { estimated: cost, actual: context.budget.made } },
          });
          if (!isAsyncIterable(result)) {
            result.extensions = withCost(result).extensions;
            return;
          }
          return {
            onNext({ result: part, setResult }) {
              if ((part as { hasNext?: boolean }).hasNext === false) setResult(withCost(part));
            },
          };
        },
      };
    },
    // A subscription's setup calls (who the subscriber is) are admitted and bounded the same way.
    onSubscribe({ args, setResultAndStopExecution }) {
      admit(args, setResultAndStopExecution);
    },
  };
  // Before Yoga's own batch check (which says BAD_REQUEST): a batch over the limit is a request-size limit like the body's.
  // One hook object for every request (it depends on nothing of the request's): no closure per request.
  const checkBatch = {
    onRequestParseDone({ requestParserResult }: { requestParserResult: unknown }) {
      if (!Array.isArray(requestParserResult) || requestParserResult.length <= options.batch) return;
      rejectedRequests.inc({ reason: 'batch' });
      throw new GraphQLError(`Batching is limited to ${options.batch} operations per request.`, {
        extensions: { code: TOO_COMPLEX, limit: 'batch', maxBatch: options.batch, http: { status: 413 } },
      });
    },
  };
  const batchLimit: Plugin = { onRequestParse: () => checkBatch };
  // A result that never reached execution (a parse, validation or limit error) made no call.
  const zeroCost: Plugin = {
    onExecutionResult({ result, setResult }) {
      if (Array.isArray(result) || isAsyncIterable(result)) return;
      const single = result as ExecutionResult;
      if (single.extensions?.cost === undefined)
        setResult({ ...single, extensions: { ...single.extensions, cost: { estimated: 0, actual: 0 } } });
    },
  };
  return {
    onPluginInit({ addPlugin }) {
      addPlugin(batchLimit);
      for (const plugin of oneValidationHook(armor.protect().plugins as Plugin[])) addPlugin(plugin);
      addPlugin(costLimit as Plugin);
      if (options.exposeCost) addPlugin(zeroCost);
    },
  };
}

type OnValidate = NonNullable<Plugin['onValidate']>;
type AfterValidate = Exclude<ReturnType<OnValidate>, void>;

/**
 * The plugins as given, those that only validate (armor's: each adds its rule, one hides suggestions) in one
 * `onValidate` hook where the first of them was: envelop builds a payload with closures for each hook it calls,
 * on every request (its parse and validation cache comes after them). Same hooks, same order, same payload.
 */
export function oneValidationHook(plugins: Plugin[]): Plugin[] {
  const validating = plugins.filter((plugin) => plugin.onValidate && Object.keys(plugin).length === 1);
  if (validating.length < 2) return plugins;
  const hooks = validating.map((plugin) => plugin.onValidate!);
  const fused: Plugin = {
    onValidate(payload) {
      let after: AfterValidate[] | undefined;
      for (const hook of hooks) {
        const done = hook(payload);
        if (typeof done === 'function') (after ??= []).push(done);
      }
      if (!after) return;
      const ends = after;
      return (result) => {
        for (const end of ends) end(result);
      };
    },
  };
  const first = plugins.indexOf(validating[0]!);
  return plugins.flatMap((plugin, i) => (i === first ? [fused] : validating.includes(plugin) ? [] : [plugin]));
}
