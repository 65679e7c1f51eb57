/**
 * What a whole answer is kept under (use-response-cache.ts), asked by the
 * plugin and by the front door (src/front-door.ts) alike, so both find the
 * same entry: the caller's key space, and the key of an operation in it.
 */
import { hash } from 'node:crypto';
import stableStringify from 'fast-json-stable-stringify';
import { readCredentials, type HeaderSource } from '../../context.js';
import { MAX_NESTING, nestsDeeperThan, variablesTooDeep } from '../use-nesting-limit.js';

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
 * node:crypto's one-shot `hash` costs about a third of a Hash object's create, update and digest. The text names
 * the lengths of the document and the operation name (`-`: none) before them, so no two requests share it: with
 * the fields only joined by `|`, an empty operation name (an error) keyed as none, and a document ending `#|x`
 * as the one without that comment named `x|` (an error too); each was answered with the other's warm entry.
 */
export function responseCacheKey({ documentString, operationName, variableValues, sessionId }: KeyParams): string {
  const nameLength = operationName == null ? '-' : operationName.length;
  const text = `${documentString.length}:${nameLength}:${documentString}${operationName ?? ''}${variablesText(variableValues)}|${sessionId ?? ''}`;
  return hash('sha256', text, 'base64url');
}

/**
 * The stable stringify recurses once per level, and variables nested some thousands deep (a 40 KB body) overflowed
 * the stack. Variables past the bound every operation is held to (use-query-limits.ts) are refused here, before the
 * walk, in the bound's own words: the caller's mistake, as a document nested too deeply is. Thrown where the key is
 * asked: the plugin's look-up (Yoga answers it), the front door (which hands the request to Yoga).
 */
function variablesText(variables: Record<string, unknown> | null | undefined): string {
  if (variables && nestsDeeperThan(variables, MAX_NESTING)) throw variablesTooDeep();
  return stableStringify(variables ?? {});
}
