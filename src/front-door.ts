/**
 * The response cache's front door (docs/benchmarks.md, "Seventh pass"): a warm hit answered in the node:http
 * listener, before Yoga. A hit needs none of Yoga's request pipeline (the Fetch Request and Response, Envelop's
 * phases, every plugin's hooks), which was most of a hit's CPU over HTTP. It answers only
 *
 * - a POST to the GraphQL path with a JSON body of `query` or, with trusted documents, a known `documentId` (with
 *   `variables`, `operationName`) of a declared length within the body limit, or a GET of those parameters, from a
 *   caller in the anonymous key space (the response cache's own check, response-cache/key.ts), asking for JSON
 *   (Accept read as Yoga reads it: front-door-request.ts), and never text where only trusted documents run;
 * - whose answer is fresh in the response cache's store, under the key the plugin keeps it under (the same entry,
 *   evicted and expired the same way);
 * - once the rate limit admits it (the same token Yoga's path takes, before the body is read);
 *
 * and sends what Yoga's path sends for that hit: the stored bytes with the Content-Type Yoga picks, `private,
 * no-store` on a POST of text and the public headers on a GET or by document id (use-response-cache.ts's
 * `sharedHeadersOf`), the CORS headers Yoga's own function gives the Origin, and (tracing on) the SERVER span
 * Yoga's path records (use-tracing.ts). Everything else goes to Yoga untouched: a miss, a refusal by the rate limit
 * (Yoga answers it from the same decision), another method, path, content type or parameter, a credential, a
 * compressed body, If-None-Match, a page or an event stream or multipart Accept, and whatever throws while it is
 * read here (variables too deep for the key: Yoga's path answers the same throw). A body read here goes along as
 * `req.body`, which whatwg-node's adapter takes as the body, with the value it was parsed to here, which Yoga's
 * request parser then takes rather than parsing it again (front-door-request.ts, `handOnBody`).
 *
 * With REDIS_URL the rate limit's decision and the look-up are promises, waited for here as Yoga's path waits for
 * them: each is bounded by the command timeout, a failed or timed-out look-up is a miss, and a miss goes to Yoga
 * noted as one (store.ts `noteMissed`), so the request waits on Redis no longer than on Yoga's path. A caller who
 * left meanwhile is handed to nobody. Not with EXPOSE_COST, where Yoga's answer to a hit says its cost is 0.
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
import type { ResponseStore } from './plugins/response-cache/store.js';
import type { TrustedDocuments } from './trusted-documents.js';
import type { StoredText } from './plugins/response-cache/redis-entry.js';
import { dataOnlyText } from './plugins/response-cache/stringify-stored.js';
import { sharedHeadersOf } from './plugins/use-response-cache.js';
import { handOnTraced, noteArrival, recordAnsweredBeforeYoga } from './plugins/use-tracing.js';
import {
  handOnBody,
  headerSourceOf,
  jsonMediaTypeOf,
  jsonOfBody,
  operationOfBody,
  operationOfSearch,
  type Operation,
} from './front-door-request.js';

export { useBodyParsedByFrontDoor } from './front-door-request.js';

export interface FrontDoor {
  endpoint: string;
  /** MAX_BODY_BYTES: a longer body is left to Yoga, which refuses it. */
  maxBodyBytes: number;
  store: ResponseStore;
  admission: RequestAdmission;
  /** PERSISTED_DOCUMENTS, read by their rules: a request they would refuse or read otherwise is Yoga's. */
  trusted?: TrustedDocuments;
  /** Yoga's CORS options, for the headers of an answer to a request with an Origin. */
  cors: CORSOptions | false;
  logger: Logger;
}

// Keyed by the Yoga instance (a request listener itself); typed as one so this module does not import yoga.ts, which imports it.
const doors = new WeakMap<RequestListener, FrontDoor>();

/** Whether a hit's answer through Yoga is only what the front door sends (see the module's comment). */
export function frontDoorApplies(config: Config, store: ResponseStore | undefined): store is ResponseStore {
  return store !== undefined && !config.exposeCost;
}

/** Puts the front door before `yoga` wherever `gatewayListener` serves it. */
export function installFrontDoor(yoga: RequestListener, door: FrontDoor): void {
  doors.set(yoga, door);
}

/** The node:http listener for the gateway: its front door, where it has one, then `next` (Yoga itself). */
export function gatewayListener(yoga: RequestListener, next: RequestListener = yoga): RequestListener {
  const door = doors.get(yoga);
  return door ? withFrontDoor(door, next) : next;
}

