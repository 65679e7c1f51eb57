/**
 * The in-process bus between the webhook receiver and GraphQL subscribers
 * (Yoga's createPubSub), and the memory of accepted event ids, so a sender's
 * retry of an accepted event is acknowledged but not published twice.
 */
import { createPubSub } from 'graphql-yoga';

export interface MarketplaceEvent {
  id: string;
  event: string;
  createdAt: string;
  data: Record<string, unknown>;
}

export type EventBus = ReturnType<typeof createEventBus>;

export const createEventBus = () => createPubSub<{ 'marketplace:event': [MarketplaceEvent] }>();

/** Remembers ids for `ttlMs` (bounded to `max` entries, oldest dropped first). */
export class SeenIds {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 24 * 60 * 60 * 1000,
    private readonly max = 100_000,
  ) {}

  /** True the first time an id is offered within the TTL. */
  remember(id: string, now = Date.now()): boolean {
    const until = this.seen.get(id);
    if (until !== undefined && until > now) return false;
    this.seen.delete(id);
    this.seen.set(id, now + this.ttlMs);
    if (this.seen.size > this.max) this.seen.delete(this.seen.keys().next().value!);
    return true;
  }
}

/** The usernames an event's data names (contract section 7): who may receive it. */
export function namedUsers(data: Record<string, unknown>): string[] {
  return ['username', 'buyer_username', 'seller_username'].map((key) => data[key]).filter((v): v is string => typeof v === 'string');
}
