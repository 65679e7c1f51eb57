/**
 * The response cache (docs/caching.md, "The response cache"): an operation
 * whose answer cannot depend on who asks is answered whole from a cache,
 * without parsing, validating or executing it, and without any upstream call.
 * Built on `@graphql-yoga/plugin-response-cache`; what is ours:
 *
 * - Which answers may be shared, by construction: the document's plan
 *   (response-cache/operation-plan.ts, once per document) and the request's
 *   own record of the upstream answers it used (every one a kept public answer,
 *   public-cache/public-reads.ts). A caller with a credential has its own key
 *   space, where only answers no credential could change are stored.
 * - The lifetime: the shortest freshness among those upstream answers (their
 *   Cache-Control, else PUBLIC_CACHE_TTL_MS), and at most REFERENCE_CACHE_TTL_MS
 *   where reference data was read.
 * - Eviction: the answer is stored with the tags of the upstream resources it
 *   was built from, which the marketplace webhooks evict (src/yoga.ts).
 * - HTTP: on GET and persisted-document requests a shared answer goes out with
 *   `Cache-Control: public, max-age=<remaining>`, a strong `ETag` of its data
 *   and `Vary` on the credential headers, and a matching `If-None-Match` gets
 *   `304`. Anything else is left to use-cache-headers.ts (`private, no-store`).
 */
