/**
 * What the front door (src/front-door.ts) reads of a request before it may
 * answer it, each by the rule Yoga's path applies to it, narrowed to the
 * plain case: the media type Accept asks for, the operation a POST body or a
 * GET query string names, the caller's headers as a Fetch Request reads
 * them, and the body handed on to Yoga when the front door does not answer.
 */
import type { IncomingMessage } from 'node:http';
import { URLSearchParams } from '@whatwg-node/fetch';
import type { Plugin } from 'graphql-yoga';
import type { HeaderSource } from './context.js';
import type { KeyParams } from './plugins/response-cache/key.js';
import type { TrustedDocuments } from './trusted-documents.js';

export type Operation = Omit<KeyParams, 'sessionId'> & {
  /** Named by a trusted document's id: its answer goes out public over POST too, as on Yoga's path. */
  persisted?: boolean;
};

/**
 * The media type Yoga's result processors give a single result for this Accept, when it is JSON: the first
 * listed type (charset utf-8 or none) that application/json or application/graphql-response+json matches,
 * application/json where both do (`*` + `/*`). An event stream or multipart anywhere in it is left to Yoga.
 */
export function jsonMediaTypeOf(accept: string | undefined): string | undefined {
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

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * A POST body's JSON value, read as Yoga's JSON parser reads it (whatwg-node's `json()`: the bytes as UTF-8 text,
 * then JSON.parse); undefined where it is not JSON (Yoga answers it 400, with its own words).
 */
export function jsonOfBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The operation of a POST body (its JSON value) of query text or a trusted document's id (`trusted`), variables and
 * operation name and nothing else; else undefined.
 */
export function operationOfBody(params: unknown, trusted?: TrustedDocuments): Operation | undefined {
  if (!isPlainObject(params)) return undefined;
  const { query, variables, operationName, documentId } = params;
  for (const name in params) if (!parameterNames(trusted).has(name)) return undefined;
  const text = textOf(query, documentId, trusted);
  if (text === undefined) return undefined;
  if (variables != null && !isPlainObject(variables)) return undefined;
  if (operationName != null && typeof operationName !== 'string') return undefined;
  return {
    documentString: text,
    operationName: operationName as string | null | undefined,
    variableValues: variables,
    persisted: documentId !== undefined,
  };
}

/**
 * The text an operation runs, where the front door may answer it by the rules of Yoga's path
 * (use-trusted-documents.ts): query text, but not where only trusted documents run; or the text of a known trusted
 * document's id, with no text beside it. Anything else (an unknown id, an id and text, text refused) is Yoga's to answer.
 */
function textOf(query: unknown, documentId: unknown, trusted: TrustedDocuments | undefined): string | undefined {
  if (documentId !== undefined) return query === undefined && typeof documentId === 'string' ? trusted?.lookup(documentId) : undefined;
  if (trusted?.only) return undefined;
  return typeof query === 'string' && query !== '' ? query : undefined;
}

const OPERATION_PARAMETERS = new Set(['query', 'variables', 'operationName']);
const WITH_DOCUMENT_ID = new Set([...OPERATION_PARAMETERS, 'documentId']);
/** The parameters Yoga's path takes: `documentId` only with trusted documents (Yoga's extraParamNames). */
const parameterNames = (trusted: TrustedDocuments | undefined) => (trusted ? WITH_DOCUMENT_ID : OPERATION_PARAMETERS);

/**
 * The operation of a GET query string of those parameters, each at most once, read with the class and the
 * rules of Yoga's GET parser (`@whatwg-node/fetch`'s URLSearchParams, an empty value as none); else undefined.
 */
export function operationOfSearch(search: string, trusted?: TrustedDocuments): Operation | undefined {
  const params = new URLSearchParams(search);
  const seen = new Set<string>();
  for (const [name] of params) {
    if (!parameterNames(trusted).has(name) || seen.has(name)) return undefined;
    seen.add(name);
  }
  const documentId = params.get('documentId') || undefined;
  const query = textOf(params.get('query') || undefined, documentId, trusted);
  if (query === undefined) return undefined;
  const variablesText = params.get('variables');
  let variables: unknown;
  if (variablesText) {
    try {
      variables = JSON.parse(variablesText);
    } catch {
      return undefined; // use-request-parameters.ts names the mistake
    }
    if (!isPlainObject(variables)) return undefined;
  }
  return {
    documentString: query,
    operationName: params.get('operationName') || undefined,
    variableValues: variables as Operation['variableValues'],
    persisted: documentId !== undefined,
  };
}

/** A Node request's headers as a Fetch Request reads them (whatwg-node's adapter reads the same object). */
export function headerSourceOf(req: IncomingMessage): HeaderSource {
  return {
    headers: {
      get(name) {
        const value = req.headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
  };
}

/**
 * Hands on a POST body read by the front door: its bytes go along as `req.body` (readBody), and its JSON value, where
 * it is the object or list Yoga's JSON parser would give, is kept for `useBodyParsedByFrontDoor`.
 */
export function handOnBody(req: IncomingMessage, bytes: Buffer, json: unknown): void {
  (req as IncomingMessage & { body?: ReadBody }).body = readBody(bytes);
  if (json !== null && typeof json === 'object') parsedBodies.set(req, json);
}

/** The JSON values of the bodies handed on, by their Node request (Yoga's server context carries it as `req`). */
const parsedBodies = new WeakMap<object, object>();

/**
 * Yoga's request parser, for a body the front door parsed before handing it on: that value, which is what Yoga's
 * JSON parser would read from the same bytes, rather than the text collected and parsed a second time. The request
 * Yoga sees is unchanged (its body is still the bytes); any other request is parsed as Yoga parses it.
 */
export function useBodyParsedByFrontDoor(): Plugin {
  return {
    onRequestParse({ serverContext, setRequestParser }) {
      const parsed = parsedBodies.get((serverContext as { req?: object }).req as object);
      if (parsed !== undefined) setRequestParser(() => parsed as never);
    },
  };
}

/** A body read by the front door, as whatwg-node's adapter takes one from `req.body`: an async iterable of its bytes. */
export interface ReadBody extends AsyncIterable<Buffer> {
  readonly byteLength: number;
}

/**
 * Not the Buffer itself: the adapter takes `req.body` only after `Object.keys(body).length > 0`, which for a
 * Buffer lists every byte (174 ms for 1 MiB). One own key here; its iterator answers synchronously, so the
 * Fetch body collects it without a promise turn where it can (Node 20; Node 22's Array.fromAsync awaits).
 */
export function readBody(bytes: Buffer): ReadBody {
  return {
    byteLength: bytes.length,
    [Symbol.asyncIterator]() {
      let done = false;
      const next = () => (done ? { done: true as const, value: undefined } : ((done = true), { done: false as const, value: bytes }));
      return { next } as unknown as AsyncIterator<Buffer>;
    },
  };
}
