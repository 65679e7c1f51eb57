/**
 * What one GraphQL request read from its upstreams, as the response cache
 * (src/plugins/use-response-cache.ts) needs it: whether every answer it used
 * was a public answer kept by the shared cache, the earliest moment one of
 * them stops being fresh, and the tags a webhook evicts them by
 * (keys.ts). The public cache and the upstream tell it about every call
 * through the request binding (`reads`, src/upstreams/wire.ts).
 */
import type { UpstreamName } from '../../errors.js';
import type { ReadRecorder, UpstreamRequest } from '../wire.js';
import { cacheTagsOf } from './keys.js';

export class PublicReads implements ReadRecorder {
  private freshUntil = Number.POSITIVE_INFINITY;
  private shareable = true;
  private count = 0;
  private readonly tagSet = new Set<string>();

  kept(freshUntil: number, tags: readonly string[]): void {
    this.count++;
    if (freshUntil < this.freshUntil) this.freshUntil = freshUntil;
    for (const tag of tags) this.tagSet.add(tag);
  }

  /** An answer sent with a credential, of a private row, stale, not storable, or read with the cache off. */
  unkept(): void {
    this.count++;
    this.shareable = false;
  }

  /**
   * How long, from `now`, an answer built from these reads stays fresh (ms): 0 when any of them was not a kept
   * public answer, or when nothing was read at all (nothing then says how long the answer holds).
   */
  lifetimeAt(now: number): number {
    if (!this.shareable || this.count === 0) return 0;
    return Math.max(0, this.freshUntil - now);
  }

  get tags(): readonly string[] {
    return [...this.tagSet];
  }
}

/** Tells the request's record (the response cache's) which public answer it used, and until when that is fresh. */
export function noteRead(upstream: UpstreamName, req: UpstreamRequest, freshUntil: number | undefined): void {
  if (!req.reads) return;
  if (freshUntil === undefined) req.reads.unkept();
  else req.reads.kept(freshUntil, cacheTagsOf(upstream, req.template, req.path));
}
