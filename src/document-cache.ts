/**
 * Yoga's parse caches (documents and parse errors, keyed by the document's text), bounded by
 * what they hold as well as by count. Yoga's own keep 1,024 entries of any size for an hour:
 * 1,024 distinct 400 KB documents (a long operation name passes every token and depth limit)
 * held 400 MB.
 *
 * A parsed document keeps every lexer token and location (graphql-js links them from `loc`),
 * some 100-250 bytes per token: heap snapshots of `npm run soak` showed 41,000 Tokens and
 * 15,000 Locations added in 2.5 minutes while the cache was bounded only by characters of
 * text, and a text of one token every two characters costs ten times one of real field names.
 * So a document is accounted by its tokens, plus one unit per CHARS_PER_UNIT characters of
 * text for the long strings and names a token can hold: at most MAX_UNITS in all (a few
 * hundred real operations, some 25 MB however hostile the texts), and one over ENTRY_UNITS is
 * not cached (it is parsed again each time, which its size already costs anyway).
 */
import { LRUCache } from 'lru-cache';
import type { DocumentNode } from 'graphql';

/** Units (a token, or CHARS_PER_UNIT characters of text) kept by the document cache, all entries together. */
export const MAX_UNITS = 100_000;
/** A document of more units than this is not cached: no real operation of ours comes near it. */
export const ENTRY_UNITS = 10_000;
const CHARS_PER_UNIT = 16;
/** Parse errors are small objects: their cache is bounded by the text of their keys. */
const ERROR_CACHE_CHARS = 1024 * 1024;

/** What a parsed document keeps, in units (counting stops past ENTRY_UNITS: the document is not cached then). */
export function unitsOf(document: DocumentNode, text: string): number {
  let count = Math.ceil(text.length / CHARS_PER_UNIT);
  for (let token = document.loc?.startToken; token && count <= ENTRY_UNITS; token = token.next ?? undefined) count++;
  return Math.max(count, 1);
}

/**
 * Parse errors, each with its stack formatted to text before it is kept. Until its `stack` is read, an
 * error holds the frames that threw it, and through them the parser and every token it had lexed: 200
 * token-dense 4 KB documents with a syntax error at the end kept 35 MB (1.7 MB once formatted), which a
 * bound on the keys' text does not see (the fuzz campaign's heap, snapshot at its limit: 17 MB here).
 */
class ParseErrorCache extends LRUCache<string, object> {
  override set(key: string, value: object | undefined, options?: LRUCache.SetOptions<string, object, unknown>): this {
    if (value instanceof Error) void value.stack;
    return super.set(key, value, options);
  }
}

export function parserCaches(): { documentCache: LRUCache<string, DocumentNode>; errorCache: LRUCache<string, object> } {
  return {
    documentCache: new LRUCache<string, DocumentNode>({
      max: 1024,
      ttl: 3_600_000,
      maxSize: MAX_UNITS,
      maxEntrySize: ENTRY_UNITS,
      sizeCalculation: unitsOf,
    }),
    errorCache: new ParseErrorCache({
      max: 1024,
      ttl: 3_600_000,
      maxSize: ERROR_CACHE_CHARS,
      maxEntrySize: 64 * 1024,
      sizeCalculation: (_, key) => key.length || 1,
    }),
  };
}