/** `next` behind the front door `door` (exported for tests; the gateway's listener is `gatewayListener`). */
export function withFrontDoor(door: FrontDoor, next: RequestListener): RequestListener {
  // No closure here is held in a variable: tsx (esbuild's keepNames) names each such one with defineProperty, per request.
  return (req, res) => {
    const search = req.method === 'GET';
    if (!(search ? searchMayBeAnswered(req, door) : postMayBeAnswered(req, door))) return next(req, res);
    noteArrival(req);
    // The caller's headers as a Fetch Request reads them, built once: the key space, the token and a hit's CORS read them.
    const caller = headerSourceOf(req);
    const mediaType = anonymousMediaType(req, caller);
    // The token before the body, as on Yoga's path: a caller over the limit is refused before its body is read.
    if (
      mediaType === undefined ||
      !guarded(
        req,
        res,
        door,
        () =>
          afterToken(req, res, caller, door, () =>
            search ? answerSearch(req, res, caller, mediaType, door) : readThenAnswer(req, res, caller, mediaType, door, next),
          ),
        () => handOnTraced(req, res, next),
      )
    )
      handOnTraced(req, res, next);
  };
}

/** Reads the admitted POST's body, then answers it or hands it to Yoga with the body read (true: it owns the request now). */
function readThenAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  caller: HeaderSource,
  mediaType: string,
  door: FrontDoor,
  next: RequestListener,
): true {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  // The caller left mid-body (the socket is gone): nobody to answer, here or in Yoga.
  req.once('error', () => (chunks.length = 0));
  req.once('end', () => {
    const body = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    // Parsed once: Yoga takes this value of a body handed on (handOnBody) rather than parsing it again.
    const json = jsonOfBody(body);
    if (
      !guarded(
        req,
        res,
        door,
        () => answerBody(req, res, caller, json, mediaType, door),
        () => handOn(req, res, body, json, next),
      )
    )
      handOn(req, res, body, json, next);
  });
  return true;
}

/** Hands the request to Yoga with the body read here (which whatwg-node's adapter takes as the request's body) and its JSON value. */
function handOn(req: IncomingMessage, res: ServerResponse, body: Buffer, json: unknown, next: RequestListener): void {
  handOnBody(req, body, json);
  handOnTraced(req, res, next);
}

/** Whether the request was answered (true), or will be; a promise where Redis is asked. */
type Verdict = boolean | Promise<boolean>;

const answerSearch = (req: IncomingMessage, res: ServerResponse, caller: HeaderSource, mediaType: string, door: FrontDoor) => {
  const operation = operationOfSearch(req.url!.slice(door.endpoint.length + 1), door.trusted);
  return operation !== undefined && answered(req, res, caller, operation, mediaType, door);
};
const answerBody = (req: IncomingMessage, res: ServerResponse, caller: HeaderSource, json: unknown, mediaType: string, door: FrontDoor) => {
  const operation = operationOfBody(json, door.trusted);
  return operation !== undefined && answered(req, res, caller, operation, mediaType, door);
};

/**
 * Whether `answer` answered the request. Whatever it throws is a request it did not answer, handed to Yoga: a
 * throw here is in the listener, outside any of Yoga's handlers, where it would end the process (the key refuses
 * variables nested too deeply by throwing, which Yoga's path answers 400). A verdict Redis gives later is waited
 * for here (true now), and a request not answered by then goes to `pass`, unless its caller has left meanwhile.
 */
function guarded(req: IncomingMessage, res: ServerResponse, door: FrontDoor, answer: () => Verdict, pass: () => void): boolean {
  let verdict: Verdict;
  try {
    verdict = answer();
  } catch {
    return res.headersSent;
  }
  if (!(verdict instanceof Promise)) return verdict;
  verdict
    .then(
      (answered) => answered || res.headersSent,
      () => res.headersSent,
    )
    .then((answered) => answered || left(req) || pass())
    .catch((error: unknown) => {
      door.logger.error({ err: error }, 'front door: a request could not be answered');
      if (!res.headersSent) res.destroy();
    });
  return true;
}

/** Whether the caller has gone (its socket closed) while the front door waited on Redis: nobody to answer. */
const left = (req: IncomingMessage) => req.socket.destroyed;

