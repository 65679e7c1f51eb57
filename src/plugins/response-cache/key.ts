/**
 * What a whole answer is kept under (use-response-cache.ts), asked by the
 * plugin and by the front door (src/front-door.ts) alike, so both find the
 * same entry: the caller's key space, and the key of an operation in it.
 */
import { hash } from 'node:crypto';
import stableStringify from 'fast-json-stable-stringify';
import { readCredentials, type HeaderSource } from '../../context.js';

/** The key space of a caller: anonymous callers share one (null), callers with any credential share another. */
export function sessionOf(request: HeaderSource): string | null {
  const { marketplaceToken, seoApiKey, itemsApiKey } = readCredentials(request);
  return marketplaceToken || seoApiKey || itemsApiKey ? 'credentialed' : null;
}

export interface KeyParams {
  documentString: string;
  operationName?: string | null;
  variableValues?: Record<string, unknown> | null;
  sessionId?: string | null;
}

/**
 * The library's default key (the same fields) hashes through WebCrypto's async digest, the largest cost of a hit;
 * node:crypto's one-shot `hash` costs about a third of a Hash object's create, update and digest.
 */
export function responseCacheKey({ documentString, operationName, variableValues, sessionId }: KeyParams): string {
  const text = [documentString, operationName ?? '', stableStringify(variableValues ?? {}), sessionId ?? ''].join('|');
  return hash('sha256', text, 'base64url');
}
