/**
 * Rate limits (code RATE_LIMITED, README "Errors"). Every GraphQL request
 * over HTTP, and every operation over WebSocket, takes a token from its
 * client's bucket (normalised credential, else address) and one from its
 * address's bucket, so rotating made-up credentials buys nothing beyond the
 * address's allowance. HTTP pays before the body is parsed; a WebSocket
 * operation pays when its context is built, which websocket.ts does before
 * parsing. The account operations an attacker would brute-force
 * (mobileLogin, mobileRegister, mobileForgotPassword) also take one token
 * per field occurrence (aliases, fragments, batch entries) from a much
 * smaller per-address bucket before execution. Every refusal makes no
 * upstream call and says when to retry.
 */
import {
  GraphQLError,
  Kind,
  getOperationAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { rejectedRequests } from '../metrics.js';
import { clientAddress, clientKey } from './client-key.js';
import type { HeaderSource } from '../context.js';
import { pathOf } from './request-router.js';
import { RateLimiter, type Limiter, type RateDecision } from '../rate-limit/limiter.js';

export interface RateLimitOptions {
  graphqlEndpoint: string;
  /** Requests per minute per client; 0 turns the limit off. */
  perMinute: number;
  /** Requests per minute per address, whatever credentials they carry (default 5 × perMinute); 0 turns it off. */
  perAddressPerMinute?: number;
  /** Sensitive account operations per minute per address; 0 turns the limit off. */
  authPerMinute: number;
  /** Proxies in front of the gateway whose X-Forwarded-For entries are trusted (0: none). */
  trustedProxies?: number;
  /** Builds the limiter for a rate (default: in memory; with REDIS_URL, shared by every instance). */
  limiter?: (perMinute: number, name: string) => Limiter;
}

/** What websocket.ts puts in an operation's initial context: rate limits apply per operation there. */
export interface WebSocketOperationContext {
  overWebSocket: true;
  /** The upgrade request: its socket's address (and X-Forwarded-For) identify the caller. */
  req: unknown;
  request: Request;
}

export const STRICT_FIELDS = new Set(['mobileLogin', 'mobileRegister', 'mobileForgotPassword']);

export const rateLimited = (retryAfter: number) =>
  new GraphQLError(`Too many requests: retry in ${retryAfter} s`, {
    extensions: { code: 'RATE_LIMITED', retryAfter, http: { status: 429, headers: { 'retry-after': String(retryAfter) } } },
  });

/** Occurrences of strict root fields, through inline fragments and spreads (each spread counts again). */
function countStrictFields(document: DocumentNode, selectionSet: SelectionSetNode): number {
  const fragments = new Map(
    document.definitions.filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION).map((d) => [d.name.value, d]),
  );
  // Memoised per fragment, so nested spreads cannot make the count exponential; a cycle (invalid anyway) counts 0.
  const perFragment = new Map<string, number>();
  const count = (set: SelectionSetNode): number =>
    set.selections.reduce((sum, selection) => {
      if (selection.kind === Kind.FIELD) return sum + (STRICT_FIELDS.has(selection.name.value) ? 1 : 0);
      if (selection.kind === Kind.INLINE_FRAGMENT) return sum + count(selection.selectionSet);
      const name = selection.name.value;
      if (!perFragment.has(name)) {
        perFragment.set(name, 0);
        const fragment = fragments.get(name);
        perFragment.set(name, fragment ? count(fragment.selectionSet) : 0);
      }
      return sum + perFragment.get(name)!;
    }, 0);
  return count(selectionSet);
}

/** Strict fields of each mutation, counted once per operation and kept as long as its parsed document. */
const strictCounts = new WeakMap<OperationDefinitionNode, number>();

function strictFieldsOf(document: DocumentNode, operation: OperationDefinitionNode): number {
  let count = strictCounts.get(operation);
  if (count === undefined) strictCounts.set(operation, (count = countStrictFields(document, operation.selectionSet)));
  return count;
}

const ALLOWED: RateDecision = { allowed: true, retryAfter: 0 };
const inMemory = (perMinute: number) => new RateLimiter(perMinute);

/**
 * The per-request buckets (client, then address), built once per endpoint and asked by this plugin's onRequest
 * and by the response cache's front door (src/front-door.ts), which answers some requests before Yoga sees them.
 */
