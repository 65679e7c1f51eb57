/**
 * Where automatic persisted queries (APQ) are kept once a client registered
 * them: hash → query text. This process keeps an LRU bounded in bytes
 * (APQ_MAX_BYTES); with REDIS_URL the entries are also shared through Redis,
 * so a query registered through one instance is found by all.
 *
 * Redis is an accelerator here, never a dependency. The commands go through
 * the gateway's one command connection (src/redis/connection.ts), with its
 * bounds: no offline queue, REDIS_COMMAND_TIMEOUT_MS at most, nothing sent
 * while it is unavailable, the outage logged once for everything that uses
 * it. Any failure is a miss (the client then registers the query again) or a
 * skipped write. A registered text is never trusted blindly: the APQ plugin
 * checks that the hash is the sha256 of the text before `set`, and a text read
 * back from Redis is checked again (its sha256, its size) before it runs or is
 * kept here: whoever can write that key (or a corrupted value) must not make
 * the gateway run another document under a hash a client trusts.
 */
import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger.js';
import type { RedisConnection } from '../redis/connection.js';

export interface ApqStore {
  get(hash: string): Promise<string | undefined>;
  /** Keeps a registered query; throws PERSISTED_QUERY_TOO_LARGE for a text over the per-document limit. */
  set(hash: string, query: string): Promise<void>;
  /** Bytes this process accounts for right now (never above maxBytes). */
  readonly bytes: number;
  close(): Promise<void>;
}

export interface ApqStoreOptions {
  maxBytes: number;
  maxDocumentBytes: number;
  /** Shared with the other instances through this connection, when REDIS_URL is set. */
  redis?: RedisConnection;
  /** Where a text read from Redis that fails its checks is reported (at warn, never the text itself). */
  logger?: Logger;
}

const PREFIX = 'gateway:apq:';
/** A registered text is immutable (its key is its hash); the TTL only lets Redis forget queries no client sends any more. */
const REDIS_TTL_SECONDS = 7 * 24 * 60 * 60;
/** Bytes an entry is accounted at beyond its text: the 64-character hash and lru-cache's bookkeeping. */
const ENTRY_OVERHEAD_BYTES = 128;

const tooLarge = (limit: number) =>
  new GraphQLError(
    `PersistedQueryTooLarge: a persisted query may be at most ${limit} bytes (APQ_MAX_DOCUMENT_BYTES); send it without the persistedQuery extension`,
    {
      extensions: { code: 'PERSISTED_QUERY_TOO_LARGE', http: { status: 413 } },
    },
  );

export function createApqStore(options: ApqStoreOptions): ApqStore {
  const { maxBytes, maxDocumentBytes } = options;
  const memory = new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (text) => Buffer.byteLength(text) + ENTRY_OVERHEAD_BYTES,
  });
  const redis = options.redis && sharedStore(options.redis);
  return {
    async get(hash) {
      const kept = memory.get(hash);
      if (kept !== undefined || !redis) return kept;
      const shared = await redis.get(hash);
      if (shared === undefined) return undefined;
      const wrong = wrongStoredText(hash, shared, maxDocumentBytes);
      if (wrong !== undefined) {
        // A miss: the client registers the query again, which overwrites the key with a text that passes.
        options.logger?.warn({ hash, bytes: Buffer.byteLength(shared), reason: wrong }, 'persisted query from Redis refused');
        return undefined;
      }
      memory.set(hash, shared);
      return shared;
    },
    async set(hash, query) {
      if (Buffer.byteLength(query) > maxDocumentBytes) throw tooLarge(maxDocumentBytes);
      memory.set(hash, query);
      await redis?.set(hash, query);
    },
    get bytes() {
      return memory.calculatedSize;
    },
    close() {
      // The Redis connection is the gateway's, closed by its owner.
      memory.clear();
      return Promise.resolve();
    },
  };
}

/** Why a text read from Redis cannot be the query registered under `hash`, or undefined when it can. */
function wrongStoredText(hash: string, text: string, maxDocumentBytes: number): string | undefined {
  if (Buffer.byteLength(text) > maxDocumentBytes) return 'over APQ_MAX_DOCUMENT_BYTES';
  if (createHash('sha256').update(text).digest('hex') !== hash) return 'not the sha256 of its text';
  return undefined;
}

/** The Redis side: a command is sent only while the connection answers, and any failure is a miss or a skipped write. */
function sharedStore(redis: RedisConnection) {
  async function attempt<T>(command: () => Promise<T>): Promise<T | undefined> {
    if (!redis.available) return undefined;
    try {
      return await command();
    } catch {
      return undefined; // logged once per outage by the connection
    }
  }
  return {
    get: async (hash: string) => (await attempt(() => redis.client.get(PREFIX + hash))) ?? undefined,
    set: async (hash: string, query: string) => void (await attempt(() => redis.client.set(PREFIX + hash, query, 'EX', REDIS_TTL_SECONDS))),
  };
}
