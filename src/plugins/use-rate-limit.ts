/**
 * Per-client rate limits (contract section 6 code RATE_LIMITED): every
 * GraphQL request takes a token from its client's bucket (credential hash,
 * else IP) before it is parsed; the account operations an attacker would
 * brute-force (mobileLogin, mobileRegister, mobileForgotPassword) also take
 * one from a much smaller per-IP bucket before execution. Either refusal
 * makes no upstream call and says when to retry.
 */
import { GraphQLError, Kind, getOperationAST, type DocumentNode, type SelectionSetNode } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { rejectedRequests } from '../metrics.js';
import { clientAddress, clientKey } from './client-key.js';
import { RateLimiter, type Limiter, type RateDecision } from './rate-limiter.js';

export interface RateLimitOptions {
  graphqlEndpoint: string;
  /** Requests per minute per client; 0 turns the limit off. */
  perMinute: number;
  /** Sensitive account operations per minute per IP; 0 turns the limit off. */
  authPerMinute: number;
  /** Proxies in front of the gateway whose X-Forwarded-For entries are trusted (0: none). */
  trustedProxies?: number;
  /** Builds the limiter for a rate (default: in memory; with REDIS_URL, shared by every instance). */
  limiter?: (perMinute: number, name: string) => Limiter;
}

export const STRICT_FIELDS = new Set(['mobileLogin', 'mobileRegister', 'mobileForgotPassword']);

const rateLimited = (retryAfter: number) =>
  new GraphQLError(`Too many requests: retry in ${retryAfter} s`, {
    extensions: { code: 'RATE_LIMITED', retryAfter, http: { status: 429, headers: { 'retry-after': String(retryAfter) } } },
  });

/** Root field names, looking through inline fragments and fragment spreads (a field cannot hide in one). */
function rootFieldNames(document: DocumentNode, selectionSet: SelectionSetNode, seen = new Set<string>()): string[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [selection.name.value];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFieldNames(document, selection.selectionSet, seen);
    if (seen.has(selection.name.value)) return [];
    seen.add(selection.name.value);
    const fragment = document.definitions.find((d) => d.kind === Kind.FRAGMENT_DEFINITION && d.name.value === selection.name.value);
    return fragment?.kind === Kind.FRAGMENT_DEFINITION ? rootFieldNames(document, fragment.selectionSet, seen) : [];
  });
}

const inMemory = (perMinute: number) => new RateLimiter(perMinute);

export function useRateLimit({ graphqlEndpoint, perMinute, authPerMinute, trustedProxies = 0, limiter = inMemory }: RateLimitOptions): Plugin {
  const general = limiter(perMinute, 'general');
  const strict = limiter(authPerMinute, 'auth');
  // Hooks stay synchronous unless a decision is pending (the Redis limiter): an async hook costs
  // every request a few promise turns before execution, even when it has nothing to do.
  return {
    onRequest({ request, url, serverContext, endResponse }) {
      if (!general.enabled || url.pathname !== graphqlEndpoint) return;
      return whenDecided(general.take(clientKey(request, serverContext, trustedProxies)), (decision) => {
        if (decision.allowed) return;
        rejectedRequests.inc({ reason: 'rate' });
        const body = { errors: [{ message: `Too many requests: retry in ${decision.retryAfter} s`, extensions: { code: 'RATE_LIMITED', retryAfter: decision.retryAfter } }] };
        endResponse(
          new Response(JSON.stringify(body), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': String(decision.retryAfter) },
          }),
        );
      });
    },
    onExecute({ args, setResultAndStopExecution }) {
      if (!strict.enabled) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      if (!rootFieldNames(args.document, operation.selectionSet).some((name) => STRICT_FIELDS.has(name))) return;
      // Keyed by IP, not credential: a brute-forcing caller could rotate made-up tokens.
      return whenDecided(strict.take(`ip:${clientAddress(args.contextValue, trustedProxies)}`), (decision) => {
        if (decision.allowed) return;
        rejectedRequests.inc({ reason: 'auth-rate' });
        setResultAndStopExecution({ data: null, errors: [rateLimited(decision.retryAfter)] });
      });
    },
  };
}

/** Runs `then` on the decision now when it is already known, else once it is. */
function whenDecided(decision: RateDecision | Promise<RateDecision>, then: (decision: RateDecision) => void): void | Promise<void> {
  return decision instanceof Promise ? decision.then(then) : then(decision);
}
