/**
 * The shared cache of public upstream reads, the outermost layer of every
 * upstream (`PublicCacheLayer`, below), in front of its transport (http.ts).
 *
 * Safe by construction: only a GET the client marked `publicRead` (a row whose `sharing` is not
 * private, sent without any credential: the client decides it from the row, src/upstreams/operations.ts
 * `sharingOf`) is looked up or kept, so an answer kept here cannot depend on who asked. Anything else
 * passes through untouched (`bypass`).
 *
 * Freshness follows the upstream's Cache-Control (cache-control.ts). Past it,
 * an entry with a validator is revalidated with If-None-Match /
 * If-Modified-Since, and a 304 refreshes it. Identical reads in flight share
 * one upstream call (in this process by a map of promises, across instances
 * through the store's claimFill), and that call has its own deadline: a
 * caller who leaves or runs out of time stops waiting for it, nobody else does.
 *
 * Only the caller that starts a fill takes a unit of its request's call budget (and its trace has the
 * call's CLIENT span): a hit or a joined call makes no upstream call, so the cost
 * estimate stays an upper bound and `extensions.cost.actual` counts real calls.
 */
import type { UpstreamName } from '../../errors.js';
import type { BreakerState } from '../breaker.js';
import type { UpstreamHttp } from '../http.js';
import type { Logger } from '../../logger.js';
import { countCacheRequest, type CacheResult } from '../../metrics.js';
import type { ReadRecorder, UpstreamRequest, UpstreamResponse } from '../wire.js';
import { stateAt, type Dating } from './cache-control.js';
import { cacheKeyOf, cacheTagsOf } from './keys.js';
import type { CachedAnswer, PublicCacheStore } from './store.js';
import { bytesOf, datingOf, entryOf, keptHeaders, responseOf, servesStaleOnError, sharedRequestOf, type AnswerParts } from './answers.js';
import { noteRead } from './public-reads.js';
import { leftError, waitFor } from './waiting.js';
import { EvictionLog } from './eviction-log.js';

/** What the cache needs of the transport behind it: its name, a send, and how long a shared call may take. */
export interface CacheableUpstream {
  readonly name: UpstreamName;
  readonly fillTimeoutMs: number;
  send(req: UpstreamRequest): Promise<UpstreamResponse>;
}

export interface PublicCacheOptions {
  store: PublicCacheStore;
  /** Lifetime of an answer whose upstream sent no Cache-Control lifetime (0: not kept). */
  defaultTtlMs: number;
  logger: Logger;
  /** The wall clock entries' ages are read from (ms since the epoch, as Cache-Control dates are); tests move their own. */
  now?: () => number;
}

/** How often an instance waiting for another instance's fill looks for its entry (or its lock to go). */
const FILL_POLL_MS = 25;

interface Filled {
  response: UpstreamResponse;
  result: CacheResult;
  /** Epoch ms until which the answer is fresh where it was kept; undefined when it was not kept, or is stale. */
  freshUntil?: number;
}

export class PublicCache {
  /** The upstream call in flight for each key, with the tags of what it reads (a webhook evicting one of them ends its joining). */
  private readonly fills = new Map<string, { filled: Promise<Filled>; tags: readonly string[] }>();
  /** What webhooks evicted while upstream calls were out: an answer overtaken by an eviction of its tags is not kept. */
  private readonly evictions = new EvictionLog();
  private readonly now: () => number;

