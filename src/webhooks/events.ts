/**
 * The bus between the webhook receiver and GraphQL subscribers (in process,
 * or across gateway instances through Redis's event target, see redis.ts),
 * and the memory of accepted event ids, so a sender's retry of an accepted
 * event is acknowledged but not published twice.
 */
import { Repeater, type PubSubEventTarget } from 'graphql-yoga';

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

/** The usernames an event's data names (docs/upstream-contract.md, "Webhooks"): who may receive it. */
export function namedUsers(data: Record<string, unknown>): string[] {
  return ['username', 'buyer_username', 'seller_username'].map((key) => data[key]).filter((v): v is string => typeof v === 'string');
}
