/**
 * Where automatic persisted queries (APQ) are kept once a client registered
 * them: hash → query text. This process keeps an LRU bounded in bytes
 * (APQ_MAX_BYTES); with REDIS_URL the entries are also shared through Redis,
 * so a query registered through one instance is found by all.
 *
 * Redis is an accelerator here, never a dependency: a command waits for no
 * connection (no offline queue) and no longer than COMMAND_TIMEOUT_MS, and any
 * failure is a miss (the client then registers the query again) or a skipped
 * write, logged once per outage. A registered text is never trusted blindly:
 * the APQ plugin checks that the hash is the sha256 of the text before `set`.
 */
import { GraphQLError } from 'graphql';
import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../logger.js';

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
  redisUrl?: string;
  logger: Logger;
  commandTimeoutMs?: number;
}

const PREFIX = 'gateway:apq:';
/** How long a command may take before Redis counts as unavailable for it (it answers in well under 1 ms). */
export const COMMAND_TIMEOUT_MS = 250;
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
  const { maxBytes, maxDocumentBytes, logger } = options;
  const memory = new LRUCache<string, string>({
    maxSize: maxBytes,
    sizeCalculation: (text) => Buffer.byteLength(text) + ENTRY_OVERHEAD_BYTES,
  });
  const redis = options.redisUrl ? sharedStore(options.redisUrl, logger, options.commandTimeoutMs ?? COMMAND_TIMEOUT_MS) : undefined;
  return {
    async get(hash) {
      const kept = memory.get(hash);
      if (kept !== undefined || !redis) return kept;
      const shared = await redis.get(hash);
      if (shared !== undefined) memory.set(hash, shared);
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
    async close() {
      memory.clear();
      await redis?.close();
    },
  };
}

/** The Redis side: every failure answers as a miss or a skipped write, the outage logged once and its end once. */
function sharedStore(url: string, logger: Logger, commandTimeout: number) {
  const client = new Redis(url, { maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout });
  let down = false;
  const reportDown = (error: unknown) => {
    if (down) return;
    down = true;
    // The message only: the error may carry the connection options, and the URL may hold a password.
    logger.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'persisted queries unavailable (Redis): APQ misses until it answers',
    );
  };
  client.on('error', reportDown);
  client.on('ready', () => {
    if (!down) return;
    down = false;
    logger.info('persisted queries available again (Redis)');
  });
  async function attempt<T>(command: () => Promise<T>): Promise<T | undefined> {
    if (client.status !== 'ready') return undefined;
    try {
      return await command();
    } catch (error) {
      reportDown(error);
      return undefined;
    }
  }
  return {
    get: async (hash: string) => (await attempt(() => client.get(PREFIX + hash))) ?? undefined,
    set: async (hash: string, query: string) => void (await attempt(() => client.set(PREFIX + hash, query, 'EX', REDIS_TTL_SECONDS))),
    close: async () => {
      await client.quit().catch(() => client.disconnect());
    },
  };
}
