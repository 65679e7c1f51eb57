/**
 * The response cache's store in this process: an LRU bounded by count
 * (RESPONSE_CACHE_MAX_ENTRIES) and by size (RESPONSE_CACHE_MAX_BYTES), with
 * the tag index a webhook evicts by. `createInMemoryCache` of
 * `@envelop/response-cache` bounds by count only, so anonymous callers could
 * fill every slot with large answers (varying only whitespace, a variable
 * or `first`, at one upstream call: 400 entries of a 38.6 KB answer grew the
 * heap by 53 MB) and hold the memory for the answers' lifetime.
 *
 * An entry counts twice its data's JSON text: the text itself (kept to send
 * each hit as it is, store.ts) and the data, of about the same size.
 */
import type { Cache } from '@envelop/response-cache';
import { LRUCache } from 'lru-cache';

type CachedResult = Parameters<Cache['set']>[1];

export interface MemoryCacheOptions {
  maxEntries: number;
  maxBytes: number;
  /** The size an entry is counted as (bytes); an entry larger than `maxBytes` is not kept. */
  sizeOf: (result: CachedResult) => number;
}

export function createBoundedMemoryCache({ maxEntries, maxBytes, sizeOf }: MemoryCacheOptions): Cache {
  /** Tag → the answers built from it, and answer → its tags, pruned as answers go (evicted, expired or replaced). */
  const answersOfTag = new Map<string, Set<string>>();
  const tagsOfAnswer = new Map<string, readonly string[]>();
  const forget = (key: string) => {
    for (const tag of tagsOfAnswer.get(key) ?? []) {
      const keys = answersOfTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) answersOfTag.delete(tag);
    }
    tagsOfAnswer.delete(key);
  };
  const answers = new LRUCache<string, CachedResult>({
    max: maxEntries,
    maxSize: maxBytes,
    sizeCalculation: (result) => Math.max(1, sizeOf(result)),
    allowStale: false,
    // An expired entry is dropped on its next read rather than by a timer per entry; until then it counts.
    ttlAutopurge: false,
    dispose: (_result, key, reason) => {
      // `set` over an existing key disposes the old value after the new one is indexed: keep the new index.
      if (reason !== 'set') forget(key);
    },
  });
  return {
    set(key, result, entities, ttl) {
      // Too large to keep: nor is an older answer under its key (the caller asked again because it had expired).
      if (sizeOf(result) > maxBytes) return void answers.delete(key);
      forget(key);
      const tags = [...new Set([...entities].map(({ typename }) => typename))];
      tagsOfAnswer.set(key, tags);
      for (const tag of tags) {
        let keys = answersOfTag.get(tag);
        if (!keys) answersOfTag.set(tag, (keys = new Set()));
        keys.add(key);
      }
      answers.set(key, result, { ttl });
      // lru-cache refuses an entry it cannot fit (and says nothing): its index goes with it.
      if (!answers.has(key)) forget(key);
    },
    get(key) {
      return answers.get(key) ?? null;
    },
    invalidate(entities) {
      for (const { typename } of entities) for (const key of [...(answersOfTag.get(typename) ?? [])]) answers.delete(key);
    },
  };
}
