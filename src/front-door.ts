/**
 * The response cache's front door (docs/benchmarks.md, "Seventh pass"): a
 * warm hit answered in the node:http listener, before Yoga. A hit needs none
 * of Yoga's request pipeline (the Fetch Request and Response, Envelop's
 * phases, every plugin's hooks), which was most of a hit's CPU over HTTP.
 * It answers only
 *
 * - a POST to the GraphQL path with a JSON body of `query` (with `variables`,
 *   `operationName`) of a declared length within the body limit, from a
 *   caller in the anonymous key space (the response cache's own check,
 *   response-cache/key.ts), asking for JSON (Accept read as Yoga reads it);
 * - whose answer is fresh in this process's store, under the key the plugin
 *   keeps it under (the same entry, evicted and expired the same way);
 * - once the rate limit admits it (the same token Yoga's path takes);
 *
 * and sends what Yoga's path sends for that hit: the stored bytes with the
 * Content-Type Yoga picks, `private, no-store`, the CORS headers Yoga's own
 * function gives the Origin. Everything else goes to Yoga untouched: a miss,
 * a refusal by the rate limit (Yoga answers it from the same decision),
 * another method, path, content type or member, a credential, a compressed
 * body, If-None-Match, an event stream or multipart Accept. A body read here
 * goes along as `req.body`, which whatwg-node's adapter takes as the body.
 *
 * Only where Yoga's answer to a hit is exactly that: not with Redis (a
 * look-up is a promise there), tracing (a hit has its span), EXPOSE_COST (a
 * hit says its cost is 0) or trusted documents (which may refuse query text).
 */
