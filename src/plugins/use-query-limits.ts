/**
 * Query abuse limits, all applied before any resolver runs (so a rejected
 * operation makes zero upstream calls): graphql-armor's depth, alias,
 * directive and token limits, field-suggestion blocking when introspection is
 * off, and our own cost limit counting upstream calls (upstream-cost.ts).
 * Every rejection is QUERY_TOO_COMPLEX with the limit that was hit.
 */
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import { GraphQLError, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { rejectedRequests } from '../metrics.js';
import { estimateUpstreamCalls } from './upstream-cost.js';

export interface QueryLimitsOptions {
  depth: number;
  aliases: number;
  directives: number;
  tokens: number;
  /** Most upstream calls one operation may cause. */
  cost: number;
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
  const costLimit: Plugin = {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation) return;
      // Linear in the document's size (fragments are memoised), so cheap enough to run per request.
      const cost = estimateUpstreamCalls({ schema: args.schema, document: args.document, operation, variables: args.variableValues ?? undefined });
      if (cost <= options.cost) return;
      rejectedRequests.inc({ reason: 'cost' });
      setResultAndStopExecution({
        errors: [
          new GraphQLError(`Query cost limit of ${options.cost} upstream calls exceeded (this operation could make ${cost}).`, {
            extensions: { code: TOO_COMPLEX, limit: 'cost', cost, maxCost: options.cost, http: { status: 400 } },
          }),
        ],
      });
    },
  };
  return {
    onPluginInit({ addPlugin }) {
      for (const plugin of armor.protect().plugins) addPlugin(plugin as Plugin);
      addPlugin(costLimit);
    },
  };
}