export interface RequestAdmission {
  readonly enabled: boolean;
  /** A new decision each time: each operation over one WebSocket pays its own. */
  admit(request: HeaderSource, serverContext: unknown): RateDecision | Promise<RateDecision>;
  /** A decision the front door keeps with the Node request (`serverContext.req`), for `admitRequest` if it hands the request on. */
  admitEarly(request: HeaderSource, serverContext: { req: object; res?: object }): RateDecision | Promise<RateDecision>;
  /**
   * An HTTP request's decision: the one the front door took for it, else a new one. A request the front door took a
   * token for and then handed to Yoga is not charged twice, and a refusal the front door saw is answered by Yoga.
   */
  admitRequest(request: HeaderSource, serverContext: unknown): RateDecision | Promise<RateDecision>;
}

export function createRequestAdmission(options: RateLimitOptions): RequestAdmission {
  const { perMinute, trustedProxies = 0, limiter = inMemory } = options;
  const general = limiter(perMinute, 'general');
  const perAddress = limiter(options.perAddressPerMinute ?? 5 * perMinute, 'address');
  const decided = new WeakMap<object, RateDecision | Promise<RateDecision>>();

  /** The address's bucket, then the client's: a refusal by the first takes nothing from the second. */
  const admit = (request: HeaderSource, serverContext: unknown): RateDecision | Promise<RateDecision> => {
    const byClient = () => (general.enabled ? general.take(clientKey(request, serverContext, trustedProxies)) : ALLOWED);
    if (!perAddress.enabled) return byClient();
    return then(perAddress.take(`ip:${clientAddress(serverContext, trustedProxies)}`), (decision) =>
      decision.allowed ? byClient() : decision,
    );
  };
  return {
    enabled: general.enabled || perAddress.enabled,
    admit,
    admitEarly(request, serverContext) {
      const decision = admit(request, serverContext);
      decided.set(serverContext.req, decision);
      return decision;
    },
    admitRequest(request, serverContext) {
      const req = (serverContext as { req?: object } | undefined)?.req;
      return (req !== undefined && decided.get(req)) || admit(request, serverContext);
    },
  };
}

export function useRateLimit(options: RateLimitOptions, admission = createRequestAdmission(options)): Plugin {
  const { graphqlEndpoint, authPerMinute, trustedProxies = 0, limiter = inMemory } = options;
  const strict = limiter(authPerMinute, 'auth');
  const admit = admission.admit;

  // Hooks stay synchronous unless a decision is pending (the Redis limiter): an async hook costs
  // every request a few promise turns before execution, even when it has nothing to do.
  const byRequest: Plugin = {
    onRequest(payload) {
      const { request, serverContext, endResponse } = payload;
      if (pathOf(payload) !== graphqlEndpoint) return;
      return then(admission.admitRequest(request, serverContext), (decision) => {
        if (decision.allowed) return;
        rejectedRequests.inc({ reason: 'rate' });
        const body = {
          errors: [
            {
              message: `Too many requests: retry in ${decision.retryAfter} s`,
              extensions: { code: 'RATE_LIMITED', retryAfter: decision.retryAfter },
            },
          ],
        };
        endResponse(
          new Response(JSON.stringify(body), {
            status: 429,
            headers: { 'content-type': 'application/json', 'retry-after': String(decision.retryAfter) },
          }),
        );
      });
    },
    // A WebSocket operation never passes onRequest: it pays here (websocket.ts builds the context before parsing).
    onContextBuilding({ context }) {
      const operation = context as Partial<WebSocketOperationContext>;
      if (operation.overWebSocket !== true || !operation.request) return;
      return then(admit(operation.request, operation), (decision) => {
        if (decision.allowed) return;
        rejectedRequests.inc({ reason: 'rate' });
        throw rateLimited(decision.retryAfter);
      });
    },
  };
  const byMutation: Plugin = {
    onExecute({ args, setResultAndStopExecution }) {
      const operation = getOperationAST(args.document, args.operationName);
      if (operation?.operation !== 'mutation') return;
      const attempts = strictFieldsOf(args.document, operation);
      if (attempts === 0) return;
      // Keyed by address, not credential: a brute-forcing caller could rotate made-up tokens.
      return then(strict.take(`ip:${clientAddress(args.contextValue, trustedProxies)}`, attempts), (decision) => {
        if (decision.allowed) return;
        rejectedRequests.inc({ reason: 'auth-rate' });
        setResultAndStopExecution({ data: null, errors: [rateLimited(decision.retryAfter)] });
      });
    },
  };
  // A limit that is off (0) installs no hook: with RATE_LIMIT_PER_MINUTE=0 and no per-address limit,
  // requests pay nothing here (the fifth pass of docs/benchmarks.md, "Execution speed").
  return {
    ...(admission.enabled ? byRequest : {}),
    ...(strict.enabled ? byMutation : {}),
  };
}

/** Runs `next` on a value now when it is already known, else once it is. */
function then<T, R>(value: T | Promise<T>, next: (value: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(next) : next(value);
}
