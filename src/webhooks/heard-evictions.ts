/**
 * With REDIS_URL, the caches are shared and only the instance a webhook
 * reaches evicts from them (src/yoga.ts, before it publishes the event), but
 * every instance hears the event on the bus. Each notes what the event
 * evicted, so an answer it is still building from what the event changed is
 * not kept after the eviction (src/upstreams/public-cache/eviction-log.ts).
 * The instance that evicted hears its own publish too, and skips it: it noted
 * the eviction before evicting, and noting it again would only refuse to keep
 * the answers read in between, which were read after the change.
 */
import { tagsForEvent } from '../upstreams/public-cache/invalidation.js';
import type { Logger } from '../logger.js';
import type { EventBus, EventIntake } from './events.js';

/** How many of its own publishes an instance remembers until it hears them (a bound, not a lifetime). */
const OWN_PUBLISHES_KEPT = 1_000;

/** The ids of the events this instance published (after evicting what they changed), until each is heard once. */
export function publishedHere() {
  const ids = new Set<string>();
  return {
    /** `intake`, remembering the id of each event it is about to publish. */
    intake(intake: EventIntake): EventIntake {
      return {
        accepted: (id) => intake.accepted(id),
        publishOnce(event) {
          ids.add(event.id);
          // Oldest first: an id whose publish was never heard (a duplicate elsewhere, a lost message) goes.
          if (ids.size > OWN_PUBLISHES_KEPT) ids.delete(ids.values().next().value!);
          return intake.publishOnce(event);
        },
      };
    },
    /** True, once, for an event this instance published. */
    heardOwn(id: unknown): boolean {
      return typeof id === 'string' && ids.delete(id);
    },
  };
}
export type OwnPublishes = ReturnType<typeof publishedHere>;

/** A cache that keeps nothing built before an eviction it was told of. */
export interface EvictionNotes {
  noteEvicted(tags: readonly string[]): void;
}

/** Notes, in each cache, the evictions of every event heard from now on; the returned function stops listening. */
export function noteHeardEvictions(
  events: EventBus,
  caches: ReadonlyArray<EvictionNotes | undefined>,
  logger?: Logger,
  ownPublishes?: OwnPublishes,
): () => Promise<void> {
  const noting = caches.filter((cache) => cache !== undefined);
  if (noting.length === 0) return () => Promise.resolve();
  const heard = events.subscribe('marketplace:event');
  const listening = (async () => {
    for await (const event of heard) {
      // One message it cannot read (null, no data: another version, a corrupted publish) is skipped, not the
      // end of the loop: every event after it would go unnoted for the life of the process.
      if (ownPublishes?.heardOwn((event as { id?: unknown } | null)?.id)) continue;
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