/** Yoga's test for a JSON body (the first of a list, `application/json` exact or followed by `;`), narrowed to UTF-8. */
const JSON_BODY = /^application\/json(;\s*charset=("?)utf-8\2\s*)?$/i;
const isJsonBody = (contentType: string | undefined) =>
  contentType?.startsWith('application/json') === true && JSON_BODY.test(contentType.split(',')[0]!);
const DECIMAL = /^[1-9]\d*$/;
/** Headers that make Yoga (or a plugin) answer otherwise than with a plain hit, or that the front door does not read. */
const LEFT_TO_YOGA = ['content-encoding', 'transfer-encoding', 'if-none-match', 'if-modified-since', 'upgrade', 'expect', TOKEN_HEADER];

/**
 * A Host of a name or an address and a port only. Yoga reads the path from a URL it builds with the Host, so a Host
 * holding a character that ends a URL's authority (`?`, `#`, `/`, a backslash, `@`) gives it another path (a 404).
 */
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;
const plainHost = (req: IncomingMessage) => req.headers.host !== undefined && PLAIN_HOST.test(req.headers.host);

/** Whether this is a POST the front door may answer, by its method, path and body (its caller is read next). */
function postMayBeAnswered(req: IncomingMessage, door: FrontDoor): boolean {
  if (req.method !== 'POST' || req.url !== door.endpoint || !plainHost(req)) return false;
  const length = req.headers['content-length'];
  if (length === undefined || !DECIMAL.test(length) || Number(length) > door.maxBodyBytes) return false;
  return isJsonBody(req.headers['content-type']);
}

/** The same for a GET with a query string and no body; a browser asking for a page (text/html) gets GraphiQL's. */
function searchMayBeAnswered(req: IncomingMessage, door: FrontDoor): boolean {
  if (!req.url!.startsWith(`${door.endpoint}?`) || req.headers['content-length'] !== undefined || !plainHost(req)) return false;
  // A `#` (Node passes a fragment through): what reads a URL with `new URL` and what reads its text may not agree.
  if (req.url!.includes('#')) return false;
  return req.headers.accept?.includes('text/html') !== true;
}

/** The media type a hit would go out as, for an anonymous caller whose other headers leave it to the front door; else undefined. */
function anonymousMediaType(req: IncomingMessage, caller: HeaderSource): string | undefined {
  if (LEFT_TO_YOGA.some((name) => req.headers[name] !== undefined)) return undefined;
  if (sessionOf(caller) !== null) return undefined;
  return jsonMediaTypeOf(req.headers.accept);
}

/**
 * Takes the request's rate-limit token (before its body or parameters are read), then `answer`s it if admitted. A
 * refusal is Yoga's to answer, from the same decision, which is kept with the request; so is a decision that failed
 * (Redis), as on Yoga's path. A decision in Redis is waited for, bounded by its command timeout as there.
 */
function afterToken(req: IncomingMessage, res: ServerResponse, caller: HeaderSource, door: FrontDoor, answer: () => Verdict): Verdict {
  if (!door.admission.enabled) return answer();
  const decision = door.admission.admitEarly(caller, { req, res });
  if (!(decision instanceof Promise)) return decision.allowed && answer();
  return decision.then(
    ({ allowed }) => allowed && !left(req) && answer(),
    () => false,
  );
}

/**
 * Answers the admitted request from the store when it holds a fresh answer. From Redis, once the look-up answers
 * (bounded by the command timeout; failed, a miss): a miss goes to Yoga noted as one, which then does not ask again.
 */
function answered(
  req: IncomingMessage,
  res: ServerResponse,
  caller: HeaderSource,
  operation: Operation,
  mediaType: string,
  door: FrontDoor,
): Verdict {
  const key = responseCacheKey({ ...operation, sessionId: null });
  const stored = door.store.getText(key);
  const { persisted = false } = operation;
  if (!(stored instanceof Promise)) return stored !== undefined && send(req, res, caller, stored, mediaType, door, persisted);
  return stored.then((found) => {
    if (found === undefined) door.store.noteMissed(req, key);
    return found !== undefined && !left(req) && send(req, res, caller, found, mediaType, door, persisted);
  });
}

function send(
  req: IncomingMessage,
  res: ServerResponse,
  caller: HeaderSource,
  stored: StoredText,
  mediaType: string,
  door: FrontDoor,
  persisted: boolean,
): true {
  countResponseCache('hit');
  const text = dataOnlyText(stored.json);
  // Public while it has a second of life left (use-response-cache.ts) over GET or by document id, never as POSTed text.
  const shared = req.method === 'GET' || persisted ? sharedHeadersOf(stored.headers, door.store.now(), { mediaType }) : undefined;
  // Named and ordered as Yoga's path writes them; CORS's own `vary` goes out as a second Vary line, as there.
  const headers: OutgoingHttpHeaders = {
    'Content-Type': `${mediaType}; charset=utf-8`,
    ...shared,
    'content-length': Buffer.byteLength(text),
  };
  const cors = getCORSHeadersByRequestAndOptions(caller as Request, door.cors);
  if (cors) for (const name in cors) headers[name.toLowerCase()] = cors[name as keyof typeof cors];
  if (!shared) headers['cache-control'] = NO_STORE;
  res.writeHead(200, headers);
  res.end(text);
  recordAnsweredBeforeYoga(req, door.endpoint, 200);
  if (door.logger.isLevelEnabled('debug'))
    door.logger.debug({ requestId: newRequestId(caller) }, 'response cache: hit answered before Yoga');
  return true;
}
