/**
 * With REDIS_URL, the caches are shared and only the instance a webhook
 * reaches evicts from them (src/yoga.ts, before it publishes the event), but
 * every instance hears the event on the bus. Each notes what the event
 * evicted, so an answer it is still building from what the event changed is
 * not kept after the eviction (src/upstreams/public-cache/eviction-log.ts).
 */
import { tagsForEvent } from '../upstreams/public-cache/invalidation.js';
import type { Logger } from '../logger.js';
import type { EventBus } from './events.js';

/** A cache that keeps nothing built before an eviction it was told of. */
export interface EvictionNotes {
  noteEvicted(tags: readonly string[]): void;
}

/** Notes, in each cache, the evictions of every event heard from now on; the returned function stops listening. */
export function noteHeardEvictions(
  events: EventBus,
  caches: ReadonlyArray<EvictionNotes | undefined>,
  logger?: Logger,
): () => Promise<void> {
  const noting = caches.filter((cache) => cache !== undefined);
  if (noting.length === 0) return () => Promise.resolve();
  const heard = events.subscribe('marketplace:event');
  const listening = (async () => {
    for await (const event of heard) {
      // One message it cannot read (null, no data: another version, a corrupted publish) is skipped, not the
      // end of the loop: every event after it would go unnoted for the life of the process.
      let tags: string[];
      try {
        tags = tagsForEvent(event.event, event.data);
      } catch (error) {
        logger?.warn({ err: error, eventId: (event as { id?: unknown } | null)?.id }, 'webhook event heard on the bus not read');
        continue;
      }
      for (const cache of noting) cache.noteEvicted(tags);
    }
  })();
  return async () => {
    await heard.return();
    await listening;
  };
}
