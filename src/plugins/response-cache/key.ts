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
  // `hash` reads text as UTF-8, where every lone surrogate becomes U+FFFD: a text with one (a syntax error once parsed,
  // but looked up first) found the entry of the text with U+FFFD in its place. Such a text is keyed by its UTF-16 code
  // units, behind a `!` that no other key's text begins with (each begins with a length).
  return hash('sha256', text.isWellFormed() ? text : `!${Buffer.from(text, 'utf16le').toString('base64')}`, 'base64url');
}

/**
 * The stable stringify recurses once per level, and variables nested some thousands deep (a 40 KB body) overflowed
 * the stack. Variables past the bound every operation is held to (use-query-limits.ts) are refused here, before the
 * walk, in the bound's own words: the caller's mistake, as a document nested too deeply is. Thrown where the key is
 * asked: the plugin's look-up (Yoga answers it), the front door (which hands the request to Yoga).
 */
function variablesText(variables: Record<string, unknown> | null | undefined): string {
  if (variables && nestsDeeperThan(variables, MAX_NESTING)) throw variablesTooDeep();
  // JSON has no Infinity: the stringify writes it as null, and `{"first":1e400}` (Infinity once parsed, which Yoga
  // refuses) found the entry of `{"first":null}`. Variables holding one are written with every number and string
  // tagged, behind a `~` (any other variables' text begins with `{`).
  return hasNonFinite(variables) ? `~${stableStringify(tagged(variables))}` : stableStringify(variables ?? {});
}

function hasNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(hasNonFinite);
}

/** Numbers and strings told apart by a tag, so that no number written as text meets a string of the same text. */
function tagged(value: unknown): unknown {
  if (typeof value === 'number') return `#${String(value)}`;
  if (typeof value === 'string') return `'${value}`;
  if (Array.isArray(value)) return value.map(tagged);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, tagged(inner)]));
}
