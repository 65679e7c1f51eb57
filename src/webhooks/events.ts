/**
 * The bus between the webhook receiver and GraphQL subscribers (in process,
 * or across gateway instances through Redis's event target, see redis.ts),
 * and the memory of accepted event ids, so a sender's retry of an accepted
 * event is acknowledged but not published twice.
 */
import { Repeater, type PubSubEventTarget } from 'graphql-yoga';
import { LRUCache } from 'lru-cache';

export interface MarketplaceEvent {
  id: string;
  event: string;
  createdAt: string;
  data: Record<string, unknown>;
}

type Channels = { 'marketplace:event': [MarketplaceEvent] };
export type BusEventTarget = PubSubEventTarget<Channels>;
export type EventBus = ReturnType<typeof createEventBus>;

/**
 * Publishes as Yoga's createPubSub does (a CustomEvent whose detail is the
 * payload, so Redis's event target carries it), but subscribes differently:
 * one listener per topic on the event target fans out to every subscriber.
 * createPubSub adds a listener per subscriber, and Node warns
 * (MaxListenersExceededWarning) past ten on one EventTarget.
 * Without an event target, events stay in this process.
 */
export function createEventBus(eventTarget: BusEventTarget = new EventTarget() as BusEventTarget) {
  const subscribers = new Map<string, Set<(payload: unknown) => unknown>>();
  const fanOut = (event: Event) => {
    for (const push of subscribers.get(event.type) ?? []) {
      try {
        push((event as CustomEvent).detail);
      } catch {
        // A subscriber so slow that 1024 events wait for it overflows its queue and misses this one;
        // a throw here would escape the EventTarget as an uncaught exception and skip the others.
      }
    }
  };
  return {
    publish<Topic extends keyof Channels>(topic: Topic, payload: Channels[Topic][0]): void {
      eventTarget.dispatchEvent(new CustomEvent(topic, { detail: payload }) as never);
    },
    subscribe<Topic extends keyof Channels>(topic: Topic): Repeater<Channels[Topic][0]> {
      return new Repeater<Channels[Topic][0]>(async (push, stop) => {
        let pushes = subscribers.get(topic);
        if (!pushes) {
          pushes = new Set();
          subscribers.set(topic, pushes);
          eventTarget.addEventListener(topic, fanOut as never);
        }
        const own = push as (payload: unknown) => unknown;
        pushes.add(own);
        await stop;
        pushes.delete(own);
        if (pushes.size === 0) {
          subscribers.delete(topic);
          eventTarget.removeEventListener(topic, fanOut as never);
        }
      });
    },
  };
}

/**
 * Where an accepted webhook event goes: published once per id, however often
 * (and to whichever instance) the sender delivers it. With Redis, either
 * method may throw RedisUnavailableError: the webhook is then answered 503.
 */
export interface EventIntake {
  /** True when the id was accepted already (the delivery is acknowledged, not published again). */
  accepted(id: string): Promise<boolean>;
  /** Publishes the event unless its id was accepted meanwhile: true when this call published it. */
  publishOnce(event: MarketplaceEvent): Promise<boolean>;
}

/** The intake of one process: its own memory of ids, its own bus. */
export function localIntake(bus: EventBus, seen = new SeenIds()): EventIntake {
  return {
    accepted: async (id) => seen.has(id),
    async publishOnce(event) {
      if (!(await seen.remember(event.id))) return false;
      bus.publish('marketplace:event', event);
      return true;
    },
  };
}

/**
 * In-process memory of ids for `ttlMs`, bounded to `max` entries (lru-cache;
 * `has` does not refresh an entry, so the oldest accepted id is dropped first).
 */
export class SeenIds {
  private readonly seen: LRUCache<string, true>;

  constructor(ttlMs = 24 * 60 * 60 * 1000, max = 100_000, clock?: { now(): number }) {
    // ttlResolution 0: read the clock on every check (a webhook is rare; no timer is armed to cache it).
    this.seen = new LRUCache<string, true>({ max, ttl: ttlMs, ttlResolution: 0, ...(clock ? { perf: clock } : {}) });
  }

  /** True when the id was offered within the TTL (a look, which does not offer it). */
  has(id: string): boolean {
    return this.seen.has(id);
  }

  /** True the first time an id is offered within the TTL. */
  async remember(id: string): Promise<boolean> {
    if (this.seen.has(id)) return false;
    this.seen.set(id, true);
    return true;
  }
}

/** The usernames an event's data names (docs/upstream-contract.md, "Webhooks"): who may receive it. */
export function namedUsers(data: Record<string, unknown>): string[] {
  return ['username', 'buyer_username', 'seller_username'].map((key) => data[key]).filter((v): v is string => typeof v === 'string');
}
