/**
 * Coalescing across instances through the store's fill lock (what a shared
 * store such as Redis provides): while another instance holds the lock, this
 * one waits for the entry it stores, or for the lock to go, and only then
 * calls the upstream itself.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../src/logger.js';
import { PublicCache, type CacheableUpstream } from '../../src/upstreams/public-cache/public-cache.js';
import { MemoryPublicCacheStore } from '../../src/upstreams/public-cache/memory-store.js';
import type { UpstreamRequest, UpstreamResponse } from '../../src/upstreams/wire.js';

const logger = createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));
const request: UpstreamRequest = { method: 'GET', path: '/gigs/a', operation: 'gigsShow', template: '/gigs/{slug}', publicRead: true };

/** A memory store whose fill lock another instance holds until `release()`. */
class LockedElsewhere extends MemoryPublicCacheStore {
  held = true;
  override async claimFill(): Promise<boolean> {
    return !this.held;
  }
}

function upstream(answer: UpstreamResponse): CacheableUpstream & { calls: number } {
  return {
    name: 'marketplace',
    fillTimeoutMs: 2_000,
    calls: 0,
    async send() {
      this.calls++;
      return answer;
    },
  };
}

/** A read started while another instance holds the fill lock, 60 ms into its wait. */
async function readWhileLockedElsewhere() {
  const store = new LockedElsewhere(1_000_000);
  const cache = new PublicCache({ store, defaultTtlMs: 0, logger });
  const here = upstream(ok);
  const reading = cache.read(here, request);
  await new Promise((resolve) => setTimeout(resolve, 60));
  return { store, cache, here, reading };
}

/** A memory store where another instance fills the key, and lets its lock go, between this one's miss and its claim. */
class FilledJustBefore extends MemoryPublicCacheStore {
  readonly other = {
    status: 200,
    headers: {},
    body: { data: { slug: 'a', from: 'other instance' } },
    bytes: 20,
    storedAt: Date.now(),
    freshUntil: Date.now() + 60_000,
    staleWhileRevalidateUntil: 0,
    staleIfErrorUntil: 0,
  };
  override async claimFill(): Promise<boolean> {
    await this.set('marketplace GET /gigs/a', this.other, [], Date.now() + 60_000);
    return true;
  }
}

const ok: UpstreamResponse = {
  status: 200,
  headers: { 'cache-control': 'max-age=60', 'content-length': '20' },
  body: { data: { slug: 'a' } },
};

describe('PublicCache across instances', () => {
  it('takes the entry the lock holder stores, without an upstream call of its own', async () => {
    const { store, here, reading } = await readWhileLockedElsewhere();
    const other = {
      status: 200,
      headers: {},
      body: { data: { slug: 'a', from: 'other instance' } },
      bytes: 20,
      storedAt: Date.now(),
      freshUntil: Date.now() + 60_000,
      staleWhileRevalidateUntil: 0,
      staleIfErrorUntil: 0,
    };
    await store.set('marketplace GET /gigs/a', other, [], Date.now() + 60_000);
    expect((await reading).body).toEqual(other.body);
    expect(here.calls).toBe(0);
  });

  it("takes the entry another instance stored between this one's miss and its claim, without a second upstream call", async () => {
    const store = new FilledJustBefore(1_000_000);
    const here = upstream(ok);
    const read = await new PublicCache({ store, defaultTtlMs: 0, logger }).read(here, request);
    expect(read.body).toEqual(store.other.body);
    expect(here.calls).toBe(0);
  });

  it('calls the upstream itself once the holder lets the lock go without storing anything', async () => {
    const { store, cache, here, reading } = await readWhileLockedElsewhere();
    expect(here.calls).toBe(0);
    store.held = false;
    expect((await reading).body).toEqual(ok.body);
    expect(here.calls).toBe(1);
    // Kept for the next reader.
    expect((await cache.read(here, request)).body).toEqual(ok.body);
    expect(here.calls).toBe(1);
  });
});

/** A store whose look-ups take a while (Redis under load). */
class SlowLookup extends MemoryPublicCacheStore {
  override async get(key: string) {
    await new Promise((resolve) => setTimeout(resolve, 30));
    return super.get(key);
  }
}

describe('PublicCache and a caller who leaves during the look-up', () => {
  it('starts no fill for it, and leaves no rejection unhandled', async () => {
    const cache = new PublicCache({ store: new SlowLookup(1_000_000), defaultTtlMs: 0, logger });
    const failing: CacheableUpstream & { calls: number } = {
      name: 'marketplace',
      fillTimeoutMs: 2_000,
      calls: 0,
      async send() {
        this.calls++;
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('upstream down');
      },
    };
    const controller = new AbortController();
    setTimeout(() => controller.abort(new DOMException('gone', 'AbortError')), 5);
    await expect(cache.read(failing, { ...request, signal: controller.signal })).rejects.toMatchObject({ code: 'UPSTREAM_UNAVAILABLE' });
    // Long enough for a fill, had one started, to fail with nobody waiting for it.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(failing.calls).toBe(0);
  });
});