import { useResponseCache as useYogaResponseCache } from '@graphql-yoga/plugin-response-cache';
import { handleMaybePromise } from '@whatwg-node/promise-helpers';
import { hash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { isAsyncIterable, processRegularResult, type Plugin } from 'graphql-yoga';
import type { GatewayContext } from '../context.js';
import { countResponseCache, rejectedRequests } from '../metrics.js';
import { documentIdOf } from './use-trusted-documents.js';
import { planOf, type OperationPlan } from './response-cache/operation-plan.js';
import { stringifyStored } from './response-cache/stringify-stored.js';
import { storedJsonOf, type ResponseStore } from './response-cache/store.js';
import { responseCacheKey, sessionOf } from './response-cache/key.js';
import { jsonMediaTypeOf } from '../front-door-request.js';
import { SHARED_VARY } from './use-cache-headers.js';

export interface ResponseCacheOptions {
  store: ResponseStore;
  /** REFERENCE_CACHE_TTL_MS: how old reference data read by an operation may already be. */
  referenceTtlMs: number;
}

/** Headers the store puts on a shared answer (store.ts); only GET and persisted-document answers keep them. */
const STORE_HEADERS = ['ETag', 'Expires', 'Last-Modified'];

const mayShare = (plan: OperationPlan, request: Request) => plan.shareable && !(plan.anonymousOnly && sessionOf(request) !== null);

type HttpResult = { extensions?: { http?: { headers?: Record<string, string>; status?: number } } & Record<string, unknown> } & Record<
  string,
  unknown
>;

/** The mark `@graphql-yoga/plugin-response-cache` puts on a result it answered from the cache. */
const SERVED_FROM_CACHE = Symbol.for('servedFromResponseCache');

/** Requests that named a persisted document (`documentId`, an APQ hash): seen before the persisted-query plugins replace it by its text. */
const persistedRequests = new WeakSet<Request>();

/**
 * Placed before the persisted-query plugins (src/yoga.ts): notes the requests that name a document rather than send
 * its text. One that sends text beside an id (APQ's registration, or any id with it) is a POST of text: private.
 */
export function useNotePersistedRequests(): Plugin {
  return {
    onParams({ params, request }) {
      if (params === null || typeof params !== 'object') return;
      const { query } = params as { query?: unknown };
      if (typeof query === 'string' && query !== '') return;
      if (documentIdOf(params as never, request) !== null) persistedRequests.add(request);
    },
  };
}

export function useResponseCache({ store, referenceTtlMs }: ResponseCacheOptions): Plugin[] {
  const now = store.now;
  const plans = new WeakMap<object, OperationPlan>();
  const keys = new WeakMap<object, string>();
  /** Each execution's mark in the store's evictions, taken before it reads anything. */
  const begun = new WeakMap<object, number>();

  // Before the response cache's own onExecute, so its `enabled` sees the plan (and an unshareable operation
  // is executed as if the cache were not there: no rewritten document, no walk of its result).
  const planner: Plugin<GatewayContext> = {
    onExecute({ args }) {
      plans.set(args.contextValue, planOf(args.schema, args.document, args.operationName));
      begun.set(args.contextValue, store.mark());
    },
  };

  const {
    onParams: lookUp,
    onRequest: _keyAsEtag,
    onPluginInit: addEnvelopResponseCache,
    ...responseCache
  } = useYogaResponseCache<GatewayContext>({
    cache: store,
    session: sessionOf,
    // Before execution nothing is known of the document: look it up (only what was allowed was ever stored).
    // At execution, an operation that never passed onParams (graphql-ws runs them directly) has no key: not cached.
    enabled: (request, context) => {
      const plan = context && plans.get(context);
      return plan === undefined || (keys.has(context) && mayShare(plan, request));
    },
    buildResponseCacheKey: (params) => {
      const key = keyOrRefusal(params);
      keys.set(params.context as object, key);
      return key;
    },
    // Our webhooks say what changed; a mutation's result says nothing about which public answers it touched.
    invalidateViaMutation: false,
    // Entities are not how answers are evicted here (the upstream resources' tags are): no id field is added to the document.
    idFields: [],
    onTtl: ({ context: plain }) => {
      const context = plain as GatewayContext;
      const lifetime = lifetimeOf(context, now());
      const key = keys.get(context);
      if (lifetime > 0 && key !== undefined) store.stage(key, context.publicReads.tags, begun.get(context) ?? -1);
      return lifetime;
    },
    includeExtensionMetadata: false,
  });

  function lifetimeOf(context: GatewayContext, at: number): number {
    const plan = plans.get(context);
    if (!plan || !mayShare(plan, context.request)) return 0;
    const lifetime = context.publicReads.lifetimeAt(at);
    // Reference data (src/reference-data.ts) may have been read at any age up to its TTL: only what is left of it counts.
    return plan.readsReference ? Math.min(lifetime, referenceTtlMs, context.referenceUse.until - at) : lifetime;
  }

  const answering: Plugin = {
    ...responseCache,
    // Envelop's plugin, which executes a missed operation and stores its answer, looks its key up again first. Only
    // an operation whose look-up below missed gets there (a hit is never executed; one without a key is not cached),
    // so that second look-up is a miss unasked: one round trip to Redis per miss, not two.
    onPluginInit(init) {
      addEnvelopResponseCache!({
        ...init,
        addPlugin: (plugin) => init.addPlugin(lookingUpAfterMiss(plugin as Plugin)),
      });
    },
    // The look-up runs where the operation would run (the params handler), after every onParams hook: an
    // operation another plugin already answered (a refused or unknown persisted document) is never looked up.
    onParams({ setParamsHandler, paramsHandler }) {
      setParamsHandler((input) => {
        const { request, params, context } = input;
        let hit: ReturnType<typeof paramsHandler> | undefined;
        const answered = (result: unknown) => void (hit = result as typeof hit);
        // A request the front door looked up in Redis and missed is not looked up again (src/front-door.ts).
        const missed = store.missedFor((context as { req?: object }).req);
        return handleMaybePromise(
          () => store.lookingUp(missed, () => lookUp!({ params, request, context, setResult: answered } as never)),
          () => {
            countResponseCache(hit ? 'hit' : 'miss');
            return hit ?? paramsHandler(input);
          },
        );
      });
    },
    onResultProcess({ request, result, resultProcessor, setResult, setResultProcessor }) {
      if (Array.isArray(result) || isAsyncIterable(result)) return;
      const single = result as HttpResult;
      const headers = single.extensions?.http?.headers;
      if (!headers || !STORE_HEADERS.some((name) => name in headers)) return;
      const overHttp = request.method === 'GET' || persistedRequests.has(request);
      if (!overHttp) {
        const answer = plainAnswerOf(single, headers);
        if (answer) {
          setResult(answer);
          return;
        }
      }
      const others = Object.fromEntries(Object.entries(headers).filter(([name]) => !STORE_HEADERS.includes(name)));
      // Only as JSON (Yoga's regular processor, chosen before this hook from Accept): an event stream or multipart
      // body of the same data must never reach, from a cache in front, a caller who asked for JSON.
      const publicJson = overHttp && resultProcessor === processRegularResult;
      const body = {
        mediaType: jsonMediaTypeOf(request.headers.get('accept') ?? undefined) ?? 'application/json',
        cost: single.extensions?.cost,
      };
      const shared = publicJson ? sharedHeadersOf(headers, now(), body, others) : undefined;
      if (!shared) {
        // Not stored (the plugin's own ETag is its cache key), a POST of query text, not JSON, or an answer at the
        // end of its life: no validator goes out, and use-cache-headers.ts says private, no-store.
        setResult(withHeaders(single, others));
        return;
      }
      if (matches(request.headers.get('if-none-match'), shared.ETag!)) {
        setResultProcessor((_result, fetchAPI) => new fetchAPI.Response(null, { status: 304, headers: shared }), 'application/json');
        return;
      }
      setResult(withHeaders(single, shared));
    },
  };
  return [planner as Plugin, answering];

  /** Envelop's plugin with its onExecute (synchronous up to its `get`) run knowing the execution's key missing. */
  function lookingUpAfterMiss(plugin: Plugin): Plugin {
    const onExecute = plugin.onExecute;
    if (!onExecute) return plugin;
    return { ...plugin, onExecute: (payload) => store.lookingUp(keys.get(payload.args.contextValue as object), () => onExecute(payload)) };
  }
}

/** The key, or the key's refusal (variables nested too deeply), counted here: the front door, which asks first, hands it on uncounted. */
function keyOrRefusal(params: Parameters<typeof responseCacheKey>[0]): string {
  try {
    return responseCacheKey(params);
  } catch (error) {
    if (error instanceof GraphQLError) rejectedRequests.inc({ reason: 'nesting' });
    throw error;
  }
}

/**
 * The headers a kept answer goes out with where it is public (GET or a persisted document, as JSON): its validator,
 * `public, max-age=<seconds left at>` and Vary. Undefined where none goes out: not stored, or at the end of its life
 * (use-cache-headers.ts then says private, no-store). Asked by the front door (src/front-door.ts) too. The entry's
 * ETag (a hash of its data) is told apart by what else makes the bytes differ (`body`): the media type the answer
 * goes out as (`Vary: accept`), and the cost it says (EXPOSE_COST). A strong validator stands for one body (RFC 9110
 * 8.8.1): a cache in front that revalidates its application/json copy must not get a 304 for the other.
 */
export function sharedHeadersOf(
  headers: Record<string, string>,
  at: number,
  body: { mediaType: string; cost?: unknown },
  others: Record<string, string> = {},
): Record<string, string> | undefined {
  const remaining = headers.Expires ? Math.floor((Date.parse(headers.Expires) - at) / 1000) : 0;
  if (!headers.ETag || remaining <= 0) return undefined;
  const shared: Record<string, string> = {
    ...others,
    ETag: `"${headers.ETag.replaceAll('"', '')}-${variantTag(body)}"`,
    Expires: headers.Expires!,
    'Cache-Control': `public, max-age=${remaining}`,
    Vary: SHARED_VARY,
  };
  if (headers['Last-Modified']) shared['Last-Modified'] = headers['Last-Modified'];
  return shared;
}

/** The ETag's suffix for a media type (one of two: hashed once each) and, with EXPOSE_COST, the cost (hashed each time). */
function variantTag({ mediaType, cost }: { mediaType: string; cost?: unknown }): string {
  const tagOf = (variant: string) => hash('sha256', variant, 'base64url').slice(0, 8);
  if (cost !== undefined) return tagOf(`${mediaType} ${JSON.stringify(cost)}`);
  let tag = mediaTypeTags.get(mediaType);
  if (tag === undefined) mediaTypeTags.set(mediaType, (tag = tagOf(mediaType)));
  return tag;
}
/** By media type: only the two JSON types jsonMediaTypeOf gives reach it. */
const mediaTypeTags = new Map<string, string>();

/**
 * What a hit on an entry of this process's store sends where no validator goes out (a POST of query text): the
 * same for every hit on that entry, so built on the first and kept with the entry (by its extensions object, which
 * the plugin's copy of the entry shares), not built again per hit. Undefined for anything else: a result another
 * plugin changed (errors, extensions such as the cost, or headers added; its data replaced). An entry read from Redis
 * is a new object each time: built for each hit.
 */
const plainAnswers = new WeakMap<object, HttpResult>();

function plainAnswerOf(result: HttpResult, headers: Record<string, string>): HttpResult | undefined {
  const extensions = result.extensions;
  if (!extensions || !(SERVED_FROM_CACHE in result) || storedJsonOf(result.data) === undefined) return undefined;
  for (const key in result) if (key !== 'data' && key !== 'extensions') return undefined;
  for (const key in extensions) if (key !== 'http') return undefined;
  for (const name in headers) if (!STORE_HEADERS.includes(name)) return undefined;
  let answer = plainAnswers.get(extensions);
  if (answer === undefined) plainAnswers.set(extensions, (answer = withHeaders(result, {})));
  return answer.data === result.data ? answer : undefined;
}

/**
 * The result with these HTTP headers (a copy: a cached result is shared by every hit). A hit whose data this
 * process stored goes out as the text it was stored as (`stringify`, which Yoga's result processor calls in place
 * of JSON.stringify), so the answer is serialised once, when it is kept, not once per hit.
 */
function withHeaders(result: HttpResult, headers: Record<string, string>): HttpResult {
  const { http, ...extensions } = result.extensions ?? {};
  const next = { ...extensions, ...(Object.keys(headers).length > 0 || http?.status ? { http: { ...http, headers } } : {}) };
  const json = SERVED_FROM_CACHE in result ? storedJsonOf(result.data) : undefined;
  return {
    ...result,
    extensions: Object.keys(next).length > 0 ? next : undefined,
    ...(json !== undefined && { stringify: stringifyStored(result.data, json) }),
  } as HttpResult;
}

/** If-None-Match (RFC 9110 13.1.2): `*`, or a list of entity tags compared weakly. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
