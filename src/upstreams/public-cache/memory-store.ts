/**
 * The public cache kept in this process: an LRU bounded in bytes
 * (PUBLIC_CACHE_MAX_BYTES), each entry dropped at its `keepUntil`, and an
 * index from tag to keys so a webhook can evict everything about one gig or
 * seller. Coalescing across instances needs a shared store; here the
 * in-process coalescing of PublicCache is all there is, so claimFill always
 * says "fetch it".
 */
import { LRUCache } from 'lru-cache';
import type { CachedAnswer, PublicCacheStore } from './store.js';

interface Kept {
  answer: CachedAnswer;
  tags: readonly string[];
}

/** Bytes an entry is accounted at beyond its body: its key, headers and bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 256;

export class MemoryPublicCacheStore implements PublicCacheStore {
  private readonly entries: LRUCache<string, Kept>;
  private readonly keysByTag = new Map<string, Set<string>>();

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, Kept>({
      maxSize: maxBytes,
      // Evicted, expired or replaced: the key leaves the tag index with it.
      dispose: (kept, key) => this.unindex(key, kept.tags),
    });
  }

  async get(key: string): Promise<CachedAnswer | undefined> {
    return this.entries.get(key)?.answer;
  }

  async set(key: string, answer: CachedAnswer, tags: readonly string[], keepUntil: number): Promise<void> {
    const ttl = keepUntil - Date.now();
    if (ttl <= 0) return;
    const size = answer.bytes + key.length + ENTRY_OVERHEAD_BYTES;
    // An answer larger than the whole cache is not kept (lru-cache would refuse it anyway).
    if (size > this.entries.maxSize) return;
    this.entries.set(key, { answer, tags }, { ttl, size });
    if (!this.entries.has(key)) return;
    for (const tag of tags) {
      let keys = this.keysByTag.get(tag);
      if (!keys) this.keysByTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  async evictTags(tags: readonly string[]): Promise<void> {
    for (const tag of tags) {
      for (const key of [...(this.keysByTag.get(tag) ?? [])]) this.entries.delete(key);
    }
  }

  async claimFill(): Promise<boolean> {
    return true;
  }

  async releaseFill(): Promise<void> {}

  /** Bytes accounted for right now (never above PUBLIC_CACHE_MAX_BYTES). */
  get bytes(): number {
    return this.entries.calculatedSize;
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  private unindex(key: string, tags: readonly string[]): void {
    for (const tag of tags) {
      const keys = this.keysByTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.keysByTag.delete(tag);
    }
  }
}
