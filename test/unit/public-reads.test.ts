/**
 * What the shared cache tells a request's record of the answers it used
 * (public-cache/public-reads.ts), which decides whether the whole answer may
 * go into the response cache and for how long.
 */
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { UpstreamError } from '../../src/errors.js';
import { createLogger } from '../../src/logger.js';
import { PublicCache, type CacheableUpstream } from '../../src/upstreams/public-cache/public-cache.js';
import { MemoryPublicCacheStore } from '../../src/upstreams/public-cache/memory-store.js';
import { PublicReads } from '../../src/upstreams/public-cache/public-reads.js';
import type { UpstreamRequest, UpstreamResponse } from '../../src/upstreams/wire.js';

const logger = createLogger('silent', new Writable({ write: (_c, _e, cb) => cb() }));
const NOW = 1_000_000;
const read = (path: string, reads: PublicReads, publicRead = true): UpstreamRequest => ({
  method: 'GET',
  path,
  operation: 'gigsShow',
  template: '/gigs/{slug}',
  publicRead,
  reads,
});

function upstream(answer: (path: string) => UpstreamResponse | Error): CacheableUpstream {
  return {
    name: 'marketplace',
    fillTimeoutMs: 2_000,
    async send(req) {
      const result = answer(req.path);
      if (result instanceof Error) throw result;
      return result;
    },
  };
}

const fresh = (seconds: number): UpstreamResponse => ({
  status: 200,
  headers: { 'cache-control': `max-age=${seconds}`, 'content-length': '2' },
  body: { data: {} },
});
const cache = () => new PublicCache({ store: new MemoryPublicCacheStore(1_000_000), defaultTtlMs: 0, logger, now: () => NOW });

describe('the record of a request', () => {
  it('is told the freshness and tags of each kept answer, on a miss and on a hit', async () => {
    const shared = cache();
    const gigs = upstream((path) => fresh(path === '/gigs/a' ? 30 : 5));
    const first = new PublicReads();
    await shared.read(gigs, read('/gigs/a', first));
    await shared.read(gigs, read('/gigs/b', first));
    expect(first.lifetimeAt(NOW)).toBe(5_000);
    expect(first.tags).toEqual(['marketplace:gig:a', 'marketplace:gig:b']);
    const second = new PublicReads();
    await shared.read(gigs, read('/gigs/a', second));
    expect(second.lifetimeAt(NOW)).toBe(30_000);
  });

  it('an answer the cache does not keep (no-store), or a read with a credential, makes the whole answer unshareable', async () => {
    const shared = cache();
    const reads = new PublicReads();
    await shared.read(
      upstream(() => fresh(30)),
      read('/gigs/a', reads),
    );
    await shared.read(
      upstream(() => ({ status: 200, headers: { 'cache-control': 'no-store' }, body: {} })),
      read('/gigs/c', reads),
    );
    expect(reads.lifetimeAt(NOW)).toBe(0);
    const credentialed = new PublicReads();
    await shared.read(
      upstream(() => fresh(30)),
      read('/gigs/d', credentialed, false),
    );
    expect(credentialed.lifetimeAt(NOW)).toBe(0);
  });

  it('a read that fails makes the whole answer unshareable (a resolver may answer without it)', async () => {
    const shared = cache();
    const reads = new PublicReads();
    await shared.read(
      upstream(() => fresh(30)),
      read('/gigs/a', reads),
    );
    const failing = upstream(() => new UpstreamError('marketplace', 'UPSTREAM_UNAVAILABLE', 'down'));
    await expect(shared.read(failing, read('/gigs/e', reads))).rejects.toThrow('down');
    expect(reads.lifetimeAt(NOW)).toBe(0);
  });
});