  constructor(private readonly options: PublicCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  read(upstream: CacheableUpstream, req: UpstreamRequest): Promise<UpstreamResponse> {
    // A read the cache may not keep goes straight to the transport, through no async frame of the cache's.
    if (!req.publicRead) {
      countCacheRequest(upstream.name, req.operation, 'bypass');
      req.reads?.unkept();
      return upstream.send(req);
    }
    return req.reads ? this.readRecorded(upstream, req, req.reads) : this.readThrough(upstream, req);
  }

  private async readRecorded(upstream: CacheableUpstream, req: UpstreamRequest, reads: ReadRecorder): Promise<UpstreamResponse> {
    try {
      return await this.readThrough(upstream, req);
    } catch (error) {
      // A read that failed (the resolver may still answer without it) leaves the request's answer unshareable.
      reads.unkept();
      throw error;
    }
  }

  /** A public read: from the cache, joined to a call in flight, or one upstream call that may be kept. */
  private async readThrough(upstream: CacheableUpstream, req: UpstreamRequest): Promise<UpstreamResponse> {
    const key = cacheKeyOf(upstream.name, req.method, req.path, req.query);
    const entry = await this.lookup(key);
    const now = this.now();
    const state = entry && stateAt(entry, now);
    if (entry && state === 'fresh') {
      countCacheRequest(upstream.name, req.operation, 'hit');
      noteRead(upstream.name, req, entry.freshUntil);
      return responseOf(entry);
    }
    if (entry && state === 'stale-while-revalidate') {
      countCacheRequest(upstream.name, req.operation, 'stale');
      req.reads?.unkept();
      // One background revalidation (joined by any other read of the key meanwhile); its failure only means it stays stale.
      if (!this.fills.has(key)) this.startFill(upstream, req, key, entry).catch(() => undefined);
      return responseOf(entry);
    }
    const running = this.fills.get(key)?.filled;
    if (running) {
      countCacheRequest(upstream.name, req.operation, 'coalesced');
      const joined = await waitFor(upstream.name, running, req);
      noteRead(upstream.name, req, joined.freshUntil);
      return joined.response;
    }
    // A caller who left during the look-up starts nothing (nobody would wait for it).
    if (req.signal?.aborted) throw leftError(upstream.name, req.signal);
    // This caller starts the one upstream call: it is the one whose budget pays for it.
    req.budget?.take(upstream.name);
    let result: CacheResult = 'miss';
    try {
      const filled = await waitFor(upstream.name, this.startFill(upstream, req, key, entry), req);
      result = filled.result;
      noteRead(upstream.name, req, filled.freshUntil);
      return filled.response;
    } finally {
      countCacheRequest(upstream.name, req.operation, result);
    }
  }

  /** Reads out now whose answers carry one of `tags` are neither kept nor joined: an event (a webhook) changed them. */
  noteEvicted(tags: readonly string[]): void {
    if (tags.length === 0) return;
    this.evictions.note(tags);
    // A read from now on calls again rather than join a call begun before the change (its waiters keep theirs);
    // a call for anything else stays joinable.
    for (const [key, { tags: read }] of this.fills) if (read.some((tag) => tags.includes(tag))) this.fills.delete(key);
  }

  /** Evicts every entry carrying one of `tags` (a webhook's changes); false when the store failed (logged, never thrown). */
  async evict(tags: readonly string[]): Promise<boolean> {
    if (tags.length === 0) return true;
    this.noteEvicted(tags);
    try {
      await this.options.store.evictTags(tags);
      return true;
    } catch (error) {
      this.options.logger.warn({ err: error, tags }, 'public cache: eviction failed');
      return false;
    }
  }

  close(): Promise<void> {
    return this.options.store.close();
  }

  private async lookup(key: string): Promise<CachedAnswer | undefined> {
    try {
      return await this.options.store.get(key);
    } catch {
      return undefined; // an unreachable store is a miss, never a failed read
    }
  }

  private startFill(upstream: CacheableUpstream, req: UpstreamRequest, key: string, entry: CachedAnswer | undefined): Promise<Filled> {
    // Deleted only while it is the key's fill: an eviction may have let a newer one take the key.
    const fill: Promise<Filled> = this.fill(upstream, req, key, entry).finally(
      () => this.fills.get(key)?.filled === fill && this.fills.delete(key),
    );
    // Every waiter may leave before it ends (a background revalidation has none): its failure is theirs to hear, or nobody's.
    fill.catch(() => undefined);
    this.fills.set(key, { filled: fill, tags: cacheTagsOf(upstream.name, req.template, req.path) });
    return fill;
  }

  /** The one upstream call for `key`, detached from the caller that started it (no signal, its own deadline). */
  private async fill(upstream: CacheableUpstream, req: UpstreamRequest, key: string, entry: CachedAnswer | undefined): Promise<Filled> {
    const store = this.options.store;
    const claim = () => store.claimFill(key, upstream.fillTimeoutMs).catch(() => true);
    let claimed = await claim();
    try {
      // Another instance is fetching it: wait for its entry, or for its lock to go (its call failed or was not
      // storable), then fetch here. Past the shared call's own timeout, fetch anyway.
      const waitingSince = this.now();
      const waitUntil = Date.now() + upstream.fillTimeoutMs; // a real wait, on the real clock
      while (!claimed && Date.now() < waitUntil) {
        // A store shared across instances says when the holder's fill ends (Redis: its release message); others are polled.
        const stored = store.waitForFill
          ? await store.waitForFill(key, waitUntil - Date.now()).catch(() => undefined)
          : await new Promise((resolve) => setTimeout(resolve, FILL_POLL_MS)).then(() => this.lookup(key));
        if (stored && (stored.storedAt >= waitingSince || stateAt(stored, this.now()) === 'fresh'))
          return { response: responseOf(stored), result: 'coalesced', freshUntil: stored.freshUntil };
        claimed = await claim();
      }
      // Another instance may have filled the key between this one's miss and its claim: take that entry, not a second call.
      const meanwhile = claimed ? await this.lookup(key) : undefined;
      if (meanwhile && meanwhile.storedAt !== entry?.storedAt && stateAt(meanwhile, this.now()) === 'fresh')
        return { response: responseOf(meanwhile), result: 'coalesced', freshUntil: meanwhile.freshUntil };
      return await this.fetchAndKeep(upstream, req, key, entry);
    } finally {
      if (claimed) await store.releaseFill(key).catch(() => undefined);
    }
  }

  private async fetchAndKeep(
    upstream: CacheableUpstream,
    req: UpstreamRequest,
    key: string,
    entry: CachedAnswer | undefined,
  ): Promise<Filled> {
    const shared = sharedRequestOf(req, entry, Date.now() + upstream.fillTimeoutMs);
    // Taken before the call: an event that arrives while it is out may have changed what it answers.
    const begun = this.evictions.mark();
    let response: UpstreamResponse;
    try {
      response = await upstream.send(shared);
    } catch (error) {
      if (entry && servesStaleOnError(error, entry, this.now())) return { response: responseOf(entry), result: 'stale' };
      throw error;
    }
    if (response.status >= 500 && entry && this.now() < entry.staleIfErrorUntil) return { response: responseOf(entry), result: 'stale' };
    const tags = cacheTagsOf(upstream.name, req.template, req.path);
    if (response.status === 304 && entry) {
      // A 304 carries no body: the kept one is fresh again, under the 304's Cache-Control if it sent one.
      const headers = { ...entry.headers, ...keptHeaders(response) };
      const refreshed = await this.keep(key, tags, { ...entry, headers }, begun, datingOf(response));
      return { response: responseOf(refreshed ?? { ...entry, headers }), result: 'revalidated', freshUntil: refreshed?.freshUntil };
    }
    if (response.status !== 200) return { response, result: 'miss' };
    const answer = { status: 200, headers: keptHeaders(response), body: response.body, bytes: bytesOf(response) };
    const kept = await this.keep(key, tags, answer, begun, datingOf(response));
    return { response, result: 'miss', freshUntil: kept?.freshUntil };
  }

  /**
   * Stores an answer if its Cache-Control (or the default TTL) allows, and no webhook evicted its tags since its call
   * began (`begun`: it may predate the change); returns what was stored.
   */
  private async keep(key: string, tags: string[], given: AnswerParts, begun: number, dating: Dating): Promise<CachedAnswer | undefined> {
    const kept = entryOf(given, this.now(), this.options.defaultTtlMs, dating);
    if (!kept || this.evictions.overtaken(tags, begun)) return undefined;
    try {
      await this.options.store.set(key, kept.answer, tags, kept.keepUntil);
    } catch (error) {
      this.options.logger.debug({ err: error }, 'public cache: store refused an entry');
    }
    return kept.answer;
  }
}

/**
 * One upstream as its clients see it, composed once at start-up (src/upstreams/index.ts): the shared cache, with
 * the transport's own `send`, in front of the transport (http.ts: budget → breaker → retry → attempt). A GET goes
 * through the cache, which keeps or shares only what the client marked `publicRead` and passes the rest on
 * (counted as `bypass`); anything else, and every call while the cache is off, goes straight to the transport.
 */
export class PublicCacheLayer {
  readonly name: UpstreamName;

  constructor(
    /** The transport, for health (breaker state, last error) and shutdown. */
    readonly http: UpstreamHttp,
    private readonly cache?: PublicCache,
  ) {
    this.name = http.name;
  }

  send(req: UpstreamRequest): Promise<UpstreamResponse> {
    if (this.cache && req.method === 'GET') return this.cache.read(this.http, req);
    // Not kept by the shared cache, so nothing says how long it holds: an answer built from it is not shared either.
    req.reads?.unkept();
    return this.http.send(req);
  }

  breakerState(): BreakerState {
    return this.http.breakerState();
  }

  get lastError(): UpstreamHttp['lastError'] {
    return this.http.lastError;
  }
  get origin(): string {
    return this.http.origin;
  }
  close(): Promise<void> {
    return this.http.close();
  }
  destroy(): Promise<void> {
    return this.http.destroy();
  }
}
