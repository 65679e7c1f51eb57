/**
 * The bus between the webhook receiver and GraphQL subscribers (Yoga's
 * createPubSub: in process, or across gateway instances through Redis, see
 * redis.ts), and the memory of accepted event ids, so a sender's retry of an
 * accepted event is acknowledged but not published twice.
 */
import { createPubSub, type PubSubEventTarget } from 'graphql-yoga';

export interface MarketplaceEvent {
  id: string;
  event: string;
  createdAt: string;
  data: Record<string, unknown>;
}

type Channels = { 'marketplace:event': [MarketplaceEvent] };
export type BusEventTarget = PubSubEventTarget<Channels>;
export type EventBus = ReturnType<typeof createEventBus>;

/** Without an event target, events stay in this process. */
export const createEventBus = (eventTarget?: BusEventTarget) => createPubSub<Channels>(eventTarget ? { eventTarget } : undefined);

/** Accepted webhook event ids: `remember` is true the first time an id is offered. */
export interface EventIds {
  remember(id: string): Promise<boolean>;
}

/** In-process memory of ids for `ttlMs` (bounded to `max` entries, oldest dropped first). */
export class SeenIds implements EventIds {
  private readonly seen = new Map<string, number>();

  constructor(
    private readonly ttlMs = 24 * 60 * 60 * 1000,
    private readonly max = 100_000,
  ) {}

  /** True the first time an id is offered within the TTL. */
  async remember(id: string, now = Date.now()): Promise<boolean> {
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
