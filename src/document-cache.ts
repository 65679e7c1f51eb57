/**
 * Yoga's parse caches (documents and parse errors, keyed by the document's text), bounded by
 * size as well as count. Yoga's own keep 1,024 entries of any size for an hour: 1,024 distinct
 * 400 KB documents (a long operation name passes every token and depth limit) held 400 MB.
 * Here a document is cached only while it is small, and all of them together stay within a
 * few MB of text; a bigger one is parsed again each time, which its size already costs anyway.
 */
import { LRUCache } from 'lru-cache';
import type { DocumentNode } from 'graphql';

/** Characters of document text in one cache, all entries together. */
const CACHE_CHARS = 8 * 1024 * 1024;
/** A document longer than this is not cached: no real operation of ours comes near it. */
const ENTRY_CHARS = 64 * 1024;

function boundedCache<V extends object>(): LRUCache<string, V> {
  return new LRUCache<string, V>({ max: 1024, ttl: 3_600_000, maxSize: CACHE_CHARS, maxEntrySize: ENTRY_CHARS, sizeCalculation: (_, key) => key.length || 1 });
}

export function parserCaches(): { documentCache: LRUCache<string, DocumentNode>; errorCache: LRUCache<string, object> } {
  return { documentCache: boundedCache<DocumentNode>(), errorCache: boundedCache<object>() };
}