import type { IncomingMessage, OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { getCORSHeadersByRequestAndOptions, type CORSOptions } from '@whatwg-node/server';
import type { Config } from './config.js';
import { newRequestId, type HeaderSource } from './context.js';
import type { Logger } from './logger.js';
import { countResponseCache } from './metrics.js';
import { NO_STORE } from './plugins/use-cache-headers.js';
import { TOKEN_HEADER } from './plugins/use-graphql-sse.js';
import type { RequestAdmission } from './plugins/use-rate-limit.js';
import { responseCacheKey, sessionOf } from './plugins/response-cache/key.js';
import { storedJsonOf, type ResponseStore } from './plugins/response-cache/store.js';
import { dataOnlyText } from './plugins/response-cache/stringify-stored.js';
import type { Gateway } from './yoga.js';

export interface FrontDoor {
  endpoint: string;
  /** MAX_BODY_BYTES: a longer body is left to Yoga, which refuses it. */
  maxBodyBytes: number;
  store: ResponseStore;
  admission: RequestAdmission;
  /** Yoga's CORS options, for the headers of an answer to a request with an Origin. */
  cors: CORSOptions | false;
  logger: Logger;
}

const doors = new WeakMap<Gateway, FrontDoor>();

/** Whether a hit's answer through Yoga is only what the front door sends (see the module's comment). */
export function frontDoorApplies(config: Config, store: ResponseStore | undefined): store is ResponseStore {
  return store?.inProcess === true && !config.tracing && !config.exposeCost && config.persistedDocuments.path === undefined;
}

/** Puts the front door before `yoga` wherever `gatewayListener` serves it. */
export function installFrontDoor(yoga: Gateway, door: FrontDoor): void {
  doors.set(yoga, door);
}

/** The node:http listener for the gateway: its front door, where it has one, then `next` (Yoga itself). */
export function gatewayListener(yoga: Gateway, next: RequestListener = yoga): RequestListener {
  const door = doors.get(yoga);
  return door ? withFrontDoor(door, next) : next;
}

/** `next` behind the front door `door` (exported for tests; the gateway's listener is `gatewayListener`). */
export function withFrontDoor(door: FrontDoor, next: RequestListener): RequestListener {
  return (req, res) => {
    const mediaType = candidateMediaType(req, door);
    if (mediaType === undefined) return next(req, res);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    // The caller left mid-body (the socket is gone): nobody to answer, here or in Yoga.
    req.once('error', () => (chunks.length = 0));
    req.once('end', () => {
      const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
      if (answered(req, res, body, mediaType, door)) return;
      (req as IncomingMessage & { body?: ReadBody }).body = readBody(body);
      next(req, res);
    });
  };
}

/** A body read here, as whatwg-node's adapter takes one from `req.body`: an async iterable of its bytes. */
interface ReadBody extends AsyncIterable<Buffer> {
  readonly byteLength: number;
}

/**
 * Not the Buffer itself: the adapter takes `req.body` only after `Object.keys(body).length > 0`, which for a
 * Buffer lists every byte (174 ms for 1 MiB). One own key here; its iterator answers synchronously, so the
 * Fetch body collects it without a promise turn where it can (Node 20; Node 22's Array.fromAsync awaits).
 */
function readBody(bytes: Buffer): ReadBody {
  return {
    byteLength: bytes.length,
    [Symbol.asyncIterator]() {
      let done = false;
      const next = () => (done ? { done: true as const, value: undefined } : ((done = true), { done: false as const, value: bytes }));
      return { next } as unknown as AsyncIterator<Buffer>;
    },
  };
}

/** Yoga's test for a JSON body (the first of a list, `application/json` exact or followed by `;`), narrowed to UTF-8. */
const JSON_BODY = /^application\/json(;\s*charset=("?)utf-8\2\s*)?$/i;
const isJsonBody = (contentType: string | undefined) =>
  contentType?.startsWith('application/json') === true && JSON_BODY.test(contentType.split(',')[0]!);
const DECIMAL = /^[1-9]\d*$/;
/** Headers that make Yoga (or a plugin) answer otherwise than with a plain hit, or that the front door does not read. */
const LEFT_TO_YOGA = ['content-encoding', 'transfer-encoding', 'if-none-match', 'if-modified-since', 'upgrade', 'expect', TOKEN_HEADER];

/** The media type a hit would go out as, when the request is one the front door may answer; else undefined. */
function candidateMediaType(req: IncomingMessage, door: FrontDoor): string | undefined {
  if (req.method !== 'POST' || req.url !== door.endpoint) return undefined;
  const headers = req.headers;
  const length = headers['content-length'];
  if (length === undefined || !DECIMAL.test(length) || Number(length) > door.maxBodyBytes) return undefined;
  if (!isJsonBody(headers['content-type'])) return undefined;
  if (LEFT_TO_YOGA.some((name) => headers[name] !== undefined)) return undefined;
  if (sessionOf(headerSourceOf(req)) !== null) return undefined;
  return jsonMediaTypeOf(headers.accept);
}

/**
 * The media type Yoga's result processors give a single result for this Accept, when it is JSON: the first
 * listed type (charset utf-8 or none) that application/json or application/graphql-response+json matches,
 * application/json where both do (`*` + `/*`). An event stream or multipart anywhere in it is left to Yoga.
 */
function jsonMediaTypeOf(accept: string | undefined): string | undefined {
  // A client sends the same few Accept values: each is read once (a caller sending a new one each time only clears this).
  const key = accept ?? '';
  if (mediaTypes.has(key)) return mediaTypes.get(key);
  if (mediaTypes.size >= MEDIA_TYPES_KEPT) mediaTypes.clear();
  const mediaType = readAccept(accept);
  mediaTypes.set(key, mediaType);
  return mediaType;
}

const MEDIA_TYPES_KEPT = 64;
const mediaTypes = new Map<string, string | undefined>();

function readAccept(accept: string | undefined): string | undefined {
  const asked = (accept || '*/*').replace(/\s/g, '').toLowerCase();
  if (asked.includes('text/event-stream') || asked.includes('multipart/')) return undefined;
  for (const entry of asked.split(',')) {
    const [type = '', ...params] = entry.split(';');
    if ((params.find((param) => param.includes('charset=')) ?? 'charset=utf-8') !== 'charset=utf-8') continue;
    const [main, sub] = type.split('/');
    const matches = (offered: string) => (main === '*' || main === 'application') && (sub === '*' || sub === offered);
    if (matches('json')) return 'application/json';
    if (matches('graphql-response+json')) return 'application/graphql-response+json';
  }
  return undefined;
}

interface Operation {
  documentString: string;
  operationName?: string | null;
  variableValues?: Record<string, unknown> | null;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The operation of a body of query text, variables and operation name and nothing else; else undefined. */
function operationOf(body: Buffer): Operation | undefined {
  let params: unknown;
  try {
    params = JSON.parse(body.toString('utf8'));
  } catch {
    return undefined; // Yoga answers it 400, with its own words
  }
  if (!isPlainObject(params)) return undefined;
  const { query, variables, operationName } = params;
  for (const name in params) if (name !== 'query' && name !== 'variables' && name !== 'operationName') return undefined;
  if (typeof query !== 'string' || query === '') return undefined;
  if (variables != null && !isPlainObject(variables)) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  return { documentString: query, operationName: operationName as string | null | undefined, variableValues: variables };
}

/** Answers the request from the store when it holds a fresh answer and the rate limit admits the caller; false otherwise. */
function answered(req: IncomingMessage, res: ServerResponse, body: Buffer, mediaType: string, door: FrontDoor): boolean {
  const operation = operationOf(body);
  if (!operation) return false;
  const stored = door.store.get(responseCacheKey({ ...operation, sessionId: null }));
  if (stored === undefined || stored instanceof Promise) return false;
  const json = storedJsonOf(stored.data);
  if (json === undefined) return false;
  const request = headerSourceOf(req);
  if (door.admission.enabled) {
    const decision = door.admission.admitEarly(request, { req, res });
    // Refused, or decided later (Redis): Yoga answers from the same decision.
    if (decision instanceof Promise || !decision.allowed) return false;
  }
  countResponseCache('hit');
  const text = dataOnlyText(json);
  // Named and ordered as Yoga's path writes them.
  const headers: OutgoingHttpHeaders = { 'Content-Type': `${mediaType}; charset=utf-8`, 'content-length': Buffer.byteLength(text) };
  const cors = getCORSHeadersByRequestAndOptions(request as Request, door.cors);
  if (cors) for (const name in cors) headers[name.toLowerCase()] = cors[name as keyof typeof cors];
  headers['cache-control'] = NO_STORE;
  res.writeHead(200, headers);
  res.end(text);
  if (door.logger.isLevelEnabled('debug'))
    door.logger.debug({ requestId: newRequestId(request) }, 'response cache: hit answered before Yoga');
  return true;
}

/** A Node request's headers as a Fetch Request reads them (whatwg-node's adapter reads the same object). */
function headerSourceOf(req: IncomingMessage): HeaderSource {
  return {
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
}
