/**
 * Where public upstream answers are kept: in this process (an LRU bounded in
 * bytes) or, with REDIS_URL, in Redis shared by every gateway instance. Only
 * answers to GETs sent with no credential ever reach a store, so nothing kept
 * here can depend on who asked.
 */

/** One stored answer of a public GET, with the freshness its Cache-Control (or PUBLIC_CACHE_TTL_MS) gave it. */
export interface CachedAnswer {
  status: number;
  /** Only the headers the cache reads later: content-type, etag, last-modified, cache-control. */
  headers: Record<string, string>;
  /** The parsed JSON body, shared by every hit: never mutated. */
  body: unknown;
  /** Size of the body as received, in bytes (what the LRU and Redis account for). */
  bytes: number;
  /** Epoch ms when stored or last revalidated. */
  storedAt: number;
  /** Epoch ms until which it is served without asking the upstream. */
  freshUntil: number;
  /** Epoch ms until which a stale answer is served while one revalidation runs (stale-while-revalidate). */
  staleWhileRevalidateUntil: number;
  /** Epoch ms until which a stale answer is served when the upstream fails (stale-if-error). */
  staleIfErrorUntil: number;
}

export interface PublicCacheStore {
  /** The entry, or undefined (missing, expired past every window, or the store is unreachable). */
  get(key: string): Promise<CachedAnswer | undefined>;
  /**
   * Keeps an entry under `key`, findable by each of `tags` (e.g. `marketplace:gig:logo-design`) for eviction,
   * until `keepUntil` (epoch ms: the last moment it could still be served or revalidated).
   */
  set(key: string, answer: CachedAnswer, tags: readonly string[], keepUntil: number): Promise<void>;
  /** Removes every entry carrying any of `tags`, for every gateway instance sharing the store. */
  evictTags(tags: readonly string[]): Promise<void>;
  /**
   * Coalescing across instances: true when this caller should fetch `key` (it holds the fill lock for `ttlMs`),
   * false when another instance is fetching it already. A store that cannot tell returns true.
   */
  claimFill(key: string, ttlMs: number): Promise<boolean>;
  /** Releases a claim taken with `claimFill` (after the entry was stored, or the fetch failed). */
  releaseFill(key: string): Promise<void>;
  /**
   * For a caller whose `claimFill` returned false (another instance is fetching `key`): resolves with the answer
   * that instance stores, or undefined when it gives up, its claim lapses, the store is unreachable or
   * `timeoutMs` passes — the caller then asks the upstream itself. Only a store shared across instances has it
   * (in one process, callers share the in-flight fetch instead).
   */
  waitForFill?(key: string, timeoutMs: number): Promise<CachedAnswer | undefined>;
  close(): Promise<void>;
}
