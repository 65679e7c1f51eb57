/**
 * Cache-Control on GraphQL responses, public only where that is safe: a
 * query whose every root field is public reference data (the data the
 * gateway itself caches across requests, src/reference-data.ts), sent with no
 * credential at all, answered without errors, may be cached by anyone for the
 * reference TTL. Every other response is `private, no-store`: it may hold
 * what a credential unlocked, and a shared cache must never hand it to
 * another caller (README, "Credentials"). The response cache
 * (use-response-cache.ts) sets its own public headers on the answers it
 * shares, before this plugin, which leaves a response that already has them.
 */
import { getOperationAST, type DocumentNode, type ExecutionArgs, type ExecutionResult, type OperationDefinitionNode } from 'graphql';
import { isAsyncIterable, type Plugin } from 'graphql-yoga';
import type { ReferenceUse } from '../reference-data.js';

export interface CacheHeadersOptions {
  /** Seconds a public response may be reused (the reference TTL); 0 makes every response no-store. */
  maxAgeSeconds: number;
  /** Root fields that read only public reference data. */
  publicRootFields?: ReadonlySet<string>;
}

export const PUBLIC_REFERENCE_FIELDS: ReadonlySet<string> = new Set([
  '__typename',
  'categories',
  'apiScopes',
  'webhookEventTypes',
  'languages',
  'currencies',
  'countries',
  'locale',
  'theme',
]);

const CREDENTIAL_HEADERS = ['authorization', 'x-seo-api-key', 'x-items-api-key', 'cookie'];
/** What every answer that is not public says (a response cache hit on a POST of query text among them: src/front-door.ts). */
export const NO_STORE = 'private, no-store';
/** Only a JSON body is public: an event stream or multipart body of the same query must never reach a JSON caller from a cache. */
const SHAREABLE_BODY = /^application\/(graphql-response\+)?json\b/;

/** Decided once per parsed operation (Yoga caches documents, and their operations with them), not per request. */
type ReferenceOnlyCache = WeakMap<OperationDefinitionNode, boolean>;

function readsOnlyReferenceData(
  document: DocumentNode,
  operationName: string | null | undefined,
  fields: ReadonlySet<string>,
  known: ReferenceOnlyCache,
): boolean {
  const operation = getOperationAST(document, operationName);
  if (!operation || operation.operation !== 'query') return false;
  let answer = known.get(operation);
  // Fragments at the root could hide any field: only plain root fields count.
  if (answer === undefined)
    known.set(operation, (answer = operation.selectionSet.selections.every((s) => s.kind === 'Field' && fields.has(s.name.value))));
  return answer;
}

/** The seconds left of the reference entries an answer was built from (read at any age up to the TTL), at most the TTL. */
function secondsLeft(uses: readonly ReferenceUse[], maxAgeSeconds: number): number {
  const until = Math.min(...uses.map((use) => use.until));
  return Number.isFinite(until) ? Math.min(maxAgeSeconds, Math.floor((until - Date.now()) / 1000)) : maxAgeSeconds;
}

/**
 * What a public answer varies by, for a cache in front of the gateway (this plugin's reference answers and the
 * response cache's, use-response-cache.ts): a caller with a credential has its own key space, the same data goes out
 * as `application/json` or `application/graphql-response+json` as Accept asks, and with CORS_ORIGINS its CORS headers
 * follow the Origin. Yoga's CORS adds `Vary: Origin` only to an allowed origin's answer: the one to no Origin, or a
 * refused one, kept by a CDN would reach the app's browsers without their Access-Control-Allow-Origin. Named always:
 * without CORS an Origin changes nothing, and costs a cache little.
 */
export const SHARED_VARY = 'accept, authorization, x-seo-api-key, x-items-api-key, origin';

export function useCacheHeaders({ maxAgeSeconds, publicRootFields = PUBLIC_REFERENCE_FIELDS }: CacheHeadersOptions): Plugin {
  // One request may run several operations (a batched body): public only if every one of them is.
  const publicRequests = new WeakMap<Request, boolean>();
  // What each public candidate's operations read of the reference data: the answer is kept no longer than the first expiry.
  const referenceUses = new WeakMap<Request, ReferenceUse[]>();
  const referenceOnly: ReferenceOnlyCache = new WeakMap();
  // One hook object for every request: the request is read from the execution's context, no closure per request.
  const afterExecution = {
    onExecuteDone({ args, result }: { args: ExecutionArgs; result: ExecutionResult | AsyncIterable<ExecutionResult> }) {
      // A result in parts (@stream on a reference list) is never cached: its errors are not known yet.
      if (isAsyncIterable(result) || (result.errors?.length ?? 0) > 0)
        publicRequests.set((args.contextValue as { request: Request }).request, false);
    },
  };
  return {
    onExecute({ args }) {
      const request = (args.contextValue as { request: Request }).request;
      // The document first: most are not reference-only, and then the credential headers need no look.
      const candidate =
        maxAgeSeconds > 0 &&
        readsOnlyReferenceData(args.document, args.operationName, publicRootFields, referenceOnly) &&
        !CREDENTIAL_HEADERS.some((name) => request.headers.has(name));
      publicRequests.set(request, candidate && publicRequests.get(request) !== false);
      if (!candidate) return undefined;
      const use = (args.contextValue as { referenceUse?: ReferenceUse }).referenceUse;
      const uses = referenceUses.get(request);
      if (use && uses) uses.push(use);
      else if (use) referenceUses.set(request, [use]);
      // Only a public candidate's errors can change anything: any other request is private already.
      return afterExecution;
    },
    onResponse({ request, response }) {
      if (response.headers.has('cache-control')) return;
      const candidate = publicRequests.get(request) === true && SHAREABLE_BODY.test(response.headers.get('content-type') ?? '');
      const maxAge = candidate ? secondsLeft(referenceUses.get(request) ?? [], maxAgeSeconds) : 0;
      const isPublic = maxAge > 0;
      response.headers.set('cache-control', isPublic ? `public, max-age=${maxAge}` : NO_STORE);
      // Appended: with CORS, an allowed origin's answer already says Vary: Origin.
      if (isPublic) response.headers.append('vary', SHARED_VARY);
    },
  };
}
